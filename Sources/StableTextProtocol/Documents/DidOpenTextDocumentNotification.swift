import StableTextJSON

/// `textDocument/didOpen`: the document's whole text, its language and version.
public struct DidOpenTextDocumentNotification: NotificationType {
  public static let method = "textDocument/didOpen"
  public static var capabilities: JSONObject { ["textDocumentSync": ["openClose": true]] }

  public var textDocument: TextDocumentItem

  public init(_ textDocument: TextDocumentItem) { self.textDocument = textDocument }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    textDocument = try TextDocumentItem(in: try params.object())
  }

  public var json: JSONValue { ["textDocument": textDocument.json] }
}
