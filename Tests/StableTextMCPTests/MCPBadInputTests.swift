import Foundation
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

@testable import StableTextMCP

/// Bad input to `stabletext mcp` gets what bad input to the daemon gets (Protocol/README.md,
/// "MCP": "Errors"): each case its exact answer (a JSON-RPC error for the protocol, a result with
/// `isError` naming the argument for a tool's failure, or nothing where nothing may be answered),
/// and the server goes on: a ping and a check are answered after it, and nothing else comes.
@Suite struct MCPBadInputTests {
  /// One bad input: the line(s) to write, and the answer expected (`nil`: none). A `prefix`
  /// answer's error message, or its tool's text, need only start with the text given (git's own
  /// words follow it).
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: String
    var answer: JSONValue?
    var prefix = false
    var testDescription: String { name }
  }

  static let meta = MCPSession.meta.serialized

  static func call(_ id: Int, _ name: String, _ arguments: String) -> String {
    "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"tools/call\",\"params\":{\"_meta\":\(meta),\"name\":\"\(name)\",\"arguments\":\(arguments)}}\n"
  }

  static func error(_ id: JSONValue, _ code: Int, _ message: String) -> JSONValue {
    ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]
  }

  /// A tool's failure: a complete result with `isError` and the text.
  static func failure(_ id: Int, _ text: String) -> JSONValue {
    [
      "jsonrpc": "2.0", "id": .int(id),
      "result": [
        "content": [["type": "text", "text": .string(text)]], "isError": true, "resultType": "complete",
        "_meta": ["io.modelcontextprotocol/serverInfo": MCPServer.serverInfo],
      ],
    ]
  }

  static let outside = FileManager.default.temporaryDirectory.appendingPathComponent("st-mcp-outside").path
  static let huge = String(repeating: "x", count: (1 << 20) + 1)

  static let cases: [Case] = [
    Case(
      name: "a line that is not JSON", bytes: "{not json}\n",
      answer: error(
        nil, -32700, "Parse error: body is not JSON: string or '}' expected near 'not' (line 1, column 4)")),
    Case(name: "blank lines", bytes: "\n   \n\t\r\n", answer: nil),
    Case(
      name: "a batch", bytes: "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]\n",
      answer: error(nil, -32600, "Invalid request: expected a request or notification object, got an array")),
    Case(
      name: "a number", bytes: "42\n",
      answer: error(nil, -32600, "Invalid request: expected a request or notification object, got an integer")
    ),
    Case(
      name: "id null", bytes: "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}\n",
      answer: error(nil, -32600, "Invalid request: id: expected a string or a number, got null")),
    Case(
      name: "params a string", bytes: "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":\"x\"}\n",
      answer: error(2, -32600, "Invalid request: params: expected an object or an array, got a string")),
    Case(
      name: "an unknown method",
      bytes: "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/list\",\"params\":{\"_meta\":\(meta)}}\n",
      answer: error(3, -32601, "Method not found: resources/list")),
    Case(
      name: "no revision and no session",
      bytes: "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\",\"params\":{}}\n",
      answer: error(
        4, -32602,
        "params._meta.io.modelcontextprotocol/protocolVersion: missing; a request of revision 2026-07-28 names its revision there (or open a session with initialize: 2025-11-25, 2025-06-18)"
      )),
    Case(
      name: "an unsupported revision",
      bytes:
        "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2099-01-01\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}\n",
      answer: [
        "jsonrpc": "2.0", "id": 5,
        "error": [
          "code": -32022,
          "message":
            "Unsupported protocol version: 2099-01-01; this server speaks 2026-07-28, 2025-11-25, 2025-06-18",
          "data": ["supported": ["2026-07-28", "2025-11-25", "2025-06-18"], "requested": "2099-01-01"],
        ],
      ]),
    Case(
      name: "a revision without capabilities",
      bytes:
        "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}\n",
      answer: error(
        6, -32602,
        "params._meta.io.modelcontextprotocol/clientCapabilities: missing; a request of revision 2026-07-28 names the client's capabilities"
      )),
    Case(
      name: "_meta a string",
      bytes: "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"_meta\":\"x\"}}\n",
      answer: error(7, -32602, "params._meta: expected an object, got a string")),
    Case(
      name: "an unknown tool", bytes: call(8, "nope", "{}"),
      answer: error(
        8, -32602,
        "params.name: unknown tool nope; the tools are check_message, fix_message, explain_rules, complete_header"
      )),
    Case(
      name: "no tool name",
      bytes: "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"_meta\":\(meta)}}\n",
      answer: error(9, -32602, "params.name: missing; expected a string")),
    Case(
      name: "arguments an array", bytes: call(10, "check_message", "[]"),
      answer: error(10, -32602, "params.arguments: expected an object, got an array")),
    Case(
      name: "no message", bytes: call(11, "check_message", "{}"),
      answer: failure(11, "params.arguments.message: missing; expected a string")),
    Case(
      name: "a message that is a number", bytes: call(12, "check_message", "{\"message\":7}"),
      answer: failure(12, "params.arguments.message: expected a string, got an integer")),
    Case(
      name: "a misspelt argument", bytes: call(13, "check_message", "{\"message\":\"x\",\"paht\":\"/\"}"),
      answer: failure(
        13, "params.arguments.paht: not an argument of this tool; its arguments are message, path")),
    Case(
      name: "a huge argument", bytes: call(14, "check_message", "{\"message\":\"\(huge)\"}"),
      answer: failure(
        14,
        "params.arguments.message: 1048577 bytes, over the limit of 1048576 for this argument; nothing was checked"
      )),
    Case(
      name: "a line over --max-message-bytes",
      bytes: call(15, "check_message", "{\"message\":\"\(String(repeating: "y", count: 3 << 20))\"}"),
      answer: error(
        nil, -32600,
        "Invalid request: message of \(call(15, "check_message", "{\"message\":\"\(String(repeating: "y", count: 3 << 20))\"}").utf8.count - 1) bytes is over the limit of 2097152 bytes (--max-message-bytes); it was skipped"
      )),
    Case(
      name: "a path that does not exist", bytes: call(16, "explain_rules", "{\"path\":\"/no/such/place\"}"),
      answer: failure(16, "params.arguments.path: no such file or folder: /no/such/place")),
    Case(
      name: "a path outside any repository", bytes: call(17, "explain_rules", "{\"path\":\"\(outside)\"}"),
      answer: failure(17, "params.arguments.path: \(outside) is not in a git repository (git says: "),
      prefix: true),
    Case(
      name: "a header on two lines",
      bytes: call(18, "complete_header", "{\"header\":\"feat\\nx\",\"path\":\"/\"}"),
      answer: failure(18, "params.arguments.header: holds a line break; give the first line alone")),
    Case(
      name: "a cancelled call",
      bytes: call(19, "check_message", "{\"message\":\"x\"}")
        + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":19,\"reason\":\"test\"}}\n",
      answer: nil),
    Case(
      name: "a cancellation naming an object",
      bytes: "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":{}}}\n",
      answer: nil),
    Case(
      name: "a response from the client", bytes: "{\"jsonrpc\":\"2.0\",\"id\":20,\"result\":{}}\n",
      answer: nil),
    Case(
      name: "an unknown notification", bytes: "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/whatever\"}\n",
      answer: nil),
  ]

  @Test(arguments: cases)
  func badInputGetsItsAnswerAndTheServerGoesOn(_ input: Case) throws {
    try FileManager.default.createDirectory(atPath: Self.outside, withIntermediateDirectories: true)
    let mcp = try MCPSession(
      arguments: ["--max-message-bytes", String(2 << 20)],
      environment: ["GIT_CEILING_DIRECTORIES": FileManager.default.temporaryDirectory.path])
    mcp.server.sendRaw(input.bytes)
    if let answer = input.answer {
      let received = try mcp.server.receive(timeout: 30, what: "the answer to \(input.name)")
      if input.prefix {
        let text =
          received["result"]?["content"]?[0]?["text"]?.stringValue
          ?? received["error"]?["message"]?.stringValue
        let expected =
          answer["result"]?["content"]?[0]?["text"]?.stringValue ?? answer["error"]?["message"]?.stringValue
        #expect(text?.hasPrefix(expected ?? "?") == true, "\(received.serialized)")
        #expect(received["id"] == answer["id"])
      } else {
        #expect(received == answer)
      }
    }
    // The server goes on: a ping, then a check, answered in order, and nothing else was sent.
    let pinged = try mcp.request(MCPPingRequest.method)
    #expect(pinged["result"]?["resultType"] == "complete", "\(pinged.serialized)")
    let checked = try mcp.structured("check_message", ["message": "Add the thing\n"]).content
    #expect(checked["files"]?[0]?["diagnostics"] == [])
    #expect(mcp.server.drain().isEmpty, "no stray answers")
    #expect(try mcp.finish() == 0)
  }

  @Test func catalogueCoversEveryKind() {
    #expect(Self.cases.count >= 25)
  }
}
