import StableTextCore
import StableTextJSON

/// `stableText/shouldChangeText`: would replacing `range` with `text` be allowed? Changes
/// nothing.
public struct StableTextShouldChangeTextRequest: RequestType {
  public static let method = "stableText/shouldChangeText"
  public typealias Response = ShouldChangeTextResult

  public var textDocument: TextDocumentIdentifier
  public var range: Located<TextRange>
  public var text: String
  /// Asked while an input method composes: a composing edit is always allowed.
  public var composing = false

  public init(_ textDocument: TextDocumentIdentifier, range: TextRange, text: String) {
    self.textDocument = textDocument
    self.range = Located(range, at: JSONPath.params.member("range"))
    self.text = text
  }

  /// The text first, then the range, then the document: the order the fields were always read.
  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    text = try params["text"].string()
    range = Located(try TextRange(decoding: params["range"]), at: params["range"].path)
    textDocument = try TextDocumentIdentifier(in: params)
    composing = try params["composing"].optionalBool() ?? false
  }

  public var json: JSONValue {
    var object: JSONObject = [
      "textDocument": textDocument.json, "range": range.value.json, "text": .string(text),
    ]
    if composing { object["composing"] = true }
    return .object(object)
  }
}

/// `{allowed, reason, length, limit, fitting?}`; `fitting` is present exactly when refused.
public struct ShouldChangeTextResult: ResponseType {
  public var allowed: Bool
  public var reason: String?
  public var length: Int
  public var limit: Int?
  /// When refused: the prefix of the text that fits, or `nil` when none does.
  public var fitting: String?

  public init(allowed: Bool, reason: String?, length: Int, limit: Int?, fitting: String?) {
    self.allowed = allowed
    self.reason = reason
    self.length = length
    self.limit = limit
    self.fitting = fitting
  }

  public var json: JSONValue {
    var result: JSONObject = [
      "allowed": .bool(allowed), "reason": JSONValue(reason), "length": .int(length),
      "limit": JSONValue(limit),
    ]
    if !allowed { result["fitting"] = JSONValue(fitting) }
    return .object(result)
  }
}
