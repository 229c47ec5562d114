import StableTextJSON

/// LSP's `VersionedTextDocumentIdentifier`: `{uri, version}`, at `params.textDocument`.
public struct VersionedTextDocumentIdentifier: Sendable {
  public var uri: String
  public var version: Int
  public var uriPath: JSONPath
  public var versionPath: JSONPath

  public init(_ uri: String, version: Int) {
    self.uri = uri
    self.version = version
    uriPath = JSONPath.params.member("textDocument").member("uri")
    versionPath = JSONPath.params.member("textDocument").member("version")
  }

  public init(in params: JSONRef) throws(JSONFieldError) {
    let identifier = try params["textDocument"].object()
    uri = try identifier["uri"].string()
    version = try identifier["version"].int()
    uriPath = identifier["uri"].path
    versionPath = identifier["version"].path
  }

  /// The identifier without its version.
  public var unversioned: TextDocumentIdentifier {
    var identifier = TextDocumentIdentifier(uri)
    identifier.uriPath = uriPath
    return identifier
  }

  public var json: JSONValue { ["uri": .string(uri), "version": .int(version)] }
}
