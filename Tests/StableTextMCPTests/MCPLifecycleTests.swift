import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

@testable import StableTextMCP

/// `stabletext mcp`'s lifecycle (Protocol/README.md, "MCP": "Revisions"): a request of the
/// stateless revision (2026-07-28) is answered on its own, stamped `resultType` and the server's
/// identity; `initialize` opens a session of a handshake revision (2025-11-25, 2025-06-18, and
/// the newest of them for any other), whose requests carry no revision; the registry and the
/// method table agree; the server ends with its input, status 0.
@Suite struct MCPLifecycleTests {
  static let revisions = ["2026-07-28", "2025-11-25", "2025-06-18"]

  @Test func theServerAnswersExactlyTheRegistry() {
    let registered =
      MCPMessageRegistry.requests.map { $0.method } + MCPMessageRegistry.notifications.map { $0.method }
    #expect(Set(MCPServer.methods.methods) == Set(registered))
    #expect(Set(registered).count == registered.count)
    #expect(MCPServer.methods.capabilities == ["tools": ["listChanged": false]])
    #expect(
      MCPTools.all.map(\.name) == ["check_message", "fix_message", "explain_rules", "complete_header"])
  }

  @Test func discoveryAndToolsWithoutASession() throws {
    let mcp = try MCPSession()
    let discovered = try mcp.request(MCPDiscoverRequest.method)
    let result = try #require(discovered["result"])
    #expect(result["supportedVersions"] == .array(Self.revisions.map { .string($0) }))
    #expect(result["capabilities"] == ["tools": ["listChanged": false]])
    #expect(result["resultType"] == "complete")
    #expect(result["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "stabletext")
    #expect(result["cacheScope"] == "public")
    let listed = try #require(try mcp.request(MCPListToolsRequest.method)["result"])
    let tools = listed["tools"]?.arrayValue ?? []
    #expect(tools.map { $0["name"] } == ["check_message", "fix_message", "explain_rules", "complete_header"])
    for tool in tools {
      #expect(tool["inputSchema"]?["type"] == "object")
      #expect(tool["outputSchema"]?["type"] == "object")
      #expect(tool["annotations"]?["readOnlyHint"] == true)
    }
    #expect(listed["ttlMs"] == 3_600_000)
    #expect(listed["resultType"] == "complete")
    let pinged = try mcp.request(MCPPingRequest.method)
    #expect(pinged["result"]?["resultType"] == "complete")
    #expect(try mcp.finish() == 0)
  }

  /// A handshake revision: the one asked for, or the newest handshake one; its answers carry
  /// none of the stateless revision's fields.
  @Test(arguments: [
    ("2025-11-25", "2025-11-25"), ("2025-06-18", "2025-06-18"), ("2024-11-05", "2025-11-25"),
    ("2026-07-28", "2025-11-25"),
  ])
  func aSessionOfAHandshakeRevision(asked: String, settled: String) throws {
    let mcp = try MCPSession()
    // Before the session: a ping is answered, anything else asks for a revision.
    #expect(try mcp.request(MCPPingRequest.method, stateless: false)["result"] == [:])
    let early = try mcp.request(MCPListToolsRequest.method, stateless: false)
    #expect(early["error"]?["code"] == -32602)
    #expect(
      early["error"]?["message"]?.stringValue?.hasPrefix(
        "params._meta.io.modelcontextprotocol/protocolVersion: missing;") == true)
    let initialized = try mcp.request(
      MCPInitializeRequest.method,
      [
        "protocolVersion": .string(asked), "capabilities": [:],
        "clientInfo": ["name": "tests", "version": "1"],
      ],
      stateless: false)
    let result = try #require(initialized["result"])
    #expect(result["protocolVersion"] == .string(settled))
    #expect(result["capabilities"] == ["tools": ["listChanged": false]])
    #expect(result["serverInfo"]?["name"] == "stabletext")
    #expect(result["resultType"] == nil)
    mcp.server.send(MCPInitializedNotification())
    let listed = try #require(try mcp.request(MCPListToolsRequest.method, stateless: false)["result"])
    #expect(listed["tools"]?.arrayValue?.count == 4)
    #expect(listed["ttlMs"] == nil && listed["resultType"] == nil)
    let called = try mcp.request(
      MCPCallToolRequest.method, ["name": "check_message", "arguments": ["message": "Add it\n"]],
      stateless: false)
    #expect(called["result"]?["structuredContent"]?["files"]?[0]?["diagnostics"] == [])
    #expect(called["result"]?["resultType"] == nil)
    let again = try mcp.request(
      MCPInitializeRequest.method, ["protocolVersion": .string(asked)], stateless: false)
    #expect(
      again["error"] == ["code": -32600, "message": "Invalid request: initialize may be sent only once"])
    // A stateless request in the session is answered as one.
    #expect(try mcp.request(MCPPingRequest.method)["result"]?["resultType"] == "complete")
    #expect(try mcp.finish() == 0)
    #expect(mcp.server.protocolErrors.isEmpty)
  }
}
