/// Every MCP message `stabletext mcp` speaks, by type: the one list the MCP server's method
/// table, the documents and the tests agree with (`MCPMessageRegistryTests`).
public enum MCPMessageRegistry {
  public static let requests: [any RequestType.Type] = [
    MCPInitializeRequest.self,
    MCPPingRequest.self,
    MCPDiscoverRequest.self,
    MCPListToolsRequest.self,
    MCPCallToolRequest.self,
  ]

  public static let notifications: [any NotificationType.Type] = [
    MCPInitializedNotification.self,
    MCPCancelledNotification.self,
  ]
}
