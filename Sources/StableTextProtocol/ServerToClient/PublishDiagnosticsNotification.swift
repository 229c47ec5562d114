import StableTextJSON

/// `textDocument/publishDiagnostics`, server to client: a document's diagnostics after every
/// burst of changes (Protocol/README.md, "Diagnostics"). The server writes the params as bytes
/// (one publish follows every keystroke burst); this type names the method and lets a client read
/// them.
public struct PublishDiagnosticsNotification: NotificationType {
  public static let method = "textDocument/publishDiagnostics"

  public var uri: String
  /// The document's version; absent for a document that is no longer open.
  public var version: Int?
  /// The diagnostics as the server wrote them.
  public var diagnostics: [JSONValue]

  public init(uri: String, version: Int?, diagnostics: [JSONValue]) {
    self.uri = uri
    self.version = version
    self.diagnostics = diagnostics
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    uri = try params["uri"].string()
    version = params["version"].isAbsent ? nil : try params["version"].int()
    diagnostics = try params["diagnostics"].array().map { $0.value ?? .null }
  }

  public var json: JSONValue {
    var object: JSONObject = ["uri": .string(uri)]
    if let version { object["version"] = .int(version) }
    object["diagnostics"] = .array(diagnostics)
    return .object(object)
  }
}
