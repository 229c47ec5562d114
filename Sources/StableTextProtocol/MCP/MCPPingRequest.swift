import StableTextJSON

/// MCP's `ping`: answered with an empty result, in every phase (a client may ping before
/// `initialize`'s answer).
public struct MCPPingRequest: RequestType {
  public static let method = "ping"
  public typealias Response = JSONValue

  public init() {}
  /// Nothing is read: whatever the params hold, the server is there.
  public init(decoding params: JSONRef) throws(JSONFieldError) {}
  public var json: JSONValue { .null }
}
