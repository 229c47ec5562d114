import StableTextJSON

/// `textDocument/diagnostic`, the pull model: the same diagnostics as published, with a result
/// id (`unchanged` when the client's is current).
public struct DocumentDiagnosticRequest: RequestType {
  public static let method = "textDocument/diagnostic"
  /// Written by the diagnostics' fast writer.
  public typealias Response = JSONValue
  public static var capabilities: JSONObject {
    ["diagnosticProvider": ["interFileDependencies": false, "workspaceDiagnostics": false]]
  }

  public var textDocument: TextDocumentIdentifier
  public var previousResultId: String?

  public init(_ textDocument: TextDocumentIdentifier, previousResultId: String? = nil) {
    self.textDocument = textDocument
    self.previousResultId = previousResultId
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    textDocument = try TextDocumentIdentifier(in: params)
    let previous = params["previousResultId"]
    previousResultId = previous.isAbsent ? nil : try previous.string()
  }

  public var json: JSONValue {
    var object: JSONObject = ["textDocument": textDocument.json]
    if let previousResultId { object["previousResultId"] = .string(previousResultId) }
    return .object(object)
  }
}
