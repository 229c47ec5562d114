import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
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
    let state = try session.result(StableTextStateRequest(TextDocumentIdentifier("file:///big.txt")))
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
      try session.error(StableTextStateRequest(TextDocumentIdentifier("file:///3.txt")))["code"] == -32602)
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
      StableTextEditRequest(
        VersionedTextDocumentIdentifier("file:///s.txt", version: 3),
        edits: [FieldEdit(range: nil, text: "far too long text")]))
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
  /// both unchanged (the daemon goes out of sync and is brought back with a full text). The
  /// pieces are the ones fast paths trip on (lone `\r` and `\n` that an edit joins or splits,
  /// keycaps, variation selectors, ZWJ runs), and edits often come where the last one started or
  /// ended, alone or two in one notification, as typing does.
  @Test(arguments: [51, 52, 53] as [UInt64])
  func differentialSessions(seed: UInt64) throws {
    var rng = SplitMix(seed: seed)
    let session = try Session(
      arguments: ["--log-level", "error"], options: ["rules": ["maxLength": 40, "unit": "utf16"]])
    let uri = "file:///diff.txt"
    var model = "안녕 👋🏽\r\nline e\u{301} 🇰🇷\rX\n"
    var version = 1
    session.open(uri, model)
    _ = try session.publish()
    let pieces = [
      "a", " ", "\n", "\r\n", "\r", "\r", "\n", "한", "👋🏽", "e\u{301}", "🇰", "🇷", "\u{0}", "", "",
      "1\u{FE0F}\u{20E3}",
      "\u{FE0F}", "\u{200D}", "👨\u{200D}👩\u{200D}👧",
    ]
    /// The client position (line, UTF-16 units) of a scalar index of `text`.
    func position(_ scalarIndex: Int, in text: String) -> (line: Int, utf16: Int) {
      var line = 0
      var column = 0
      let scalars = Array(text.unicodeScalars)
      var i = 0
      while i < scalarIndex {
        let c = scalars[i]
        if c == "\r" && i + 1 < scalarIndex && scalars[i + 1] == "\n" { i += 1 }
        if c == "\n" || c == "\r" {
          line += 1
          column = 0
        } else {
          column += UTF16.width(c)
        }
        i += 1
      }
      return (line, column)
    }
    /// The scalar index a client position names in `text` (LSP's clamping; `nil` inside a pair).
    func scalarIndex(_ line: Int, _ utf16: Int, in text: String) -> Int? {
      let scalars = Array(text.unicodeScalars)
      var i = 0
      var current = 0
      while current < line {
        guard i < scalars.count else { return scalars.count }
        if scalars[i] == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n" { i += 1 }
        if scalars[i] == "\n" || scalars[i] == "\r" { current += 1 }
        i += 1
      }
      var column = 0
      while i < scalars.count && scalars[i] != "\n" && scalars[i] != "\r" && column < utf16 {
        column += UTF16.width(scalars[i])
        i += 1
      }
      return column > utf16 ? nil : i
    }
    func replacing(_ text: String, _ a: Int, _ b: Int, with insert: String) -> String {
      let scalars = Array(text.unicodeScalars)
      var view = String.UnicodeScalarView(scalars[..<a])
      view.append(contentsOf: insert.unicodeScalars)
      view.append(contentsOf: scalars[b...])
      return String(view)
    }
    var lastStart = (line: 0, utf16: 0)
    var lastEnd = (line: 0, utf16: 0)
    for step in 0..<160 {
      version += 1
      let scalars = Array(model.unicodeScalars)
      let insert = (0..<rng.next(upTo: 3)).map { _ in pieces[rng.next(upTo: pieces.count)] }.joined()
      let invalid = step % 7 == 3
      if invalid {
        // Half a surrogate pair, or a version that does not increase.
        if let emoji = scalars.firstIndex(where: { $0.value > 0xFFFF }) {
          let p = position(emoji, in: model)
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
      // Where this edit starts: where the last one started or ended (as a client names it, in
      // the text as it is now), or anywhere.
      var start: (line: Int, utf16: Int)
      switch rng.next(upTo: 4) {
      case 0: start = lastStart
      case 1: start = lastEnd
      default: start = position(rng.next(upTo: scalars.count + 1), in: model)
      }
      guard let a = scalarIndex(start.line, start.utf16, in: model) else {
        version -= 1
        continue
      }
      start = position(a, in: model)
      let b = min(scalars.count, a + rng.next(upTo: 4))
      // An offset between "\r" and "\n" is not a position a client can name: skip those.
      if b > 0 && scalars[b - 1] == "\r" && b < scalars.count && scalars[b] == "\n" {
        version -= 1
        continue
      }
      let end = position(b, in: model)
      var changes = [edit(range(start.line, start.utf16, end.line, end.utf16), insert)]
      model = replacing(model, a, b, with: insert)
      lastEnd = position(a + insert.unicodeScalars.count, in: model)
      // Now and then a second change in the same notification, at the first one's start
      // position read again in the new text (what an editor batching two keystrokes sends).
      if rng.next(upTo: 3) == 0, let again = scalarIndex(start.line, start.utf16, in: model) {
        let second = pieces[rng.next(upTo: pieces.count)]
        changes.append(edit(range(start.line, start.utf16, start.line, start.utf16), second))
        model = replacing(model, again, again, with: second)
        lastEnd = position(again + second.unicodeScalars.count, in: model)
      }
      lastStart = start
      session.change(uri, version: .int(version), changes)
      _ = try session.publish()
      let state = try session.state(uri)
      #expect(state["text"] == .string(model), "step \(step): \(changes)")
      #expect(state["outOfSync"] == false, "step \(step)")
      #expect(state["length"] == .int(model.utf16.count))
      #expect(
        state["lineCount"] == .int(model.reduce(1) { $1 == "\n" || $1 == "\r\n" || $1 == "\r" ? $0 + 1 : $0 })
      )
      #expect(state["overLimit"] == .bool(model.utf16.count > 40))
      #expect(state["version"] == .int(version))
      if state["text"] != .string(model) { break }
    }
    try session.finish()
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
      StableTextStateRequest(TextDocumentIdentifier("file:///m.txt"), includeText: true), timeout: 300)
    #expect(state["result"]?["text"] == "안녕")
    #expect(state["result"]?["version"] == 1)
    #expect(session.server.drain().filter { $0["method"] == nil }.isEmpty)
    try session.finish()
  }
}
