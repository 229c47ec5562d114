import StableTextJSON

/// MCP's `initialize` (2025-11-25, 2025-06-18): the revision the client asks for, its
/// capabilities and who it is. It opens a session of a handshake revision; the stateless
/// revision has none (Protocol/README.md, "MCP": "Revisions").
public struct MCPInitializeRequest: RequestType {
  public static let method = "initialize"
  public typealias Response = MCPInitializeResult
  public static var capabilities: JSONObject { [:] }

  public var protocolVersion: String
  /// `clientInfo.name`, when sent (for the log).
  public var clientName: String?

  public init(protocolVersion: String, clientName: String? = nil) {
    self.protocolVersion = protocolVersion
    self.clientName = clientName
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    protocolVersion = try params["protocolVersion"].string()
    let capabilities = params["capabilities"]
    if !capabilities.isAbsent { _ = try capabilities.object() }
    let info = params["clientInfo"]
    if !info.isAbsent { clientName = try info.object()["name"].optionalString() }
  }

  public var json: JSONValue {
    var params: JSONObject = ["protocolVersion": .string(protocolVersion), "capabilities": [:]]
    if let clientName { params["clientInfo"] = ["name": .string(clientName), "version": "0"] }
    return .object(params)
  }
}

/// `initialize`'s result: the revision settled on, the server's capabilities, who it is, and
/// how to use it.
public struct MCPInitializeResult: ResponseType {
  public var protocolVersion: MCPRevision
  public var capabilities: JSONObject
  public var serverInfo: JSONValue
  public var instructions: String

  public init(
    protocolVersion: MCPRevision, capabilities: JSONObject, serverInfo: JSONValue, instructions: String
  ) {
    self.protocolVersion = protocolVersion
    self.capabilities = capabilities
    self.serverInfo = serverInfo
    self.instructions = instructions
  }

  public var json: JSONValue {
    [
      "protocolVersion": .string(protocolVersion.rawValue), "capabilities": .object(capabilities),
      "serverInfo": serverInfo, "instructions": .string(instructions),
    ]
  }
}
