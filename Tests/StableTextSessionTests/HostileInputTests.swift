import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextSessionSupport
import StableTextTransport
import Testing

/// Single messages that once crashed, froze or silently desynchronised the daemon (issue 11's
/// findings), each with its exact reply, then the check that the session still answers and no
/// document changed. Byte-exact where the spelling is the point (request ids).
struct HostileInput: CustomTestStringConvertible, Sendable {
  var name: String
  /// Sent after the document is open and published.
  var bytes: [UInt8]
  /// The exact body of the reply that must come back.
  var reply: String
  var testDescription: String { name }

  init(_ name: String, body: String, _ reply: String) {
    self.name = name
    bytes = MessageWriter.frame(Array(body.utf8))
    self.reply = reply
  }

  init(_ name: String, raw: String, _ reply: String) {
    self.name = name
    bytes = Array(raw.utf8)
    self.reply = reply
  }
}

private let hostileURI = "file:///hostile.txt"
private let hostileText = "a\tb\n\t\tx 한"
private let hostileDoc = "{\"uri\":\"\(hostileURI)\"}"

private func scroll(_ id: Int, _ viewport: String, extra: String = "") -> String {
  request(id, "stableText/scroll", "{\"textDocument\":\(hostileDoc),\"viewport\":\(viewport)\(extra)}")
}

private func invalidParams(_ id: String, _ message: String) -> String {
  "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"error\":{\"code\":-32602,\"message\":\"\(message)\"}}"
}

let hostileInputs: [HostileInput] = [
  // C1: numbers that would make an answer infinite.
  .init(
    "lineHeight 1e308", body: scroll(101, "{\"height\":100,\"lineHeight\":1e308}"),
    invalidParams("101", "params.viewport.lineHeight: expected a number at most 1e15, got 1e+308")),
  .init(
    "padding 1e308", body: scroll(102, "{\"height\":100,\"padding\":{\"top\":1e308,\"bottom\":1e308}}"),
    invalidParams("102", "params.viewport.padding.top: expected a number at most 1e15, got 1e+308")),
  .init(
    "obscured bottom 2e15", body: scroll(103, "{\"height\":100,\"obscured\":{\"bottom\":2e15}}"),
    invalidParams(
      "103", "params.viewport.obscured.bottom: expected a number at most 1e15, got 2000000000000000")),
  .init(
    "offset -1e300", body: scroll(104, "{\"height\":10}", extra: ",\"offset\":-1e300"),
    invalidParams("104", "params.offset: expected a number from -1e15 to 1e15, got -1e+300")),
  .init(
    "farThreshold 1.7e308", body: scroll(105, "{\"height\":10}", extra: ",\"farThreshold\":1.7e308"),
    invalidParams("105", "params.farThreshold: expected a number at most 1e15, got 1.7e+308")),
  .init(
    "edit with a viewport of lineSpacing 1e308",
    body: request(
      106, "stableText/edit",
      "{\"textDocument\":{\"uri\":\"\(hostileURI)\",\"version\":1},\"edits\":[{\"text\":\"z\"}],\"viewport\":{\"height\":5,\"lineSpacing\":1e308}}"
    ),
    invalidParams("106", "params.viewport.lineSpacing: expected a number at most 1e15, got 1e+308")),
  // C2: tab stops that overflow a column.
  .init(
    "tabSize 2^63-1", body: scroll(107, "{\"height\":10,\"tabSize\":9223372036854775807}"),
    invalidParams(
      "107", "params.viewport.tabSize: expected an integer from 1 to 1000, got 9223372036854775807")),
  .init(
    "tabSize 2^62 with columns",
    body: scroll(108, "{\"height\":10,\"columns\":3,\"tabSize\":4611686018427387904}"),
    invalidParams(
      "108", "params.viewport.tabSize: expected an integer from 1 to 1000, got 4611686018427387904")),
  .init(
    "tabSize 1001", body: scroll(109, "{\"height\":10,\"tabSize\":1001}"),
    invalidParams("109", "params.viewport.tabSize: expected an integer from 1 to 1000, got 1001")),
  // Positions whose character would overflow when added to an offset (the scroll answer
  // clamps them to the line's end).
  .init(
    "caret character 2^63-1",
    body: scroll(110, "{\"height\":1}", extra: ",\"caret\":{\"line\":0,\"character\":9223372036854775807}"),
    "{\"jsonrpc\":\"2.0\",\"id\":110,\"result\":{\"offset\":0,\"scrollEnabled\":true,\"contentHeight\":2,\"minOffset\":0,\"maxOffset\":1,\"rows\":2,\"caret\":{\"line\":0,\"character\":3,\"row\":0,\"column\":5,\"y\":0,\"height\":1},\"reason\":\"none\",\"exact\":true}}"
  ),
  // W2: numeric ids come back as spelled.
  .init(
    "id -0", body: "{\"jsonrpc\":\"2.0\",\"id\":-0,\"method\":\"$/x\"}",
    "{\"jsonrpc\":\"2.0\",\"id\":-0,\"error\":{\"code\":-32601,\"message\":\"Method not found: $/x\"}}"),
  .init(
    "id 1E2", body: "{\"jsonrpc\":\"2.0\",\"id\":1E2,\"method\":\"$/x\"}",
    "{\"jsonrpc\":\"2.0\",\"id\":1E2,\"error\":{\"code\":-32601,\"message\":\"Method not found: $/x\"}}"),
  .init(
    "id 1e-400", body: "{\"jsonrpc\":\"2.0\",\"id\":1e-400,\"method\":\"$/x\"}",
    "{\"jsonrpc\":\"2.0\",\"id\":1e-400,\"error\":{\"code\":-32601,\"message\":\"Method not found: $/x\"}}"),
  .init(
    "id 12.50 after another id key",
    body: "{\"id\":\"first\",\"jsonrpc\":\"2.0\",\"method\":\"$/x\",\"id\" : 12.50 }",
    "{\"jsonrpc\":\"2.0\",\"id\":12.50,\"error\":{\"code\":-32601,\"message\":\"Method not found: $/x\"}}"),
  .init(
    "ids spelled in a batch",
    body:
      "[{\"jsonrpc\":\"2.0\",\"id\":-0.0,\"method\":\"$/y\"},{\"jsonrpc\":\"2.0\",\"id\":\"2E0\",\"method\":\"$/y\"},{\"jsonrpc\":\"1.0\",\"id\":2E0,\"method\":\"$/y\"}]",
    "[{\"jsonrpc\":\"2.0\",\"id\":-0.0,\"error\":{\"code\":-32601,\"message\":\"Method not found: $/y\"}},{\"jsonrpc\":\"2.0\",\"id\":\"2E0\",\"error\":{\"code\":-32601,\"message\":\"Method not found: $/y\"}},{\"jsonrpc\":\"2.0\",\"id\":2E0,\"error\":{\"code\":-32600,\"message\":\"Invalid request: jsonrpc: expected \\\"2.0\\\", got \\\"1.0\\\"\"}}]"
  ),
  // W5: leading zeros in Content-Length.
  .init(
    "Content-Length with 16 leading zeros",
    raw: "Content-Length: 0000000000000000041\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":111,\"method\":\"$/x\"}",
    "{\"jsonrpc\":\"2.0\",\"id\":111,\"error\":{\"code\":-32601,\"message\":\"Method not found: $/x\"}}"),
  // M3: nothing the client sends is repeated at length.
  .init(
    "a placeholder over 4096 bytes",
    body: request(
      112, "stableText/configure",
      "{\"textDocument\":\(hostileDoc),\"rules\":{\"placeholder\":\"\(String(repeating: "é", count: 2_049))\"}}"
    ),
    invalidParams(
      "112",
      "params.rules.placeholder: expected a string of at most 4096 UTF-8 bytes, got a string of 4098 bytes")),
  .init(
    "a long wrong value is quoted short",
    body: request(
      113, "stableText/configure",
      "{\"textDocument\":\(hostileDoc),\"rules\":{\"unit\":\"\(String(repeating: "u", count: 5_000))\"}}"),
    invalidParams(
      "113",
      "params.rules.unit: expected one of \(LengthUnit.allCases.map { "\\\"\($0.rawValue)\\\"" }.joined(separator: ", ")), got \\\"\(String(repeating: "u", count: 63))…"
    )),
  .init(
    "a long method name is quoted short",
    body: "{\"jsonrpc\":\"2.0\",\"id\":114,\"method\":\"$/\(String(repeating: "m", count: 3_000))\"}",
    "{\"jsonrpc\":\"2.0\",\"id\":114,\"error\":{\"code\":-32601,\"message\":\"Method not found: $/\(String(repeating: "m", count: 1_022))…\"}}"
  ),
  // Code actions name the diagnostics they are about: a listed one that is not a Diagnostic is
  // named, one that is not ours (no string code, a range past the text) is no error.
  .init(
    "a listed diagnostic whose range is not a range",
    body: codeAction(
      115, "[{\"code\":\"line-too-long\",\"range\":{\"start\":{\"line\":\"x\",\"character\":0}}}]"),
    invalidParams(
      "115", "params.context.diagnostics[0].range.start.line: expected a non-negative integer, got a string")),
  .init(
    "a listed diagnostic without a range",
    body: codeAction(116, "[{\"range\":\(rangeJSON)},{\"code\":\"over-limit\"}]"),
    invalidParams("116", "params.context.diagnostics[1].range: missing; expected an object")),
  .init(
    "context.diagnostics that is not an array",
    body: codeAction(117, "{\"code\":\"over-limit\"}"),
    invalidParams("117", "params.context.diagnostics: expected an array, got an object")),
  .init(
    "listed diagnostics of another server and past the text",
    body: codeAction(
      118,
      "[{\"code\":7,\"range\":\(rangeJSON)},{\"range\":\(rangeJSON)},{\"code\":\"x\",\"range\":{\"start\":{\"line\":99,\"character\":0},\"end\":{\"line\":99,\"character\":0}}}]"
    ), "{\"jsonrpc\":\"2.0\",\"id\":118,\"result\":[]}"),
  .init(
    "an exemption that is not a kind",
    body: request(
      119, "stableText/configure",
      "{\"textDocument\":\(hostileDoc),\"rules\":{\"exemptions\":[\"trailers\",5]}}"),
    invalidParams(
      "119",
      "params.rules.exemptions[1]: expected one of \\\"generated\\\", \\\"trailers\\\", \\\"longWords\\\", got 5"
    )),
]

private let rangeJSON = "{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":0,\"character\":1}}"

private func codeAction(_ id: Int, _ diagnostics: String) -> String {
  request(
    id, "textDocument/codeAction",
    "{\"textDocument\":\(hostileDoc),\"range\":\(rangeJSON),\"context\":{\"diagnostics\":\(diagnostics)}}")
}

@Suite struct HostileInputs {
  @Test(arguments: hostileInputs)
  func hostileInputGetsItsExactReplyAndHarmsNothing(_ input: HostileInput) throws {
    let session = try Session()
    session.open(hostileURI, hostileText)
    _ = try session.publish()
    session.server.sendRaw(input.bytes)
    // A request sent after it is answered, so every reply to the input has been read by then.
    let after = try session.state(hostileURI)
    let replies = session.server.receivedBodies.filter { !$0.contains("\"method\"") }
    #expect(replies.contains(input.reply), "\(replies.map { $0.prefix(300) })")
    #expect(after["text"] == .string(hostileText))
    #expect(after["version"] == 1)
    #expect(after["outOfSync"] == false)
    try session.finish()
  }

  /// A version at the top of the integer range: a later edit cannot make a newer one.
  @Test func editAtTheLargestVersion() throws {
    let session = try Session()
    session.open(hostileURI, "abc")
    _ = try session.publish()
    session.change(hostileURI, version: .int(Int.max), [fullText("xyz")])
    _ = try session.publish()
    let error = try session.error(
      "stableText/edit",
      ["textDocument": ["uri": .string(hostileURI), "version": .int(Int.max)], "edits": [fullText("q")]])
    #expect(
      error["message"]
        == "params.textDocument.version: the document is at version 9223372036854775807, the largest there is, so an edit cannot make a newer one; reopen the document (textDocument/didOpen) with a lower version"
    )
    let state = try session.state(hostileURI)
    #expect(state["text"] == "xyz")
    #expect(state["version"] == .int(Int.max))
    try session.finish()
  }

  /// The header limit does not depend on how the bytes arrive.
  @Test(arguments: [nil, 9_000, 8_193, 100] as [Int?])
  func headerBlockLimitIgnoresReadBoundaries(split: Int?) throws {
    let session = try Session()
    let block = Array(
      ("Content-Length: 2\r\nX-Pad: " + String(repeating: "a", count: 10_790) + "\r\n\r\n{}").utf8)
    if let split {
      session.server.sendRaw(Array(block[..<split]))
      Thread.sleep(forTimeInterval: 0.2)
      session.server.sendRaw(Array(block[split...]))
    } else {
      session.server.sendRaw(block)
    }
    let reply = try session.server.receive(what: "the header error") { $0["method"] == nil }
    #expect(reply == parseError("bad header: header block longer than 8192 bytes without an empty line"))
    try session.finish()
  }

  /// Overrides whose globs used to backtrack: eight `**` against a 10 KB path, and a run of
  /// stars against a long segment, through `initializationOptions` and
  /// `didChangeConfiguration`. Exact answers (a backtracking matcher would not finish).
  @Test func pathologicalGlobsAnswer() throws {
    let overrides: JSONValue = [
      ["pattern": "**/**/**/**/**/**/**/**/*a", "rules": ["maxLength": 5]],
      ["pattern": "*a*a*a*a*a*a*a*a*b", "rules": ["maxLength": 7]],
    ]
    let session = try Session(options: ["overrides": overrides])
    let deep = "file://" + String(repeating: "/a", count: 5_000)
    let deepB = deep + "/b"
    let long = "file:///" + String(repeating: "a", count: 10_000) + "b"
    session.open(deep, "x")
    session.open(deepB, "x")
    session.open(long, "x")
    #expect(try session.state(deep)["limit"] == 5)
    #expect(try session.state(deepB)["limit"] == 150)
    #expect(try session.state(long)["limit"] == 7)
    session.server.notify(
      "workspace/didChangeConfiguration",
      [
        "settings": [
          "stableText": [
            "overrides": [["pattern": "/**/**/**/**/**/**/**/**/a/b", "rules": ["maxLength": 9]]]
          ]
        ]
      ])
    #expect(try session.state(deepB)["limit"] == 9)
    #expect(try session.state(deep)["limit"] == 150)
    try session.finish()
  }

  /// `--max-total-bytes`: an open past the budget is refused, a change past it puts its
  /// document out of sync naming the limit, and shrinking is always allowed.
  @Test func totalBudgetForOpenText() throws {
    let session = try Session(arguments: ["--max-total-bytes", "100"])
    session.open("file:///1", String(repeating: "x", count: 60))
    session.open("file:///2", String(repeating: "y", count: 30))
    session.open("file:///3", String(repeating: "z", count: 20))
    let refused = try session.server.notification("window/logMessage")
    #expect(
      refused["params"]?["message"]
        == "stabletext: textDocument/didOpen: file:///3 was not opened: open documents would hold 110 bytes, over the limit of 100 for all of them (--max-total-bytes); close some first"
    )
    session.change("file:///2", version: 2, fullText(String(repeating: "w", count: 45)))
    let shown = try session.server.notification("window/showMessage")
    #expect(
      shown["params"]?["message"]?.stringValue?.contains(
        "open documents would hold 105 bytes, over the limit of 100 for all of them (--max-total-bytes)")
        == true)
    var state = try session.state("file:///2")
    #expect(state["text"] == .string(String(repeating: "y", count: 30)))
    #expect(state["outOfSync"] == true)
    session.change("file:///2", version: 3, fullText("short"))
    state = try session.state("file:///2")
    #expect(state["text"] == "short")
    #expect(state["outOfSync"] == false)
    // Closing gives the bytes back.
    session.close("file:///1")
    session.open("file:///3", String(repeating: "z", count: 90))
    #expect(try session.state("file:///3")["length"] == 90)
    try session.finish()
  }
}

/// A `didChange` the daemon cannot read or apply, for whatever reason its bytes show: the
/// error is answered, and the document it names (every open document, when none can be read)
/// goes out of sync instead of silently missing the change.
struct LostChangeCase: CustomTestStringConvertible, Sendable {
  var name: String
  var body: [UInt8]
  /// The exact reply, when the message gets one.
  var reply: JSONValue?
  /// Whether the other open document goes out of sync too (no URI could be read).
  var everyDocument: Bool
  var testDescription: String { name }
}

private func didChangeBody(uri: String = "file:///named.txt", version: String = "2", change: String) -> String
{
  "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":{\"uri\":\"\(uri)\",\"version\":\(version)},\"contentChanges\":[\(change)]}}"
}

private let insertA =
  "{\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":0,\"character\":0}},\"text\":\"A\"}"

let lostChanges: [LostChangeCase] = [
  .init(
    name: "a lone surrogate in the text",
    body: Array(didChangeBody(change: "{\"text\":\"A\\ud800\"}").utf8),
    reply: parseError(
      "body is not JSON: invalid Unicode '\\uD800' near '\"A\\ud800\"' (line 1, column 151)"),
    everyDocument: false),
  .init(
    name: "rangeLength 2^64",
    body: Array(didChangeBody(change: "{\"text\":\"A\",\"rangeLength\":18446744073709551616}").utf8),
    reply: parseError("body is not JSON: too big integer near '18446744073709551616' (line 1, column 180)"),
    everyDocument: false),
  .init(
    name: "version 1e400", body: Array(didChangeBody(version: "1e400", change: insertA).utf8),
    reply: parseError("body is not JSON: real number overflow near '1e400' (line 1, column 118)"),
    everyDocument: false),
  .init(
    name: "a byte order mark", body: [0xEF, 0xBB, 0xBF] + Array(didChangeBody(change: insertA).utf8),
    reply: parseError("body is not JSON: invalid token near '\u{FEFF}' (line 1, column 1)"),
    everyDocument: false),
  .init(
    name: "one trailing byte", body: Array((didChangeBody(change: insertA) + "x").utf8),
    reply: parseError("body is not JSON: end of file expected near 'x' (line 1, column 224)"),
    everyDocument: false),
  .init(
    name: "invalid UTF-8 in the text",
    body: Array(didChangeBody(change: "{\"text\":\"").utf8).dropLast(3) + [0xEC, 0x95] + Array("\"}]}}".utf8),
    reply: nil, everyDocument: false),
  .init(
    name: "sent as a request",
    body: Array(
      didChangeBody(change: insertA).replacingOccurrences(
        of: "{\"jsonrpc\":\"2.0\",", with: "{\"jsonrpc\":\"2.0\",\"id\":41,"
      ).utf8),
    reply: [
      "jsonrpc": "2.0", "id": 41,
      "error": ["code": -32601, "message": "Method not found: textDocument/didChange"],
    ],
    everyDocument: false),
  .init(
    name: "jsonrpc 1.0",
    body: Array(didChangeBody(change: insertA).replacingOccurrences(of: "\"2.0\"", with: "\"1.0\"").utf8),
    reply: errorReply(nil, -32600, "Invalid request: jsonrpc: expected \"2.0\", got \"1.0\""),
    everyDocument: false),
  .init(
    name: "an escaped slash in the method and a lone surrogate in the URI",
    body: Array(
      didChangeBody(uri: "file:///\\ud800", change: insertA).replacingOccurrences(
        of: "textDocument/didChange", with: "textDocument\\/didChange"
      ).utf8),
    reply: parseError(
      "body is not JSON: invalid Unicode '\\uD800' near '\"file:///\\ud800\"' (line 1, column 100)"),
    everyDocument: true),
  .init(
    name: "no URI at all",
    body: Array(didChangeBody(change: insertA).replacingOccurrences(of: "\"uri\"", with: "\"url\"").utf8),
    reply: nil, everyDocument: true),
]

@Test(arguments: lostChanges)
func lostChangePutsItsDocumentOutOfSync(_ lost: LostChangeCase) throws {
  let named = "file:///named.txt"
  let other = "file:///other.txt"
  let session = try Session()
  session.open(named, "hello")
  _ = try session.publish()
  session.open(other, "world")
  _ = try session.publish()
  session.server.sendRaw(MessageWriter.frame(lost.body))
  if let reply = lost.reply {
    let received = try session.server.receive(what: "the reply to \(lost.name)") { $0["method"] == nil }
    #expect(received == reply)
  }
  // The editor now holds "Ahello" and sends its next keystroke at 0:1; the daemon must not
  // apply it to a text that lacks the lost change.
  session.change(named, version: 3, edit(range(0, 1, 0, 1), "B"))
  let state = try session.state(named)
  #expect(state["text"] == "hello")
  #expect(state["version"] == 1)
  #expect(state["outOfSync"] == true)
  let otherState = try session.state(other)
  #expect(otherState["outOfSync"] == .bool(lost.everyDocument))
  #expect(otherState["text"] == "world")
  let shown = session.server.drain().filter { $0["method"] == "window/showMessage" }
  #expect(shown.count == (lost.everyDocument ? 2 : 1))
  // A full text brings it back.
  session.change(named, version: 4, fullText("Ahello"))
  #expect(try session.state(named)["outOfSync"] == false)
  try session.finish()
}

/// Laying out one long line for a scroll answer costs no memory per byte of the line (it once
/// cost about 27 bytes per byte: 1.6 GB for a 60 MB line). Measured as the growth of the
/// daemon's peak resident size across the first scroll answer on an 8 MiB line.
@Test func longLineLayoutCostsNoMemoryPerByte() throws {
  let session = try Session()
  let uri = "file:///minified.js"
  let repetitions = 8 * 1_048_576 / 11
  let text = String(repeating: "var a = 1; ", count: repetitions)
  session.open(uri, text)
  _ = try session.publish(timeout: 60)
  func peakKiB() throws -> Int {
    let status = try String(
      contentsOfFile: "/proc/\(session.server.processIdentifier)/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }!
    return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])!
  }
  let before = try peakKiB()
  let answer = try session.result(
    "stableText/scroll",
    [
      "textDocument": ["uri": .string(uri)], "caret": position(0, 8_000_000),
      "viewport": ["height": 40, "columns": 50, "wrap": "word"],
    ])
  // Word wrap at 50 fills every two rows with nine "var a = 1; " (99 columns).
  #expect(answer["rows"] == .int((repetitions * 2 + 8) / 9))
  let grown = try peakKiB() - before
  #expect(grown < 8 * 1_024 / 4, "peak resident size grew by \(grown) KiB for an 8 MiB line")
  try session.finish()
}

/// A `didChange` over `--max-message-bytes` is skipped unread, but not silently: its document
/// (named early in the body) goes out of sync; with no URI in its first 64 KiB, every document.
@Test(arguments: [true, false])
func oversizedChangePutsItsDocumentOutOfSync(uriFirst: Bool) throws {
  let session = try Session(arguments: ["--max-message-bytes", "4096"])
  session.open("file:///named.txt", "hello")
  session.open("file:///other.txt", "world")
  let document = "\"textDocument\":{\"uri\":\"file:///named.txt\",\"version\":2}"
  let changes = "\"contentChanges\":[{\"text\":\"\(String(repeating: "x", count: 70_000))\"}]"
  let params = uriFirst ? "{\(document),\(changes)}" : "{\(changes),\(document)}"
  session.server.sendRaw(
    MessageWriter.frame(
      Array("{\"jsonrpc\":\"2.0\",\"params\":\(params),\"method\":\"textDocument/didChange\"}".utf8)))
  let reply = try session.server.receive(what: "the size error") { $0["method"] == nil }
  #expect(reply["error"]?["code"] == -32600)
  let named = try session.state("file:///named.txt")
  #expect(named["text"] == "hello")
  #expect(named["outOfSync"] == true)
  #expect(try session.state("file:///other.txt")["outOfSync"] == .bool(!uriFirst))
  let shown = session.server.drain().first { $0["method"] == "window/showMessage" }
  #expect(
    shown?["params"]?["message"]?.stringValue?.contains(
      "a textDocument/didChange was skipped unread: its body is over the limit of 4096 bytes (--max-message-bytes)"
    )
      == true)
  try session.finish()
}
