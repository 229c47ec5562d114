import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import StableTextTestSupport
import Testing

@Suite struct RulesAndDiagnostics {
  @Test func overLimitDiagnosticInUTF16() throws {
    let session = try Session(options: ["rules": ["maxLength": 5]], inProcess: true)
    let uri = "file:///limit.txt"
    // Five clusters fit; the sixth, a family, starts the range, which runs to the end.
    let marked = MarkedText("ab😀c\u{301}d1️⃣👨‍👩‍👧‍👦xy2️⃣")
    session.open(uri, marked.text)
    let publish = try session.publish()
    let (start, end) = (marked.position("1️⃣", .utf16), marked.position("2️⃣", .utf16))
    #expect(
      publish == [
        "uri": .string(uri), "version": 1,
        "diagnostics": [
          [
            "range": range(start.line, start.character, end.line, end.character), "severity": 1,
            "code": "over-limit", "source": "stabletext",
            "message": "8/5 characters: 3 over the limit",
            "data": ["length": 8, "limit": 5, "unit": "graphemes"],
          ]
        ],
      ])
    try session.finish()
  }

  @Test(arguments: [
    ("graphemes", "é😀ab", 4, "4/3 characters: 1 over the limit", 4),
    ("utf16", "é😀ab", 5, "5/3 UTF-16 code units: 2 over the limit", 3),
    ("scalars", "e\u{301}ab", 4, "4/3 Unicode scalars: 1 over the limit", 3),
    ("utf8", "éab", 4, "4/3 bytes: 1 over the limit", 2),
  ])
  func units(unit: String, text: String, length: Int, message: String, startCharacter: Int) throws {
    let session = try Session(options: ["rules": ["maxLength": 3, "unit": .string(unit)]], inProcess: true)
    session.open("file:///u.txt", text)
    let diagnostic = try session.publish()["diagnostics"]![0]!
    #expect(diagnostic["message"] == .string(message))
    #expect(diagnostic["data"] == ["length": .int(length), "limit": 3, "unit": .string(unit)])
    #expect(diagnostic["range"]?["start"] == position(0, startCharacter))
    try session.finish()
  }

  @Test func overridesByLanguageAndGlobAndLaterWins() throws {
    let session = try Session(
      options: [
        "rules": ["maxLength": 10],
        "overrides": [
          ["languageId": "gitcommit", "rules": ["maxLength": 5]],
          ["pattern": "**/store/*.txt", "rules": ["maxLength": 3, "unit": "utf8"]],
          ["languageId": "gitcommit", "pattern": "*.md", "rules": ["maxLength": 2]],
        ],
      ], inProcess: true)
    session.open("file:///repo/.git/COMMIT_EDITMSG", "abcdef", languageId: "gitcommit")
    #expect(
      try session.publish()["diagnostics"]?[0]?["data"] == ["length": 6, "limit": 5, "unit": "graphemes"])
    session.open("file:///app/store/listing.txt", "éé")
    #expect(try session.publish()["diagnostics"]?[0]?["data"] == ["length": 4, "limit": 3, "unit": "utf8"])
    session.open("file:///notes/a%20b.md", "abc", languageId: "gitcommit")
    #expect(
      try session.publish()["diagnostics"]?[0]?["data"] == ["length": 3, "limit": 2, "unit": "graphemes"])
    session.open("file:///other.txt", "abcdef")
    #expect(try session.publish()["diagnostics"] == [])
    try session.finish()
  }

  @Test func configurationChangeReEvaluatesOpenDocuments() throws {
    let session = try Session(options: ["rules": ["maxLength": 3]], inProcess: true)
    session.open("file:///a.txt", "abcd")
    #expect(try session.codes() == ["over-limit"])
    session.open("file:///b.md", "ab")
    #expect(try session.codes() == [])
    session.endpoint.notify(
      "workspace/didChangeConfiguration",
      [
        "settings": [
          "stableText": [
            "rules": ["maxLength": 10], "overrides": [["pattern": "*.md", "rules": ["maxLength": 1]]],
          ]
        ]
      ])
    let first = try session.publish()
    let second = try session.publish()
    let byURI = [first["uri"]!.stringValue!: first, second["uri"]!.stringValue!: second]
    #expect(byURI["file:///a.txt"]?["diagnostics"] == [])
    #expect(byURI["file:///b.md"]?["diagnostics"]?.codes == ["over-limit"])
    // Settings for someone else leave ours alone.
    session.endpoint.notify("workspace/didChangeConfiguration", ["settings": ["other": [:]]])
    #expect(try session.state("file:///a.txt")["limit"] == 10)
    // A bad setting is reported and changes nothing.
    session.endpoint.notify(
      "workspace/didChangeConfiguration", ["settings": ["stableText": ["rules": ["unit": "words"]]]])
    let log = try session.endpoint.notification("window/logMessage")
    #expect(
      log["params"]?["message"]
        == "stabletext: workspace/didChangeConfiguration: params.settings.stableText.rules.unit: expected one of \"graphemes\", \"utf16\", \"scalars\", \"utf8\", \"columns\", \"bytes\", \"sms\", \"twitter\", got \"words\""
    )
    #expect(try session.state("file:///a.txt")["limit"] == 10)
    try session.finish()
  }

  @Test func emptyAfterTrimAndItsSwitch() throws {
    let session = try Session(options: ["rules": ["placeholder": "Describe the change"]], inProcess: true)
    let uri = "file:///blank.txt"
    session.open(uri, " \t\u{3000}\u{200B}\n")
    let publish = try session.publish()
    #expect(
      publish["diagnostics"]?[0]?.objectValue?.keys.sorted() == [
        "code", "message", "range", "severity", "source",
      ])
    #expect(publish["diagnostics"]?[0]?["severity"] == 2)
    #expect(publish["diagnostics"]?[0]?["range"] == range(0, 0, 1, 0))
    var state = try session.state(uri)
    #expect(state["placeholder"] == ["text": "Describe the change", "visible": true])
    session.change(uri, version: 2, fullText("\u{FEFF}"))
    #expect(try session.codes() == [])
    state = try session.state(uri)
    #expect(state["emptyAfterTrim"] == false)
    session.endpoint.notify(
      "workspace/didChangeConfiguration", ["settings": ["stableText": ["rules": ["requireNonEmpty": false]]]])
    session.change(uri, version: 3, fullText(" "))
    // The configuration's and the change's publishes may be coalesced into one.
    #expect(try session.codes() == [])
    state = try session.state(uri)
    #expect(state["emptyAfterTrim"] == true)
    #expect(state["placeholder"]?["visible"] == true)
    try session.finish()
  }

  @Test func ignoreFinalNewlineAndDiagnosticOrder() throws {
    let session = try Session(
      options: ["rules": ["maxLength": 2, "ignoreFinalNewline": true]], inProcess: true)
    let uri = "file:///nl.txt"
    session.open(uri, "ab\n")
    #expect(try session.codes() == [])
    session.change(uri, version: 2, fullText("  \n\n"))
    let publish = try session.publish()
    #expect(publish["diagnostics"]?.codes == ["over-limit", "empty-after-trim"])
    #expect(publish["diagnostics"]?[0]?["message"] == "3/2 characters: 1 over the limit")
    #expect(publish["diagnostics"]?[0]?["range"] == range(0, 2, 2, 0))
    let state = try session.state(uri)
    #expect(state["remaining"] == -1)
    #expect(state["counter"] == "03/2")
    #expect(state["lineCount"] == 3)
    try session.finish()
  }

  @Test func pullDiagnosticsWithResultIds() throws {
    let session = try Session(options: ["rules": ["maxLength": 2]], inProcess: true)
    let uri = "file:///pull.txt"
    session.open(uri, "abc")
    _ = try session.publish()
    let first = try session.result(DocumentDiagnosticRequest(TextDocumentIdentifier(uri)))
    #expect(first["kind"] == "full")
    #expect(first["items"]?.codes == ["over-limit"])
    let id = first["resultId"]!
    let same = try session.result(
      DocumentDiagnosticRequest(TextDocumentIdentifier(uri), previousResultId: id.stringValue))
    #expect(same == ["kind": "unchanged", "resultId": id])
    session.change(uri, version: 2, fullText("a"))
    _ = try session.publish()
    let after = try session.result(
      DocumentDiagnosticRequest(TextDocumentIdentifier(uri), previousResultId: id.stringValue))
    #expect(after["kind"] == "full")
    #expect(after["items"] == [])
    #expect(after["resultId"] != id)
    try session.finish()
  }

  @Test func quickFixes() throws {
    let session = try Session(options: ["rules": ["maxLength": 4]], inProcess: true)
    let uri = "file:///fix.txt"
    session.open(uri, "  한국어 문장\n")
    let published = try #require(try session.publish()["diagnostics"]?.arrayValue)
    func actions(_ asked: JSONValue, listing: [JSONValue] = []) throws -> [JSONValue] {
      try session.result(
        "textDocument/codeAction",
        ["textDocument": ["uri": .string(uri)], "range": asked, "context": ["diagnostics": .array(listing)]]
      ).arrayValue!
    }
    // Asked on a line the over-limit diagnostic (0:4–1:0) touches, listing nothing: its fix,
    // before the underlined part too (where eglot asks), and on the line its end is on. (A line
    // it does not touch gets nothing: codeaction-03-fixes-where-the-cursor-is.)
    #expect(try actions(range(0, 0, 0, 3)).map { $0["title"]!.stringValue! } == ["Truncate to 4 characters"])
    #expect(try actions(range(1, 0, 1, 0)).map { $0["title"]!.stringValue! } == ["Truncate to 4 characters"])
    // Listed by the client (as it published it), wherever the range is: its fix. No trim fix,
    // which belongs to empty-after-trim alone.
    let list = try actions(range(0, 0, 0, 0), listing: published)
    #expect(list.map { $0["title"]!.stringValue! } == ["Truncate to 4 characters"])
    #expect(list[0]["kind"] == "quickfix")
    #expect(list[0]["isPreferred"] == true)
    #expect(list[0]["diagnostics"]?.codes == ["over-limit"])
    #expect(
      list[0]["edit"] == [
        "changes": [.init(stringLiteral: uri): [["range": range(0, 4, 1, 0), "newText": ""]]]
      ])
    // Applying the truncation clears the diagnostic.
    session.change(uri, version: 2, edit(range(0, 4, 1, 0), ""))
    #expect(try session.codes() == [])
    #expect(try session.text(uri) == "  한국")
    // `only` without quickfix asks for nothing we offer.
    let none = try session.result(
      CodeActionRequest(
        TextDocumentIdentifier(uri), range: textRange(0, 0, 0, 0), diagnostics: [], only: ["refactor"]))
    #expect(none == [])
    try session.finish()
  }

  @Test func hoverShowsTheCounter() throws {
    let session = try Session(encodings: ["utf-8"], options: ["rules": ["maxLength": 150]], inProcess: true)
    let uri = "file:///hover.txt"
    session.open(uri, "안녕하세요 👋")
    _ = try session.publish()
    // Inside a code point is fine for hover.
    let hover = try session.result(
      HoverRequest(TextDocumentIdentifier(uri), position: textPosition(0, 1)))
    // The client named no contentFormat: plain text.
    #expect(hover == ["contents": ["kind": "plaintext", "value": "07/150 characters · 143 remaining"]])
    try session.finish()
  }
}
