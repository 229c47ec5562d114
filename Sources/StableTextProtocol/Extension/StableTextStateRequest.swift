import StableTextJSON

/// `stableText/state`: counter, limit, placeholder and sync state; the text on request.
public struct StableTextStateRequest: RequestType {
  public static let method = "stableText/state"
  /// The same object `stableText/edit` and `stableText/didChangeState` carry.
  public typealias Response = StableTextState
  /// The extension announces itself once, with its first request.
  public static var capabilities: JSONObject {
    [
      "experimental": [
        "stableText": [
          "version": .string(StableTextExtension.version),
          "unicodeVersion": .string(StableTextExtension.unicodeVersion),
        ]
      ]
    ]
  }

  public var textDocument: TextDocumentIdentifier
  public var includeText: Bool

  public init(_ textDocument: TextDocumentIdentifier, includeText: Bool = false) {
    self.textDocument = textDocument
    self.includeText = includeText
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    textDocument = try TextDocumentIdentifier(in: params)
    includeText = try params["includeText"].optionalBool() ?? false
  }

  public var json: JSONValue {
    var object: JSONObject = ["textDocument": textDocument.json]
    if includeText { object["includeText"] = true }
    return .object(object)
  }
}
