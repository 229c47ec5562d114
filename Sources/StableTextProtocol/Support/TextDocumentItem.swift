import StableTextJSON

/// LSP's `TextDocumentItem`: `{uri, languageId, version, text}`, at `params.textDocument`.
public struct TextDocumentItem: Sendable {
  public var uri: String
  public var languageId: String
  public var version: Int
  public var text: String

  public init(uri: String, languageId: String, version: Int, text: String) {
    self.uri = uri
    self.languageId = languageId
    self.version = version
    self.text = text
  }

  public init(in params: JSONRef) throws(JSONFieldError) {
    let item = try params["textDocument"].object()
    uri = try item["uri"].string()
    languageId = try item["languageId"].string()
    version = try item["version"].int()
    text = try item["text"].string()
  }

  public var json: JSONValue {
    ["uri": .string(uri), "languageId": .string(languageId), "version": .int(version), "text": .string(text)]
  }
}
