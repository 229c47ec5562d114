import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// Line rules through the daemon: every rule source, the built-in overrides, bad rules with field
/// paths, hover per line in both formats.
@Suite struct LineRuleSessions {
  static let template =
    "\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored.\n#\n# On branch main\n"

  @Test func gitCommitBuffersByLanguageAndByName() throws {
    let session = try Session(inProcess: true)
    // By language id: only the template is an empty message, nothing is red; and nothing at
    // all until someone edits it (git refuses an empty message itself).
    session.open("file:///r/.git/COMMIT_EDITMSG", Self.template, languageId: "gitcommit")
    #expect(try session.codes() == [])
    // By file name, in any language (Emacs' text-mode).
    let subject = String(repeating: "s", count: 60)
    session.open("file:///r/.git/MERGE_MSG", subject + Self.template, languageId: "text")
    let diagnostic = try session.publish()["diagnostics"]![0]!
    #expect(
      diagnostic == [
        "range": range(0, 50, 0, 60), "severity": 2, "code": "line-too-long", "source": "stabletext",
        "message": "60/50 columns: 10 over the limit",
        "data": ["line": 0, "length": 60, "limit": 50, "unit": "columns"],
      ])
    // Not a commit buffer: the whole-text default.
    session.open("file:///r/notes.txt", subject + "\n# not a comment here")
    #expect(try session.codes() == [])
    let state = try session.state("file:///r/.git/MERGE_MSG")
    #expect(state["length"] == 61)
    #expect(state["limit"] == .null)
    try session.finish()
  }

  /// A commit message nobody has edited gets no `empty-after-trim` (Protocol/README.md,
  /// "Diagnostics"): not after a change that writes what was there (an editor's whole-text sync,
  /// an empty insertion); from the first change that changes the text, by `didChange` or
  /// `stableText/edit`, compared as bytes (U+2000 EN QUAD is canonically U+2002 EN SPACE, so
  /// Swift's `==` on strings takes one for the other: both are white space, so the text stays
  /// blank and the warning shows the edit was seen); untouched again after reopening. A text
  /// field's blank text is reported on open, as ever.
  @Test func untouchedCommitMessageIsQuiet() throws {
    let session = try Session(inProcess: true)
    let uri = "file:///r/.git/COMMIT_EDITMSG"
    session.open(uri, "\u{2000}" + Self.template, languageId: "gitcommit")
    #expect(try session.codes() == [])
    session.change(uri, version: 2, ["text": .string("\u{2000}" + Self.template)])
    #expect(try session.codes() == [])
    session.change(uri, version: 3, ["range": range(0, 0, 0, 0), "text": ""])
    #expect(try session.codes() == [])
    session.change(uri, version: 4, ["range": range(0, 0, 0, 1), "text": "\u{2002}"])
    #expect(try session.codes() == ["empty-after-trim"])
    session.open(uri, Self.template, languageId: "gitcommit", version: 5)
    #expect(try session.codes() == [])
    _ = try session.result(
      "stableText/edit",
      [
        "textDocument": ["uri": .string(uri), "version": 5],
        "edits": [["range": range(0, 0, 0, 0), "text": " "]],
      ])
    #expect(try session.codes() == ["empty-after-trim"])
    session.open("file:///r/field.txt", "")
    #expect(try session.codes() == ["empty-after-trim"])
    try session.finish()
  }

  @Test func everySourceCarriesLineRules() throws {
    let rule: JSONValue = ["lines": "1", "maxLength": 5, "severity": "error"]
    let options: JSONValue = [
      "rules": ["lineRules": [["lines": "1", "maxLength": 8]]],
      "overrides": [["pattern": "*.{md,txt}", "rules": ["lineRules": [rule], "tabSize": 4]]],
    ]
    try expectSchema(options, "initializationOptions.json")
    let session = try Session(options: options, inProcess: true)
    session.open("file:///a.log", "123456789")
    #expect(try session.publish()["diagnostics"]?[0]?["message"] == "9/8 columns: 1 over the limit")
    session.open("file:///b.md", "\t12")
    #expect(
      try session.publish()["diagnostics"]?[0]?["data"] == [
        "line": 0, "length": 6, "limit": 5, "unit": "columns",
      ])
    // configure merges into the document's own layer.
    let state = try session.result(
      "stableText/configure",
      [
        "textDocument": ["uri": "file:///b.md"],
        "rules": ["lineRules": [["lines": "1-", "maxLength": 2, "unit": "utf8"]]],
      ])
    #expect(state["uri"] == "file:///b.md")
    #expect(try session.publish()["diagnostics"]?[0]?["message"] == "3/2 bytes: 1 over the limit")
    // didChangeConfiguration replaces rules and overrides; configure rules stay.
    session.endpoint.notify(
      "workspace/didChangeConfiguration", ["settings": ["stableText": ["rules": ["preset": "gitCommit"]]]])
    var messages: [String: JSONValue] = [:]
    for _ in 0..<2 {
      let publish = try session.publish()
      messages[publish["uri"]!.stringValue!] = publish["diagnostics"]
    }
    #expect(messages["file:///a.log"] == [])
    #expect(messages["file:///b.md"]?[0]?["message"] == "3/2 bytes: 1 over the limit")
    try session.finish()
  }

  @Test(
    arguments: [
      (
        ["lineRules": [["lines": "0", "maxLength": 3]]],
        "params.rules.lineRules[0].lines: lines are numbered from 1, not 0, got \"0\"",
        true
      ),
      (
        ["lineRules": [["lines": "2-1", "maxLength": 3]]],
        "params.rules.lineRules[0].lines: the span ends (1) before it starts (2), got \"2-1\"",
        false
      ),
      (
        // Digits that fit 64 bits are a line number, however large; more are said to be too large.
        ["lineRules": [["lines": "3-99999999999999999999", "maxLength": 3]]],
        "params.rules.lineRules[0].lines: the line number 99999999999999999999 is too large (at most 9223372036854775807), got \"3-99999999999999999999\"",
        false
      ),
      (
        ["lineRules": [["lines": "1"]]],
        "params.rules.lineRules[0]: expected maxLength, minLength or blank: true (a line rule must check something)",
        true
      ),
      (
        ["lineRules": [["lines": "1", "blank": false, "maxLength": nil]]],
        "params.rules.lineRules[0]: expected maxLength, minLength or blank: true (a line rule must check something)",
        true
      ),
      (
        ["lineRules": [["lines": "1", "maxLength": 3, "minLength": 4]]],
        // The schema cannot compare two fields: the daemon refuses it alone.
        "params.rules.lineRules[0].minLength: expected at most maxLength (3), got 4", false
      ),
      (
        ["lineRules": [["lines": "1", "minLength": "4"]]],
        "params.rules.lineRules[0].minLength: expected a non-negative integer or null, got \"4\"", true
      ),
      (
        ["lineRules": [["lines": "1", "maxLength": -1]]],
        "params.rules.lineRules[0].maxLength: expected a non-negative integer or null, got -1", true
      ),
      (
        ["lineRules": [["lines": "1", "blank": true, "severity": "fatal"]]],
        "params.rules.lineRules[0].severity: expected one of \"error\", \"warning\", \"information\", \"hint\", got \"fatal\"",
        true
      ),
      (
        ["lineRules": [["lines": "1", "blank": true, "unit": "words"]]],
        "params.rules.lineRules[0].unit: expected one of \"graphemes\", \"utf16\", \"scalars\", \"utf8\", \"columns\", \"bytes\", \"sms\", \"twitter\", got \"words\"",
        true
      ),
      (["lineRules": ["1"]], "params.rules.lineRules[0]: expected an object, got a string", true),
      (["tabSize": 0], "params.rules.tabSize: expected an integer from 1 to 1000, got 0", true),
      (
        ["commentPrefix": ""],
        "params.rules.commentPrefix: expected a non-empty string of at most 1024 UTF-8 bytes without line breaks, or null, got \"\"",
        true
      ),
      (
        ["endMarker": "a\nb"],
        "params.rules.endMarker: expected a non-empty string of at most 1024 UTF-8 bytes without line breaks, or null, got \"a\\nb\"",
        true
      ),
      (["preset": "svn"], "params.rules.preset: expected one of \"gitCommit\" or null, got \"svn\"", true),
      (
        ["exemptions": ["trailers", "urls"]],
        "params.rules.exemptions[1]: expected one of \"generated\", \"trailers\", \"longWords\", got \"urls\"",
        true
      ),
      (["exemptions": "trailers"], "params.rules.exemptions: expected an array, got a string", true),
      (
        ["unit": "bytes", "encoding": "KOI8-R"],
        "params.rules.encoding: expected one of \"UTF-8\", \"UTF-16\", \"UTF-32\", \"CP949\", \"EUC-KR\", \"Shift_JIS\", \"GB18030\", \"ISO-8859-1\", \"windows-1252\" (case ignored), got \"KOI8-R\"",
        true
      ),
      (
        // A schema cannot tie a bound to the unit: the daemon refuses it alone.
        ["unit": "twitter", "maxLength": 20_000],
        "params.rules.maxLength: expected at most 10000 in twitter, got 20000", false
      ),
      (
        ["lineRules": [["lines": "2-", "unit": "twitter", "maxLength": 10_001]]],
        "params.rules.lineRules[0].maxLength: expected at most 10000 in twitter, got 10001", false
      ),
      (
        ["requiredTrailers": ["Signed off"]],
        "params.rules.requiredTrailers[0]: expected a trailer token (ASCII letters, digits and -, not starting with -, at most 256 bytes; no colon), got \"Signed off\"",
        true
      ),
      (
        ["requiredTrailers": ["Change-Id", "Signed-off-by:"]],
        "params.rules.requiredTrailers[1]: expected a trailer token (ASCII letters, digits and -, not starting with -, at most 256 bytes; no colon), got \"Signed-off-by:\"",
        true
      ),
    ] as [(JSONValue, String, Bool)])
  func badRulesNameTheirField(rules: JSONValue, message: String, schemaRefuses: Bool) throws {
    // The schema refuses them too, except what a pattern cannot say (N ≤ M).
    var validator = SchemaValidator()
    #expect(
      try !validator.validate(["rules": rules], against: "initializationOptions.json").isEmpty
        == schemaRefuses)
    let session = try Session(inProcess: true)
    session.open("file:///x.txt", "abc")
    _ = try session.publish()
    let error = try session.error(
      "stableText/configure", ["textDocument": ["uri": "file:///x.txt"], "rules": rules])
    #expect(error == ["code": -32602, "message": .string(message)])
    try session.finish()
  }

  /// A limit set by one request and a unit by the next: the second is refused, naming the field it
  /// set, and the document keeps its rules.
  @Test func aLimitTooLargeForTheUnitIsRefusedAcrossRequests() throws {
    let session = try Session(inProcess: true)
    session.open("file:///x.txt", "abc")
    _ = try session.publish()
    let document: JSONValue = ["uri": "file:///x.txt"]
    _ = try session.result(
      "stableText/configure", ["textDocument": document, "rules": ["maxLength": 20_000]])
    let error = try session.error(
      "stableText/configure", ["textDocument": document, "rules": ["unit": "twitter"]])
    #expect(
      error == ["code": -32602, "message": "params.rules.unit: expected at most 10000 in twitter, got 20000"])
    let state = try session.result("stableText/state", ["textDocument": document])
    // Still counted in graphemes (the counter padded to two digits).
    #expect(state["counter"] == "03/20000")
    #expect(state["unit"] == "graphemes")
    try session.finish()
  }

  @Test func badRulesInInitializeNameTheirField() throws {
    let session = try Session(initialize: false, inProcess: true)
    let response = try session.endpoint.request(
      "initialize",
      [
        "capabilities": [:],
        "initializationOptions": [
          "overrides": [["pattern": "*", "rules": ["lineRules": [["lines": "x", "blank": true]]]]]
        ],
      ])
    #expect(
      response["error"]?["message"]
        == "params.initializationOptions.overrides[0].rules.lineRules[0].lines: expected \"N\", \"N-\" or \"N-M\" with N and M in digits, got \"x\""
    )
  }

  @Test(arguments: [
    (["markdown", "plaintext"], true), (["plaintext", "markdown"], false), (["html"], false),
  ])
  func hoverPerLine(formats: [String], markdown: Bool) throws {
    let session = try Session(initialize: false, inProcess: true)
    _ = try session.endpoint.request(
      "initialize",
      [
        "capabilities": ["textDocument": ["hover": ["contentFormat": .array(formats.map(JSONValue.string))]]],
        "initializationOptions": ["rules": ["maxLength": 100]],
      ])
    let uri = "file:///r/.git/COMMIT_EDITMSG"
    session.open(uri, "한국어 subject\n\nbody\n# comment\n")
    _ = try session.publish()
    func hover(_ line: Int) throws -> JSONValue {
      try session.result(
        HoverRequest(TextDocumentIdentifier(uri), position: textPosition(line, 1)))
    }
    let bold = { (text: String) in markdown ? "**\(text)**" : text }
    let joiner = markdown ? "\n\n" : "\n"
    // The preset sets maxLength null in the built-in layer, after the user's rules: hover shows
    // the line, then the counter only where there is no line to show (comments count nothing).
    #expect(
      try hover(0)
        == [
          "contents": [
            "kind": .string(markdown ? "markdown" : "plaintext"),
            "value": .string("Line 1: \(bold("14/50")) columns"),
          ]
        ])
    // The count alone: lines have limits here, so "no limit" would mislead.
    #expect(try hover(3)["contents"]?["value"] == .string("\(bold("18")) characters"))
    session.endpoint.notify(
      "workspace/didChangeConfiguration",
      [
        "settings": [
          "stableText": ["overrides": [["pattern": "**/COMMIT_EDITMSG", "rules": ["maxLength": 30]]]]
        ]
      ])
    _ = try session.publish()
    #expect(
      try hover(2)["contents"]?["value"]
        == .string("Line 3: \(bold("4/72")) columns\(joiner)\(bold("18/30")) characters · 12 remaining"))
    try session.finish()
  }

  /// A glob of too many alternatives is refused naming its real count (it said 257 for any count
  /// past 256): 512, 3,000, and one past `Int.max`.
  @Test(arguments: [
    (String(repeating: "{a,b}", count: 9), "512"),
    ("{" + (1...1000).map(String.init).joined(separator: ",") + "}/{x,y,z}", "3000"),
    (String(repeating: "{a,b}", count: 64) + "{a,b,c}", "more than 9223372036854775807"),
  ])
  func aGlobOfTooManyAlternativesNamesItsCount(pattern: String, got: String) throws {
    let session = try Session(initialize: false, inProcess: true)
    let error = try session.error(
      "initialize",
      [
        "processId": .null, "capabilities": [:],
        "initializationOptions": ["overrides": [["pattern": .string(pattern)]]],
      ])
    #expect(error["code"] == -32602)
    #expect(
      error["message"]
        == .string(
          "params.initializationOptions.overrides[0].pattern: expected at most 256 alternatives from {a,b} groups, got \(got)"
        ))
  }

  /// "Rewrap paragraph to 72 columns" on a Korean body through the daemon (issue 40): whole
  /// words on each line (10 are 69 columns), never `한` / `국어`; a Korean word of 80 columns
  /// without spaces is one word (`longWords`) and gets nothing; a Chinese line of 80 does.
  @Test func aKoreanBodyRewrapsAtItsSpaces() throws {
    let session = try Session(arguments: ["--log-level", "error"])
    let uri = "file:///repo/.git/COMMIT_EDITMSG"
    let body = Array(repeating: "한국어", count: 30).joined(separator: " ")
    let word = String(repeating: "가", count: 40)
    let chinese = String(repeating: "中", count: 40)
    session.open(uri, "Subject\n\n\(body)\n\n\(word)\n\n\(chinese)\n" + Self.template)
    let published = try #require(try session.publish()["diagnostics"]?.arrayValue)
    #expect(published.map { $0["range"]!["start"]!["line"]! } == [2, 6])
    #expect(published.map { $0["code"]! } == ["line-too-long", "line-too-long"])
    let actions = try session.result(
      CodeActionRequest(TextDocumentIdentifier(uri), range: textRange(2, 0, 3, 0), diagnostics: []))
    let line = Array(repeating: "한국어", count: 10).joined(separator: " ")
    #expect(actions[0]?["title"] == "Rewrap paragraph to 72 columns")
    #expect(
      actions[0]?["edit"] == [
        "changes": [
          .init(stringLiteral: uri): [
            ["range": range(2, 0, 2, 119), "newText": .string("\(line)\n\(line)\n\(line)")]
          ]
        ]
      ])
    session.change(uri, version: 2, edit(range(2, 0, 2, 119), "\(line)\n\(line)\n\(line)"))
    let after = try session.publish()["diagnostics"]!.arrayValue!
    #expect(after.map { $0["range"]!["start"]!["line"]! } == [8])
    try session.finish()
  }
}
