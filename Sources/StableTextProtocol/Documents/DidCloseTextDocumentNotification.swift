import StableTextJSON

/// `textDocument/didClose`.
public struct DidCloseTextDocumentNotification: NotificationType {
  public static let method = "textDocument/didClose"
  public static var capabilities: JSONObject { ["textDocumentSync": ["openClose": true]] }

  public var textDocument: TextDocumentIdentifier

  public init(_ textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    textDocument = try TextDocumentIdentifier(in: try params.object())
  }

  public var json: JSONValue { ["textDocument": textDocument.json] }
}
