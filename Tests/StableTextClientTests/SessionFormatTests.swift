import StableTextCore
import StableTextJSON
import Testing

@testable import StableTextClient

/// The session file format's conveniences for a server's author (Protocol/conformance/README.md,
/// "Writing a session"): a JSON value over several lines, positions written in code points.
@Suite struct SessionFormatTests {
  /// The JSON of each step, for comparing two parses.
  static func summary(_ session: ConformanceSession) -> [String] {
    session.steps.map { line, step in
      switch step {
      case .initialize(let value): "\(line) initialize \(value?.serialized ?? "")"
      case .send(let value): "\(line) send \(value.serialized)"
      case .expect(let value): "\(line) expect \(value.serialized)"
      case .expectOneOf(let values): "\(line) expect-one-of \(JSONValue.array(values).serialized)"
      default: "\(line) other"
      }
    }
  }

  @Test(arguments: [
    // One line, as before.
    (#"send {"a":1}"#, [#"1 send {"a":1}"#]),
    // A value goes on while its brackets are open; blank lines inside are whitespace.
    ("send {\n  \"a\": [1,\n\n   2]\n}\nexpect {\"id\":1}", [#"1 send {"a":[1,2]}"#, #"6 expect {"id":1}"#]),
    // Brackets inside strings do not count, nor do escaped quotes.
    ("send {\"t\": \"{[\\\"\",\n \"u\": 1}", [#"1 send {"t":"{[\"","u":1}"#]),
    ("initialize {\n\"capabilities\": {}}\n# a comment after it", [#"1 initialize {"capabilities":{}}"#]),
    ("expect-one-of [\n{\"id\":1},\n{\"id\":2}\n]", [#"1 expect-one-of [{"id":1},{"id":2}]"#]),
  ])
  func valuesSpanLines(text: String, steps: [String]) throws {
    #expect(Self.summary(try ConformanceSession(name: "s", text: text)) == steps)
  }

  @Test(arguments: [
    // A value never closed is malformed at the line it starts on, with the parser's reason.
    ("# t\nsend {\"a\":\n  [1,\n", "s:2: send: not JSON: "),
    // Closed, and wrong: the same.
    ("send {\"a\":\n  1]}\nsync\n", "s:1: send: not JSON: "),
    ("positions utf-7\n", "s:1: positions takes one of codepoints, utf-8, utf-16, utf-32, once"),
    (
      "positions codepoints\npositions utf-8\n",
      "s:2: positions takes one of codepoints, utf-8, utf-16, utf-32, once"
    ),
  ])
  func malformedSpansAndPositions(text: String, message: String) {
    #expect(throws: ConformanceSession.ParseError.self) { try ConformanceSession(name: "s", text: text) }
    do {
      _ = try ConformanceSession(name: "s", text: text)
    } catch {
      #expect("\(error)".hasPrefix(message), "\(error)")
    }
  }

  /// Positions written in code points become the negotiated encoding's in what is sent (a
  /// change's range in the text the changes before it made) and in what is expected (in the
  /// document the request was about).
  @Test(arguments: [
    (PositionEncoding.utf16, [4, 5, 1, 1, 4, 6]), (.utf8, [6, 9, 2, 2, 6, 10]), (.utf32, [3, 4, 1, 1, 3, 4]),
  ])
  func positionsAreConverted(negotiated: PositionEncoding, characters: [Int]) throws {
    var positions = SessionPositions(written: .utf32)
    positions.negotiated = negotiated
    func position(_ line: Int, _ character: Int) -> JSONValue {
      ["line": .int(line), "character": .int(character)]
    }
    let uri: JSONValue = "file:///d"
    _ = positions.outgoing([
      "jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": [
        "textDocument": ["uri": uri, "languageId": "plaintext", "version": 1, "text": "x👋한\r\n\u{E9}!"]
      ],
    ])
    // Two changes: the second's range is in the text the first made ("x👋Z한").
    let change = positions.outgoing([
      "jsonrpc": "2.0", "method": "textDocument/didChange",
      "params": [
        "textDocument": ["uri": uri, "version": 2],
        "contentChanges": [
          ["range": ["start": position(0, 2), "end": position(0, 2)], "text": "Z"],
          ["range": ["start": position(0, 3), "end": position(0, 4)], "text": "😀"],
        ],
      ],
    ])
    let changes = try #require(change["params"]?["contentChanges"]?.arrayValue)
    #expect(changes[0]["range"]?["start"]?["character"] == .int([3, 5, 2][index(negotiated)]))
    #expect(changes[1]["range"]?["start"]?["character"] == .int(characters[0]))
    #expect(changes[1]["range"]?["end"]?["character"] == .int(characters[1]))
    // A request about the document now "x👋Z😀\r\né!": line 1's positions, and past the end.
    let hover = positions.outgoing([
      "jsonrpc": "2.0", "id": 7, "method": "textDocument/hover",
      "params": ["textDocument": ["uri": uri], "position": position(1, 1)],
    ])
    #expect(hover["params"]?["position"]?["character"] == .int(characters[2]))
    let answer = positions.expected([
      "id": 7, "result": ["range": ["start": position(1, 1), "end": position(1, 9)], "contents": "<any>"],
    ])
    #expect(answer["result"]?["range"]?["start"]?["character"] == .int(characters[3]))
    // Past the end of "é!" (2 code points) by 7: the excess is kept.
    #expect(answer["result"]?["range"]?["end"]?["character"] == .int(characters[3] + 1 + 7))
    // Line 0 is "x👋Z😀" now: a diagnostic's range from 3 to 4 code points.
    let diagnostics = positions.expected([
      "method": "textDocument/publishDiagnostics",
      "params": ["uri": uri, "diagnostics": [["range": ["start": position(0, 3), "end": position(0, 4)]]]],
    ])
    let range = diagnostics["params"]?["diagnostics"]?[0]?["range"]
    #expect(range?["start"]?["character"] == .int(characters[4]))
    #expect(range?["end"]?["character"] == .int(characters[5]))
  }

  func index(_ encoding: PositionEncoding) -> Int {
    switch encoding {
    case .utf16: 0
    case .utf8: 1
    case .utf32: 2
    }
  }
}
