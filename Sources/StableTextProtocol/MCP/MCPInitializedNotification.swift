import StableTextJSON

/// MCP's `notifications/initialized`: the client of a handshake revision is ready. Nothing to
/// read.
public struct MCPInitializedNotification: NotificationType {
  public static let method = "notifications/initialized"
  public init() {}
  public init(decoding params: JSONRef) throws(JSONFieldError) {}
  public var json: JSONValue { [:] }
}
