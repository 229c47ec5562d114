import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextSystem
import StableTextTransport
import Testing

/// `stabletext mcp` under test: the real binary over its stdio, one message a line, asked as a
/// client of the stateless revision asks (each request's `_meta` names 2026-07-28), or of a
/// handshake revision after `initialize`.
package final class MCPSession {
  package let server: ServerProcess

  package init(arguments: [String] = [], environment: [String: String]? = nil, folder: String? = nil) throws {
    server = try ServerProcess(
      executable: binaryPath, arguments: ["mcp", "--log-level", "debug"] + arguments,
      environment: environment.map { ProcessScope.environment(adding: $0) }, framing: LineFraming.self)
    if let test = Test.current { server.label = "\(test.name) over MCP" }
  }

  deinit { server.terminate() }

  /// `_meta` of a request of the stateless revision.
  package static let meta = MCPRequestMeta(
    protocolVersion: MCPRevision.v2026_07_28.rawValue, clientName: "tests"
  )
  .json

  /// `params` with the stateless revision's `_meta` added.
  package static func stamped(_ params: JSONObject) -> JSONValue {
    var params = params
    params["_meta"] = meta
    return .object(params)
  }

  /// The whole response to `method` (sent with `_meta` unless `stateless` is false).
  package func request(_ method: String, _ params: JSONObject = [:], stateless: Bool = true) throws
    -> JSONValue
  {
    try server.request(method, stateless ? Self.stamped(params) : .object(params))
  }

  /// The response to `tools/call` of `tool`, as the server wrote it (a structured content's
  /// bytes are compared as written), and parsed.
  package func call(_ tool: String, _ arguments: JSONObject) throws -> (body: String, response: JSONValue) {
    let id = server.sendRequest(
      MCPCallToolRequest.method, Self.stamped(["name": .string(tool), "arguments": .object(arguments)]))
    let body = try server.receiveBody(containing: "\"id\":\(id),", what: "the answer to \(tool)")
    return (body, try JSONValue(parsing: body))
  }

  /// The structured content of a call that must succeed.
  package func structured(_ tool: String, _ arguments: JSONObject) throws -> (
    body: String, content: JSONValue
  ) {
    let (body, response) = try call(tool, arguments)
    #expect(response["result"]?["isError"] == nil, "\(tool) failed: \(body)")
    return (body, response["result"]?["structuredContent"] ?? .null)
  }

  /// Ends the input and waits for the exit status.
  package func finish() throws -> Int32 {
    server.closeInput()
    return try server.waitForExit()
  }
}
