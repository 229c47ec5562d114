import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import StableTextTestSupport
import Testing

@Suite struct DocumentSync {
  /// Typing into a line with emoji and Korean in each encoding: the same edit, the same result.
  @Test(arguments: MarkedText.Encoding.allCases)
  func editsInEveryEncoding(encoding: MarkedText.Encoding) throws {
    let session = try Session(encodings: [encoding.lspName])
    let uri = "file:///enc.txt"
    let marked = MarkedText("x👋한국1️⃣\nsecond")
    session.open(uri, marked.text)
    _ = try session.publish()
    // Insert "!" after 국, then replace from after it to past the line's end (clamped: the newline stays).
    let (line, character) = marked.position("1️⃣", encoding)
    session.change(uri, version: 2, edit(range(line, character, line, character), "!"))
    #expect(try session.publish()["version"] == 2)
    session.change(uri, version: 3, edit(range(line, character + 1, line, 99), "?"))
    _ = try session.publish()
    #expect(try session.text(uri) == "x👋한국!?\nsecond")
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func carriageReturnAndLineFeedJoinedByAnEdit(
    transport: ServerTransport
  ) throws {
    let session = try Session(transport: transport)
    let uri = "file:///crlf.txt"
    session.open(uri, "a\rb")
    _ = try session.publish()
    #expect(try session.state(uri)["lineCount"] == 2)
    // Replace "b" with "\n": the "\r" and the new "\n" are one terminator.
    session.change(uri, version: 2, edit(range(1, 0, 1, 1), "\n"))
    _ = try session.publish()
    #expect(try session.state(uri)["lineCount"] == 2)
    #expect(try session.state(uri)["length"] == 2)
    // Line 1 is now the empty line after "\r\n".
    session.change(uri, version: 3, edit(range(1, 0, 1, 0), "z"))
    _ = try session.publish()
    #expect(try session.text(uri) == "a\r\nz")
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func clampingPastLineAndDocumentEnd(transport: ServerTransport)
    throws
  {
    let session = try Session(transport: transport)
    let uri = "file:///clamp.txt"
    session.open(uri, "ab\r\ncd")
    _ = try session.publish()
    session.change(uri, version: 2, edit(range(0, 50, 0, 60), "X"), edit(range(9, 0, 9, 9), "Y"))
    _ = try session.publish()
    #expect(try session.text(uri) == "abX\r\ncdY")
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func emptyChangeListOnlyUpdatesTheVersion(
    transport: ServerTransport
  ) throws {
    let session = try Session(transport: transport)
    let uri = "file:///v.txt"
    session.open(uri, "same", version: 3)
    _ = try session.publish()
    session.change(uri, version: .int(7), [])
    #expect(try session.publish()["version"] == 7)
    #expect(try session.state(uri)["version"] == 7)
    #expect(try session.text(uri) == "same")
    try session.finish()
  }

  /// Every way a change list can be invalid: nothing applies, the document is out of sync with
  /// one message, and only a full text brings it back.
  @Test(
    arguments: [
      (
        "version does not increase", JSONValue.int(1), [edit(range(0, 0, 0, 0), "x")],
        "params.textDocument.version: version 1 does not increase (the document is at version 1)"
      ),
      (
        "version is a string", JSONValue.string("2"), [edit(range(0, 0, 0, 0), "x")],
        "params.textDocument.version: expected an integer, got a string"
      ),
      (
        "version is 2.0", JSONValue.double(2.0), [edit(range(0, 0, 0, 0), "x")],
        "params.textDocument.version: expected an integer, got a non-integer number"
      ),
      (
        "inside a surrogate pair", JSONValue.int(2),
        [edit(range(0, 0, 0, 0), "ok"), edit(range(0, 3, 0, 3), "x")],
        "params.contentChanges[1].range.start: position 0:3 falls inside a code point in utf-16"
      ),
      (
        "end inside a surrogate pair", JSONValue.int(2), [edit(range(0, 0, 0, 1), "x")],
        "params.contentChanges[0].range.end: position 0:1 falls inside a code point in utf-16"
      ),
      (
        "start after end", JSONValue.int(2), [edit(range(0, 2, 0, 0), "x")],
        "params.contentChanges[0].range: start 0:2 is after end 0:0"
      ),
      (
        "negative line", JSONValue.int(2), [edit(range(-1, 0, 0, 0), "x")],
        "params.contentChanges[0].range.start.line: expected a non-negative integer, got -1"
      ),
      (
        "range null", JSONValue.int(2), [["range": nil, "text": "x"]],
        "params.contentChanges[0].range: expected an object, got null"
      ),
      (
        "text missing", JSONValue.int(2), [["range": range(0, 0, 0, 0)]],
        "params.contentChanges[0].text: missing; expected a string"
      ),
      (
        "change not an object", JSONValue.int(2), [JSONValue.int(3)],
        "params.contentChanges[0]: expected an object, got an integer"
      ),
    ] as [(String, JSONValue, [JSONValue], String)])
  func invalidChangesMarkOutOfSync(name: String, version: JSONValue, changes: [JSONValue], reason: String)
    throws
  {
    let session = try Session()
    let uri = "file:///sync.txt"
    session.open(uri, "😀 ok")
    _ = try session.publish()
    session.change(uri, version: version, changes)
    let message = try session.server.notification("window/showMessage")
    #expect(message["params"]?["type"] == 1)
    // What to do, in words every editor's user can follow (no editor's command).
    #expect(
      message["params"]?["message"]?.stringValue
        == "StableText: \(uri) is out of sync (\(reason)). Edits are ignored until the editor sends the whole text again: reload the file from disk or close and reopen it."
    )
    let publish = try session.publish()
    #expect(publish["version"] == 1)
    let diagnostic = publish["diagnostics"]![0]!
    #expect(diagnostic["code"] == "out-of-sync")
    #expect(diagnostic["severity"] == 1)
    #expect(diagnostic["range"] == range(0, 0, 0, 0))
    #expect(diagnostic["message"]?.stringValue?.hasPrefix("Out of sync: \(reason).") == true)
    #expect(publish["diagnostics"]?.arrayValue?.count == 1)
    var state = try session.state(uri)
    #expect(state["outOfSync"] == true)
    #expect(state["text"] == "😀 ok")
    #expect(state["version"] == 1)
    // Incremental changes are ignored (but still answered with a publish); no second message.
    session.change(uri, version: 5, edit(range(0, 0, 0, 0), "ignored"))
    #expect(try session.codes() == ["out-of-sync"])
    let actions = try session.result(
      CodeActionRequest(TextDocumentIdentifier(uri), range: textRange(0, 0, 0, 0), diagnostics: []))
    #expect(actions == [])
    // A list holding a full text applies from its last full text.
    session.change(
      uri, version: 6, edit(range(0, 0, 0, 0), "lost"), fullText("  "), fullText("new"),
      edit(range(0, 3, 0, 3), "!"))
    #expect(try session.publish()["diagnostics"] == [])
    state = try session.state(uri)
    #expect(state["text"] == "new!")
    #expect(state["version"] == 6)
    #expect(state["outOfSync"] == false)
    // A second episode shows a second message.
    session.change(uri, version: 6, fullText("stale"))
    #expect(try session.server.notification("window/showMessage")["params"]?["type"] == 1)
    #expect(try session.codes() == ["out-of-sync"])
    #expect(session.server.drain().filter { $0["method"] == "window/showMessage" }.isEmpty)
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func reopenResynchronises(transport: ServerTransport) throws {
    let session = try Session(transport: transport)
    let uri = "file:///reopen.txt"
    session.open(uri, "a")
    _ = try session.publish()
    session.change(uri, version: 1, fullText("b"))
    #expect(try session.codes() == ["out-of-sync"])
    session.open(uri, "fresh", version: 1)
    #expect(try session.publish()["diagnostics"] == [])
    #expect(try session.text(uri) == "fresh")
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func unknownDocumentsAndClose(transport: ServerTransport) throws
  {
    let session = try Session(transport: transport)
    session.change("file:///never-opened.txt", version: 2, fullText("x"))
    session.close("file:///never-opened.txt")
    let uri = "file:///close.txt"
    session.open(uri, " ")
    #expect(try session.codes() == ["empty-after-trim"])
    session.close(uri)
    let publish = try session.publish()
    #expect(publish == ["uri": .string(uri), "diagnostics": []])
    #expect(publish["version"] == nil)
    #expect(try session.error(StableTextStateRequest(TextDocumentIdentifier(uri)))["code"] == -32602)
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func duplicateOpenReplacesTheDocument(transport: ServerTransport)
    throws
  {
    let session = try Session(transport: transport)
    let uri = "file:///dup.txt"
    session.open(uri, "first", version: 4)
    _ = try session.publish()
    session.open(uri, "second", version: 1)
    #expect(try session.publish()["version"] == 1)
    #expect(try session.text(uri) == "second")
    try session.finish()
    #expect(session.server.standardError.contains("already open: replacing it"))
  }

  @Test(arguments: ServerTransport.allCases) func rangeLengthIsIgnored(transport: ServerTransport) throws {
    let session = try Session(transport: transport)
    let uri = "file:///rl.txt"
    session.open(uri, "abcdef")
    _ = try session.publish()
    session.change(uri, version: 2, ["range": range(0, 1, 0, 3), "rangeLength": 99, "text": "X"])
    _ = try session.publish()
    #expect(try session.text(uri) == "aXdef")
    try session.finish()
  }

  /// A burst of changes may be coalesced, but a request sees every earlier change published
  /// first, and the last publish carries the last version.
  @Test(arguments: ServerTransport.allCases) func burstsArePublishedBeforeTheNextAnswer(
    transport: ServerTransport
  ) throws {
    let session = try Session(transport: transport)
    let uri = "file:///burst.txt"
    session.open(uri, "")
    _ = try session.publish()
    var frames = ""
    for version in 2...501 {
      let body = JSONValue.object([
        "jsonrpc": "2.0", "method": "textDocument/didChange",
        "params": [
          "textDocument": ["uri": .string(uri), "version": .int(version)],
          "contentChanges": [edit(range(0, version - 2, 0, version - 2), "x")],
        ],
      ]).serialized
      frames += frame(body)
    }
    frames += frame(
      "{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"stableText/state\",\"params\":{\"textDocument\":{\"uri\":\"\(uri)\"}}}"
    )
    session.server.sendRaw(frames)
    let response = try session.server.response(id: "after")
    #expect(response["result"]?["length"] == 500)
    // Everything before the response has been received; the newest publish has version 501.
    let publishes = session.server.drain().filter { $0["method"] == "textDocument/publishDiagnostics" }
    #expect(publishes.last?["params"]?["version"] == 501)
    #expect(publishes.last?["params"]?["diagnostics"]?.codes == ["over-limit"])
    #expect(publishes.count >= 1)
    try session.finish()
  }
}
