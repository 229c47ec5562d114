import StableTextCore
import StableTextJSON

/// `textDocument/codeAction`: the quick fixes of the diagnostics the request names in
/// `context.diagnostics` or whose range meets `range`.
public struct CodeActionRequest: RequestType {
  public static let method = "textDocument/codeAction"
  /// Written by the quick fixes' writer.
  public typealias Response = JSONValue
  public static var capabilities: JSONObject { ["codeActionProvider": ["codeActionKinds": ["quickfix"]]] }

  /// A diagnostic the client names: its code when it is a string (one without is none of
  /// ours), and its range, which must be a range.
  public struct NamedDiagnostic: Sendable {
    public var code: String?
    public var range: TextRange

    public init(code: String?, range: TextRange) {
      self.code = code
      self.range = range
    }
  }

  public var textDocument: TextDocumentIdentifier
  public var range: Located<TextRange>
  /// `context.diagnostics`, when sent.
  public var diagnostics: [NamedDiagnostic]?
  /// `context.only`, when sent.
  public var only: [String]?

  public init(
    _ textDocument: TextDocumentIdentifier, range: TextRange, diagnostics: [NamedDiagnostic]? = nil,
    only: [String]? = nil
  ) {
    self.textDocument = textDocument
    self.range = Located(range, at: JSONPath.params.member("range"))
    self.diagnostics = diagnostics
    self.only = only
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    textDocument = try TextDocumentIdentifier(in: params)
    range = Located(try TextRange(decoding: params["range"]), at: params["range"].path)
    let context = params["context"]["diagnostics"]
    if !context.isAbsent {
      var named: [NamedDiagnostic] = []
      for entry in try context.array() {
        let range = try TextRange(decoding: entry["range"])
        named.append(NamedDiagnostic(code: try? entry["code"].string(), range: range))
      }
      diagnostics = named
    }
    let only = params["context"]["only"]
    if !only.isAbsent {
      self.only = try only.array().map { (entry) throws(JSONFieldError) in try entry.string() }
    }
  }

  public var json: JSONValue {
    var context: JSONObject = [
      "diagnostics": .array(
        (diagnostics ?? []).map { named in
          var entry: JSONObject = ["range": named.range.json, "message": ""]
          if let code = named.code { entry["code"] = .string(code) }
          return .object(entry)
        })
    ]
    if let only { context["only"] = .array(only.map { .string($0) }) }
    return ["textDocument": textDocument.json, "range": range.value.json, "context": .object(context)]
  }
}
