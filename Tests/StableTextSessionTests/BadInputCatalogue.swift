import StableTextClient
import StableTextJSON
import StableTextSessionSupport
import StableTextTransport
import Testing

/// One bad input: the bytes to send and the exact reply expected (or `nil`: no reply, and the
/// harm is checked through the document instead).
struct BadInput: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: [UInt8]
  var reply: JSONValue?
  var testDescription: String { name }

  init(_ name: String, raw: String, _ reply: JSONValue?) {
    self.name = name
    bytes = Array(raw.utf8)
    self.reply = reply
  }

  init(_ name: String, bytes: [UInt8], _ reply: JSONValue?) {
    self.name = name
    self.bytes = bytes
    self.reply = reply
  }

  /// A correctly framed body.
  init(_ name: String, body: String, _ reply: JSONValue?) {
    self.init(name, bytes: MessageWriter.frame(Array(body.utf8)), reply)
  }

  init(_ name: String, bodyBytes: [UInt8], _ reply: JSONValue?) {
    self.init(name, bytes: MessageWriter.frame(bodyBytes), reply)
  }
}

func errorReply(_ id: JSONValue, _ code: Int, _ message: String) -> JSONValue {
  ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]
}

func parseError(_ detail: String) -> JSONValue { errorReply(nil, -32700, "Parse error: \(detail)") }

let uri = "file:///catalogue.txt"
let original = "안녕 👋\r\nline"

func request(_ id: Int, _ method: String, _ params: String) -> String {
  "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\",\"params\":\(params)}"
}

let doc = "{\"uri\":\"\(uri)\"}"

let badInputs: [BadInput] = [
  // Framing
  .init(
    "header without a colon", raw: "hello\r\n\r\n",
    parseError("bad header: header line without a colon: \"hello\"")),
  .init(
    "Content-Length not a number", raw: "Content-Length: ten\r\n\r\n{}",
    parseError("bad header: Content-Length is not a non-negative decimal number: \"ten\"")),
  .init(
    "negative Content-Length", raw: "Content-Length: -5\r\n\r\n{}",
    parseError("bad header: Content-Length is not a non-negative decimal number: \"-5\"")),
  .init(
    "empty Content-Length", raw: "Content-Length:\r\n\r\n{}",
    parseError("bad header: Content-Length is not a non-negative decimal number: \"\"")),
  .init(
    "conflicting Content-Length", raw: "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    parseError("bad header: conflicting Content-Length headers (2 and 3)")),
  .init(
    "missing Content-Length", raw: "Content-Type: application/vscode-jsonrpc\r\n\r\n{}",
    parseError("bad header: missing Content-Length header")),
  .init(
    "latin-1 charset", raw: "Content-Length: 2\r\nContent-Type: text/json; charset=iso-8859-1\r\n\r\n{}",
    parseError("bad header: unsupported charset \"iso-8859-1\"; only utf-8 is accepted")),
  .init(
    "space in a header name", raw: "Content Length: 2\r\n\r\n{}",
    parseError("bad header: invalid header name: \"Content Length\"")),
  .init(
    "message over the size limit", raw: "Content-Length: 5000\r\n\r\n" + String(repeating: " ", count: 5000),
    errorReply(
      nil, -32600,
      "Invalid request: message of 5000 bytes is over the limit of 4096 bytes (--max-message-bytes); it was skipped"
    )),
  // Not JSON
  .init(
    "body not JSON", body: "{not json}",
    parseError("body is not JSON: string or '}' expected near 'not' (line 1, column 4)")),
  .init(
    "empty body", body: "",
    parseError("body is not JSON: unexpected token near end of file (line 1, column 0)")),
  .init(
    "truncated JSON", body: "{\"jsonrpc\":\"2.0\"",
    parseError("body is not JSON: '}' expected near end of file (line 1, column 16)")),
  .init(
    "invalid UTF-8", bodyBytes: Array("{\"a\":\"".utf8) + [0xC3, 0x28] + Array("\"}".utf8),
    parseError("body is not JSON: unable to decode byte 0xc3 near '\"' (line 1, column 6)")),
  .init(
    "byte order mark", bodyBytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8),
    parseError("body is not JSON: invalid token near '\u{FEFF}' (line 1, column 1)")),
  .init(
    "NaN", body: "{\"a\":NaN}", parseError("body is not JSON: invalid token near 'NaN' (line 1, column 8)")),
  .init(
    "lone high surrogate", body: "{\"a\":\"\\ud800\"}",
    parseError("body is not JSON: invalid Unicode '\\uD800' near '\"\\ud800\"' (line 1, column 13)")),
  .init(
    "lone low surrogate", body: "{\"a\":\"\\udc00\"}",
    parseError("body is not JSON: invalid Unicode '\\uDC00' near '\"\\udc00\"' (line 1, column 13)")),
  .init(
    "nesting past 2048 levels", body: String(repeating: "[", count: 3000),
    parseError("body is not JSON: maximum parsing depth reached near '[' (line 1, column 2049)")),
  .init(
    "integer beyond 64 bits", body: "{\"jsonrpc\":\"2.0\",\"id\":99999999999999999999,\"method\":\"x\"}",
    parseError("body is not JSON: too big integer near '99999999999999999999' (line 1, column 42)")),
  .init(
    "two values in one body", body: "{}{}",
    parseError("body is not JSON: end of file expected near '{' (line 1, column 3)")),
  .init(
    "raw control character in a string", body: "{\"a\":\"x\u{1}\"}",
    parseError("body is not JSON: control character 0x1 near '\"x' (line 1, column 7)")),
  // Not JSON-RPC
  .init(
    "number instead of an object", body: "42",
    errorReply(nil, -32600, "Invalid request: expected a request or notification object, got an integer")),
  .init("empty batch", body: "[]", errorReply(nil, -32600, "Invalid request: empty batch")),
  .init(
    "batch of junk", body: "[1,\"x\"]",
    [
      errorReply(nil, -32600, "Invalid request: expected a request or notification object, got an integer"),
      errorReply(nil, -32600, "Invalid request: expected a request or notification object, got a string"),
    ]),
  .init(
    "jsonrpc 1.0", body: "{\"jsonrpc\":\"1.0\",\"id\":5,\"method\":\"shutdown\"}",
    errorReply(5, -32600, "Invalid request: jsonrpc: expected \"2.0\", got \"1.0\"")),
  .init(
    "jsonrpc missing", body: "{\"id\":\"m\",\"method\":\"shutdown\"}",
    errorReply("m", -32600, "Invalid request: jsonrpc: expected \"2.0\", missing")),
  .init(
    "id null", body: "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"shutdown\"}",
    errorReply(nil, -32600, "Invalid request: id: expected a string or a number, got null")),
  .init(
    "id an object", body: "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"shutdown\"}",
    errorReply(nil, -32600, "Invalid request: id: expected a string or a number, got an object")),
  .init(
    "method a number", body: "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":1}",
    errorReply(6, -32600, "Invalid request: method: expected a string, got an integer")),
  .init(
    "method missing", body: "{\"jsonrpc\":\"2.0\"}",
    errorReply(nil, -32600, "Invalid request: method: missing")),
  .init(
    "params a string", body: "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"shutdown\",\"params\":\"x\"}",
    errorReply(7, -32600, "Invalid request: params: expected an object or an array, got a string")),
  .init(
    "unknown method", body: request(8, "textDocument/rename", "{}"),
    errorReply(8, -32601, "Method not found: textDocument/rename")),
  .init(
    "unknown $/ request", body: request(9, "$/secret", "{}"),
    errorReply(9, -32601, "Method not found: $/secret")),
  .init(
    "second initialize", body: request(10, "initialize", "{\"capabilities\":{}}"),
    errorReply(10, -32600, "Invalid request: initialize may be sent only once")),
  // Bad params
  .init(
    "params an array", body: request(11, "stableText/state", "[]"),
    errorReply(11, -32602, "params: expected an object, got an array")),
  .init(
    "bad params inside a batch",
    body: "[" + request(16, "textDocument/diagnostic", "{\"textDocument\":{\"uri\":3}}") + ","
      + request(17, "stableText/state", "[]") + "]",
    [
      errorReply(16, -32602, "params.textDocument.uri: expected a string, got an integer"),
      errorReply(17, -32602, "params: expected an object, got an array"),
    ]),
  .init(
    "textDocument missing", body: request(12, "textDocument/diagnostic", "{}"),
    errorReply(12, -32602, "params.textDocument: missing; expected an object")),
  .init(
    "uri a number", body: request(13, "textDocument/diagnostic", "{\"textDocument\":{\"uri\":3}}"),
    errorReply(13, -32602, "params.textDocument.uri: expected a string, got an integer")),
  .init(
    "unknown document",
    body: request(
      14, "textDocument/hover",
      "{\"textDocument\":{\"uri\":\"file:///nope\"},\"position\":{\"line\":0,\"character\":0}}"),
    errorReply(
      14, -32602,
      "params.textDocument.uri: unknown document file:///nope; open it with textDocument/didOpen first")),
  .init(
    "negative line",
    body: request(
      15, "textDocument/hover", "{\"textDocument\":\(doc),\"position\":{\"line\":-1,\"character\":0}}"),
    errorReply(15, -32602, "params.position.line: expected a non-negative integer, got -1")),
  .init(
    "character 1.0",
    body: request(
      16, "textDocument/hover", "{\"textDocument\":\(doc),\"position\":{\"line\":0,\"character\":1.0}}"),
    errorReply(
      16, -32602, "params.position.character: expected a non-negative integer, got a non-integer number")),
  .init(
    "character a string",
    body: request(
      17, "textDocument/hover", "{\"textDocument\":\(doc),\"position\":{\"line\":0,\"character\":\"1\"}}"),
    errorReply(17, -32602, "params.position.character: expected a non-negative integer, got a string")),
  .init(
    "line a boolean",
    body: request(
      18, "textDocument/hover", "{\"textDocument\":\(doc),\"position\":{\"line\":true,\"character\":0}}"),
    errorReply(18, -32602, "params.position.line: expected a non-negative integer, got a boolean")),
  .init(
    "range inside a surrogate pair",
    body: request(
      19, "textDocument/codeAction",
      "{\"textDocument\":\(doc),\"range\":{\"start\":{\"line\":0,\"character\":4},\"end\":{\"line\":0,\"character\":5}},\"context\":{\"diagnostics\":[]}}"
    ), errorReply(19, -32602, "params.range.start: position 0:4 falls inside a code point in utf-16")),
  .init(
    "range start after end",
    body: request(
      20, "textDocument/codeAction",
      "{\"textDocument\":\(doc),\"range\":{\"start\":{\"line\":1,\"character\":0},\"end\":{\"line\":0,\"character\":1}},\"context\":{\"diagnostics\":[]}}"
    ), errorReply(20, -32602, "params.range: start 1:0 is after end 0:1")),
  .init(
    "range null",
    body: request(
      21, "textDocument/codeAction",
      "{\"textDocument\":\(doc),\"range\":null,\"context\":{\"diagnostics\":[]}}"),
    errorReply(21, -32602, "params.range: expected an object, got null")),
  .init(
    "previousResultId a number",
    body: request(22, "textDocument/diagnostic", "{\"textDocument\":\(doc),\"previousResultId\":4}"),
    errorReply(22, -32602, "params.previousResultId: expected a string, got an integer")),
  .init(
    "includeText a string",
    body: request(23, "stableText/state", "{\"textDocument\":\(doc),\"includeText\":\"yes\"}"),
    errorReply(23, -32602, "params.includeText: expected a boolean, got a string")),
  // Notifications that cannot be applied: no reply; the document keeps its text.
  .init(
    "didOpen without text",
    body:
      "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"\(uri)\",\"languageId\":\"x\",\"version\":9}}}",
    nil),
  .init(
    "didClose without uri",
    body: "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didClose\",\"params\":{\"textDocument\":{}}}", nil),
  .init("a response from the client", body: "{\"jsonrpc\":\"2.0\",\"id\":77,\"result\":{}}", nil),
  // More framing, and wrong types in every extension method.
  .init(
    "Content-Length of 20 digits", raw: "Content-Length: 99999999999999999999\r\n\r\n{}",
    parseError("bad header: Content-Length is too large: \"99999999999999999999\"")),
  .init(
    "a 9 KB header line", raw: "X-Pad: " + String(repeating: "a", count: 9000) + "\r\n\r\n",
    parseError("bad header: header block longer than 8192 bytes without an empty line")),
  .init(
    "context.only a string",
    body: request(
      24, "textDocument/codeAction",
      "{\"textDocument\":\(doc),\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":0,\"character\":0}},\"context\":{\"diagnostics\":[],\"only\":\"quickfix\"}}"
    ),
    errorReply(24, -32602, "params.context.only: expected an array, got a string")),
  .init(
    "configure rules an array",
    body: request(25, "stableText/configure", "{\"textDocument\":\(doc),\"rules\":[]}"),
    errorReply(25, -32602, "params.rules: expected an object, got an array")),
  .init(
    "edit edits an object",
    body: request(
      26, "stableText/edit", "{\"textDocument\":{\"uri\":\"\(uri)\",\"version\":1},\"edits\":{}}"),
    errorReply(26, -32602, "params.edits: expected an array, got an object")),
  .init(
    "edit with a negative version",
    body: request(
      27, "stableText/edit",
      "{\"textDocument\":{\"uri\":\"\(uri)\",\"version\":-1},\"edits\":[{\"text\":\"x\"}]}"),
    [
      "jsonrpc": "2.0", "id": 27,
      "error": [
        "code": -32801,
        "message":
          "params.textDocument.version: the document is at version 1, not -1; read stableText/state and retry",
        "data": ["version": 1],
      ],
    ]),
  .init(
    "shouldChangeText text a number",
    body: request(
      28, "stableText/shouldChangeText",
      "{\"textDocument\":\(doc),\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":0,\"character\":0}},\"text\":5}"
    ),
    errorReply(28, -32602, "params.text: expected a string, got an integer")),
  .init(
    "hover without a position", body: request(29, "textDocument/hover", "{\"textDocument\":\(doc)}"),
    errorReply(29, -32602, "params.position: missing; expected an object")),
  .init(
    "scroll without a viewport", body: request(30, "stableText/scroll", "{\"textDocument\":\(doc)}"),
    errorReply(30, -32602, "params.viewport: missing; expected an object")),
  .init(
    "didClose textDocument a string",
    body: "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didClose\",\"params\":{\"textDocument\":\"x\"}}",
    nil),
  .init(
    "cancelRequest with an object id",
    body: "{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":{}}}", nil),
  .init(
    "NUL in another document's text",
    body:
      "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"file:///nul.txt\",\"languageId\":\"x\",\"version\":1,\"text\":\"a\\u0000b\"}}}",
    nil),
  .init(
    "a string id holding NUL", body: "{\"jsonrpc\":\"2.0\",\"id\":\"a\\u0000b\",\"method\":\"$/x\"}",
    errorReply("a\u{0}b", -32601, "Method not found: $/x")),
]

@Test(arguments: badInputs)
func badInputGetsItsExactErrorAndHarmsNothing(_ input: BadInput) throws {
  let session = try Session(arguments: ["--max-message-bytes", "4096"])
  session.open(uri, original)
  _ = try session.publish()
  session.server.sendRaw(input.bytes)
  if let reply = input.reply {
    let received = try session.server.receive(what: "the reply to \(input.name)") { $0["method"] == nil }
    #expect(received == reply)
  }
  if input.name == "didClose without uri" {
    let log = try session.server.notification("window/logMessage")
    #expect(
      log["params"]?["message"]
        == "stabletext: textDocument/didClose: params.textDocument.uri: missing; expected a string")
  }
  // The session still answers, and the document is exactly as it was.
  let state = try session.state(uri)
  #expect(state["text"] == .string(original))
  #expect(state["version"] == 1)
  #expect(state["outOfSync"] == false)
  #expect(session.server.drain().filter { $0["method"] == nil }.isEmpty, "no stray replies")
  try session.finish()
}

@Test func catalogueIsLargeEnough() {
  #expect(badInputs.count >= 60)
}
