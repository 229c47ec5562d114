import StableTextJSON

/// What a request of the stateless revision says of itself in `params._meta`: its revision
/// (`io.modelcontextprotocol/protocolVersion`, required), the client's capabilities for it
/// (`io.modelcontextprotocol/clientCapabilities`, required) and who the client is
/// (`io.modelcontextprotocol/clientInfo`, optional). A request without a revision there is one
/// of a session that `initialize` opened.
public struct MCPRequestMeta: Sendable, Equatable {
  public static let protocolVersionKey = "io.modelcontextprotocol/protocolVersion"
  public static let clientCapabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
  public static let clientInfoKey = "io.modelcontextprotocol/clientInfo"
  public static let serverInfoKey = "io.modelcontextprotocol/serverInfo"

  /// The revision the request names, as sent.
  public var protocolVersion: String
  /// `clientInfo.name`, when sent (for the log).
  public var clientName: String?

  public init(protocolVersion: String, clientName: String? = nil) {
    self.protocolVersion = protocolVersion
    self.clientName = clientName
  }

  /// The request's own revision, or `nil` when its params name none (no `_meta`, or none of
  /// its keys); a field of the wrong shape, or a revision named without the capabilities, is
  /// the error naming it.
  public static func read(_ params: JSONRef) throws(JSONFieldError) -> MCPRequestMeta? {
    guard params.isObject else { return nil }
    let meta = params["_meta"]
    guard !meta.isAbsent else { return nil }
    let object = try meta.object()
    let version = object[protocolVersionKey]
    guard !version.isMissing else { return nil }
    let protocolVersion = try version.string()
    let capabilities = object[clientCapabilitiesKey]
    if capabilities.isMissing {
      throw capabilities.fail(
        "missing; a request of revision \(protocolVersion) names the client's capabilities")
    }
    _ = try capabilities.object()
    var clientName: String?
    let info = object[clientInfoKey]
    if !info.isAbsent { clientName = try info.object()["name"].optionalString() }
    return MCPRequestMeta(protocolVersion: protocolVersion, clientName: clientName)
  }

  /// `_meta` as a client of the stateless revision writes it, with empty capabilities.
  public var json: JSONValue {
    var object: JSONObject = [
      Self.protocolVersionKey: .string(protocolVersion), Self.clientCapabilitiesKey: [:],
    ]
    if let clientName { object[Self.clientInfoKey] = ["name": .string(clientName), "version": "0"] }
    return .object(object)
  }
}
