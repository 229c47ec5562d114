import StableTextJSON

/// `initialize`'s result: the capabilities (the negotiated encoding first, then what the method
/// table's registrations announce) and who the server is.
public struct InitializeResult: ResponseType {
  public var capabilities: JSONObject
  public var serverName: String
  public var serverVersion: String

  public init(capabilities: JSONObject, serverName: String, serverVersion: String) {
    self.capabilities = capabilities
    self.serverName = serverName
    self.serverVersion = serverVersion
  }

  public var json: JSONValue {
    [
      "capabilities": .object(capabilities),
      "serverInfo": ["name": .string(serverName), "version": .string(serverVersion)],
    ]
  }
}
