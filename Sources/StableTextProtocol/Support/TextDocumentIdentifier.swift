import StableTextJSON

/// LSP's `TextDocumentIdentifier`: `{uri}`, at `params.textDocument`.
public struct TextDocumentIdentifier: Sendable {
  public var uri: String
  /// Where the URI was read (`params.textDocument.uri`): an unknown document's error names it.
  public var uriPath: JSONPath

  public init(_ uri: String) {
    self.uri = uri
    uriPath = JSONPath.params.member("textDocument").member("uri")
  }

  /// Reads `params.textDocument`.
  public init(in params: JSONRef) throws(JSONFieldError) {
    let identifier = try params["textDocument"].object()
    let uriRef = identifier["uri"]
    uri = try uriRef.string()
    uriPath = uriRef.path
  }

  public var json: JSONValue { ["uri": .string(uri)] }
}
