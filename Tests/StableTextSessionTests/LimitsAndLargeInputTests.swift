import Foundation
import StableTextClient
import StableTextJSON
import Testing

@Suite struct LimitsAndLargeInputs {
  @Test func truncatedFrameAtEndOfInput() throws {
    let session = try Session()
    session.server.sendRaw("Content-Length: 100\r\n\r\n{\"jsonrpc\":")
    session.server.closeInput()
    #expect(try session.server.waitForExit() == 1)
    #expect(session.server.standardError.contains("input ended inside a message"))
  }

  @Test func fiftyMegabyteMessageUnderTheLimit() throws {
    let session = try Session(arguments: ["--log-level", "warning"])
    let text = String(repeating: "0123456789abcdef\n", count: 50 * 1024 * 1024 / 17)
    session.open("file:///big.txt", text)
    let publish = try session.publish(timeout: 60)
    #expect(publish["diagnostics"]?.codes == ["over-limit"])
    let state = try session.result("stableText/state", ["textDocument": ["uri": "file:///big.txt"]])
    #expect(state["length"] == .int(text.count))
    #expect(state["lineCount"] == .int(text.count / 17 + 1))
    try session.finish()
  }

  @Test func nulInTextIsText() throws {
    let session = try Session()
    session.open("file:///nul.txt", "a\u{0}b")
    _ = try session.publish()
    let state = try session.state("file:///nul.txt")
    #expect(state["text"] == "a\u{0}b")
    #expect(state["length"] == 3)
    try session.finish()
  }

  @Test func documentCountLimit() throws {
    let session = try Session(arguments: ["--max-documents", "2"])
    session.open("file:///1.txt", "a")
    session.open("file:///2.txt", "b")
    session.open("file:///3.txt", "c")
    let log = try session.server.notification("window/logMessage")
    #expect(
      log["params"]?["message"]
        == "stabletext: textDocument/didOpen: file:///3.txt was not opened: 2 documents are open, the limit (--max-documents); close some first"
    )
    #expect(
      try session.error("stableText/state", ["textDocument": ["uri": "file:///3.txt"]])["code"] == -32602)
    session.close("file:///1.txt")
    session.open("file:///3.txt", "c")
    #expect(try session.state("file:///3.txt")["text"] == "c")
    try session.finish()
  }

  @Test func documentSizeLimit() throws {
    let session = try Session(arguments: ["--max-document-bytes", "10"])
    session.open("file:///s.txt", "0123456789")
    _ = try session.publish()
    // Growing past the limit is refused and says why; shrinking is fine.
    session.change("file:///s.txt", version: 2, edit(range(0, 10, 0, 10), "x"))
    #expect(
      try session.publish()["diagnostics"]?[0]?["message"]?.stringValue?.hasPrefix(
        "Out of sync: params.contentChanges: the document would have 11 bytes, over the limit of 10 (--max-document-bytes)"
      )
        == true)
    session.change("file:///s.txt", version: 3, fullText("short"))
    #expect(try session.publish()["diagnostics"] == [])
    let error = try session.error(
      "stableText/edit",
      ["textDocument": ["uri": "file:///s.txt", "version": 3], "edits": [["text": "far too long text"]]])
    #expect(
      error == [
        "code": -32602,
        "message":
          "params.edits: the document would have 17 bytes, over the limit of 10 (--max-document-bytes)",
      ])
    session.open("file:///t.txt", "eleven byte")
    let log = try session.server.notification("window/logMessage")
    #expect(
      log["params"]?["message"]?.stringValue?.contains(
        "file:///t.txt was not opened: the document would have 11 bytes")
        == true)
    #expect(try session.text("file:///s.txt") == "short")
    try session.finish()
  }

  /// Random sessions of valid and invalid edits, through the daemon and through a plain model:
  /// after every step the daemon's text and counts equal the model's, and invalid steps leave
  /// both unchanged (the daemon goes out of sync and is brought back with a full text).
  @Test(arguments: [51, 52] as [UInt64])
  func differentialSessions(seed: UInt64) throws {
    var rng = SplitMix(seed: seed)
    let session = try Session(
      arguments: ["--log-level", "error"], options: ["rules": ["maxLength": 40, "unit": "utf16"]])
    let uri = "file:///diff.txt"
    var model = "안녕 👋🏽\r\nline e\u{301} 🇰🇷"
    var version = 1
    session.open(uri, model)
    _ = try session.publish()
    let pieces = ["a", " ", "\n", "\r\n", "한", "👋🏽", "e\u{301}", "🇰", "🇷", "\u{0}", ""]
    for step in 0..<120 {
      version += 1
      let scalars = Array(model.unicodeScalars)
      let a = rng.next(upTo: scalars.count + 1)
      let b = min(scalars.count, a + rng.next(upTo: 4))
      let insert = (0..<rng.next(upTo: 3)).map { _ in pieces[rng.next(upTo: pieces.count)] }.joined()
      func position(_ scalarIndex: Int) -> (line: Int, utf16: Int) {
        let prefix = String(String.UnicodeScalarView(scalars[..<scalarIndex]))
        var line = 0
        var lineStart = prefix.startIndex
        var index = prefix.startIndex
        while index < prefix.endIndex {
          let c = prefix[index]
          index = prefix.index(after: index)
          if c == "\n" || c == "\r\n" || c == "\r" {
            line += 1
            lineStart = index
          }
        }
        return (line, prefix[lineStart...].utf16.count)
      }
      let invalid = step % 7 == 3
      if invalid {
        // Half a surrogate pair, or a version that does not increase.
        if let emoji = scalars.firstIndex(where: { $0.value > 0xFFFF }) {
          let p = position(emoji)
          session.change(uri, version: version, edit(range(p.line, p.utf16 + 1, p.line, p.utf16 + 1), "x"))
        } else {
          session.change(uri, version: 1, edit(range(0, 0, 0, 0), "x"))
        }
        _ = try session.publish()
        var state = try session.state(uri)
        #expect(state["outOfSync"] == true)
        #expect(state["text"] == .string(model))
        // Resynchronise with the model's text.
        version += 1
        session.change(uri, version: version, fullText(model))
        _ = try session.publish()
        state = try session.state(uri)
        #expect(state["outOfSync"] == false)
        continue
      }
      let start = position(a)
      let end = position(b)
      // An offset between "\r" and "\n" is not a position a client can name: skip those.
      let afterCR = a > 0 && scalars[a - 1] == "\r" && a < scalars.count && scalars[a] == "\n"
      let endAfterCR = b > 0 && scalars[b - 1] == "\r" && b < scalars.count && scalars[b] == "\n"
      if afterCR || endAfterCR {
        version -= 1
        continue
      }
      session.change(uri, version: version, edit(range(start.line, start.utf16, end.line, end.utf16), insert))
      var view = String.UnicodeScalarView(scalars[..<a])
      view.append(contentsOf: insert.unicodeScalars)
      view.append(contentsOf: scalars[b...])
      model = String(view)
      _ = try session.publish()
      let state = try session.state(uri)
      #expect(state["text"] == .string(model), "step \(step)")
      #expect(state["length"] == .int(model.utf16.count))
      #expect(
        state["lineCount"] == .int(model.reduce(1) { $1 == "\n" || $1 == "\r\n" || $1 == "\r" ? $0 + 1 : $0 })
      )
      #expect(state["overLimit"] == .bool(model.utf16.count > 40))
      #expect(state["version"] == .int(version))
    }
    try session.finish()
  }
}

/// A small deterministic generator for session tests.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(upTo bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return bound <= 0 ? 0 : Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

@Suite struct ManyMessages {
  /// A million tiny messages in one stream: all read, none answered (they are notifications the
  /// server ignores), then a request is answered and the document is untouched.
  @Test func aMillionTinyMessages() throws {
    let session = try Session(arguments: ["--log-level", "error"])
    session.open("file:///m.txt", "안녕")
    _ = try session.publish()
    let tiny = Array(frame("{\"jsonrpc\":\"2.0\",\"method\":\"$/t\"}").utf8)
    var block: [UInt8] = []
    block.reserveCapacity(tiny.count * 10_000)
    for _ in 0..<10_000 { block += tiny }
    for _ in 0..<100 { session.server.sendRaw(block) }
    let state = try session.server.request(
      "stableText/state", ["textDocument": ["uri": "file:///m.txt"], "includeText": true], timeout: 300)
    #expect(state["result"]?["text"] == "안녕")
    #expect(state["result"]?["version"] == 1)
    #expect(session.server.drain().filter { $0["method"] == nil }.isEmpty)
    try session.finish()
  }
}
