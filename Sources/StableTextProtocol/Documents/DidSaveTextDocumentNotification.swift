import StableTextJSON

/// `textDocument/didSave`: the saved document's configuration files are looked at now; its text
/// is not wanted (`includeText: false`).
public struct DidSaveTextDocumentNotification: NotificationType {
  public static let method = "textDocument/didSave"
  public static var capabilities: JSONObject { ["textDocumentSync": ["save": ["includeText": false]]] }

  public var textDocument: TextDocumentIdentifier

  public init(_ textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    textDocument = try TextDocumentIdentifier(in: try params.object())
  }

  public var json: JSONValue { ["textDocument": textDocument.json] }
}
