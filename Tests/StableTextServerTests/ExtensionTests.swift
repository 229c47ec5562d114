import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import StableTextTestSupport
import Testing

/// Checks `value` against a schema in `Protocol/schemas/` and records every problem.
func expectSchema(_ value: JSONValue, _ schema: String, sourceLocation: SourceLocation = #_sourceLocation)
  throws
{
  var validator = SchemaValidator()
  let problems = try validator.validate(value, against: schema)
  #expect(problems.isEmpty, "\(schema): \(problems.joined(separator: "; "))", sourceLocation: sourceLocation)
}

extension Session {
  /// `stableText/shouldChangeText` through its type, whose params must meet the schema.
  func shouldChange(_ uri: String, _ range: TextRange, _ text: String) throws -> JSONValue {
    let request = StableTextShouldChangeTextRequest(TextDocumentIdentifier(uri), range: range, text: text)
    try expectSchema(request.json, "shouldChangeText.params.json")
    let result = try self.result(request)
    try expectSchema(result, "shouldChangeText.result.json")
    return result
  }

  /// `stableText/edit` through its type, whose params must meet the schema.
  func edit(
    _ uri: String, version: Int, _ edits: [FieldEdit], policy: LimitPolicy? = nil, caret: TextPosition? = nil,
    scroll: ScrollFields? = nil
  ) throws -> JSONValue {
    let request = StableTextEditRequest(
      VersionedTextDocumentIdentifier(uri, version: version), edits: edits, policy: policy, caret: caret,
      scroll: scroll)
    try expectSchema(request.json, "edit.params.json")
    let result = try self.result(request)
    try expectSchema(result, "edit.result.json")
    return result
  }
}

@Suite struct FrontendExtension {
  static let korean150 = String(repeating: "안녕👋🏽🇰🇷", count: 37) + "가나"

  @Test func seedScenario() throws {
    let session = try Session(options: ["rules": ["placeholder": "What's new?"]], inProcess: true)
    let uri = "untitled:seed"
    session.open(uri, "")
    #expect(try session.codes() == ["empty-after-trim"])
    let state = try session.state(uri)
    try expectSchema(state, "state.result.json")
    #expect(state["counter"] == "00/150")
    #expect(state["placeholder"] == ["text": "What's new?", "visible": true])
    // Seven characters: 07/150, placeholder hidden.
    var result = try session.edit(uri, version: 1, [FieldEdit(range: textRange(0, 0, 0, 0), text: "안녕 👋🏽 🇰🇷!")])
    #expect(result["applied"] == true)
    #expect(result["version"] == 2)
    #expect(result["state"]?["counter"] == "07/150")
    #expect(result["state"]?["placeholder"]?["visible"] == false)
    #expect(try session.publish()["version"] == 2)
    // Fill to exactly 150 graphemes.
    result = try session.edit(uri, version: 2, [FieldEdit(range: nil, text: Self.korean150)])
    #expect(result["state"]?["counter"] == "150/150")
    #expect(result["state"]?["remaining"] == 0)
    _ = try session.publish()
    // One more is refused, and says what would fit (nothing).
    let check = try session.shouldChange(uri, textRange(0, 999, 0, 999), "다")
    #expect(check == ["allowed": false, "reason": "over-limit", "length": 151, "limit": 150, "fitting": ""])
    result = try session.edit(uri, version: 3, [FieldEdit(range: textRange(0, 999, 0, 999), text: "다")])
    #expect(result["applied"] == false)
    #expect(result["reason"] == "over-limit")
    #expect(result["version"] == 3)
    #expect(result["edits"] == [])
    // Deleting is always allowed.
    #expect(try session.shouldChange(uri, textRange(0, 0, 0, 1), "")["allowed"] == true)
    // Whitespace only: U+200B counts as whitespace, U+FEFF does not.
    result = try session.edit(uri, version: 3, [FieldEdit(range: nil, text: " \u{200B}\n")])
    #expect(result["state"]?["emptyAfterTrim"] == true)
    #expect(result["state"]?["placeholder"]?["visible"] == true)
    result = try session.edit(uri, version: 4, [FieldEdit(range: nil, text: "\u{FEFF}")])
    #expect(result["state"]?["emptyAfterTrim"] == false)
    try session.finish()
  }

  @Test func aLongPasteIsCaughtAtAnyLength() throws {
    let session = try Session(options: ["rules": ["maxLength": 10]], inProcess: true)
    let uri = "untitled:paste"
    session.open(uri, "hi")
    _ = try session.publish()
    let paste = " 👨‍👩‍👧‍👦 family photo"
    let check = try session.shouldChange(uri, textRange(0, 2, 0, 2), paste)
    #expect(
      check == ["allowed": false, "reason": "over-limit", "length": 17, "limit": 10, "fitting": " 👨‍👩‍👧‍👦 famil"])
    #expect(try session.state(uri)["version"] == 1)
    let truncated = try session.edit(
      uri, version: 1, [FieldEdit(range: textRange(0, 2, 0, 2), text: paste)], policy: .truncate)
    #expect(truncated["applied"] == true)
    #expect(truncated["reason"] == "over-limit")
    #expect(truncated["edits"] == [["range": range(0, 2, 0, 2), "text": " 👨‍👩‍👧‍👦 famil"]])
    #expect(truncated["state"]?["counter"] == "10/10")
    #expect(try session.text(uri) == "hi 👨‍👩‍👧‍👦 famil")
    let allowed = try session.edit(
      uri, version: 2, [FieldEdit(range: textRange(0, 99, 0, 99), text: "y")], policy: .allow)
    #expect(allowed["applied"] == true)
    #expect(allowed["reason"] == "over-limit")
    #expect(allowed["state"]?["overLimit"] == true)
    #expect(allowed["state"]?["counter"] == "11/10")
    try session.finish()
  }

  @Test func truncateNeverCutsAGraphemeCluster() throws {
    let session = try Session(options: ["rules": ["maxLength": 3, "policy": "truncate"]], inProcess: true)
    let uri = "untitled:clusters"
    session.open(uri, "a")
    _ = try session.publish()
    for (version, insert, kept) in [
      (1, "한\u{1100}\u{1161}\u{11A8}e\u{301}\u{323}", "한\u{1100}\u{1161}\u{11A8}")
    ] {
      let result = try session.edit(
        uri, version: version, [FieldEdit(range: textRange(0, 1, 0, 1), text: insert)])
      #expect(result["edits"]?[0]?["text"] == .string(kept))
    }
    let flags = try session.edit(uri, version: 2, [FieldEdit(range: nil, text: "🇰🇷🇯🇵👨‍👩‍👧‍👦🇺🇸")])
    #expect(flags["edits"] == [["text": "🇰🇷🇯🇵👨‍👩‍👧‍👦"]])
    try session.finish()
  }

  @Test func editChecksRunInOrder() throws {
    let session = try Session(inProcess: true)
    let uri = "untitled:order"
    session.open(uri, "😀", version: 5)
    _ = try session.publish()
    // Types first, even for an unknown document with a stale version.
    var error = try session.error(
      "stableText/edit", ["textDocument": ["uri": "untitled:nope", "version": "5"], "edits": []])
    #expect(
      error == ["code": -32602, "message": "params.textDocument.version: expected an integer, got a string"])
    error = try session.error(
      "stableText/edit",
      ["textDocument": ["uri": .string(uri), "version": 5], "edits": [["range": range(0, 0, 0, 0)]]])
    #expect(error == ["code": -32602, "message": "params.edits[0].text: missing; expected a string"])
    error = try session.error(
      "stableText/edit",
      ["textDocument": ["uri": .string(uri), "version": 5], "edits": [], "policy": "sometimes"])
    #expect(
      error == [
        "code": -32602,
        "message": "params.policy: expected one of \"reject\", \"truncate\", \"allow\", got \"sometimes\"",
      ])
    // Then the document.
    error = try session.error(
      StableTextEditRequest(VersionedTextDocumentIdentifier("untitled:nope", version: 1), edits: []))
    #expect(
      error == [
        "code": -32602,
        "message":
          "params.textDocument.uri: unknown document untitled:nope; open it with textDocument/didOpen first",
      ])
    // Then the version, before positions.
    error = try session.error(
      StableTextEditRequest(
        VersionedTextDocumentIdentifier(uri, version: 4),
        edits: [FieldEdit(range: textRange(0, 1, 0, 1), text: "x")]))
    #expect(
      error == [
        "code": -32801,
        "message":
          "params.textDocument.version: the document is at version 5, not 4; read stableText/state and retry",
        "data": ["version": 5],
      ])
    // Then positions: the second edit lands inside the emoji that the first one kept.
    error = try session.error(
      StableTextEditRequest(
        VersionedTextDocumentIdentifier(uri, version: 5),
        edits: [
          FieldEdit(range: textRange(0, 0, 0, 0), text: "ab"),
          FieldEdit(range: textRange(0, 3, 0, 4), text: "x"),
        ]))
    #expect(
      error == [
        "code": -32602,
        "message": "params.edits[1].range.start: position 0:3 falls inside a code point in utf-16",
      ])
    error = try session.error(
      StableTextEditRequest(
        VersionedTextDocumentIdentifier(uri, version: 5),
        edits: [FieldEdit(range: textRange(0, 2, 0, 0), text: "x")]))
    #expect(error == ["code": -32602, "message": "params.edits[0].range: start 0:2 is after end 0:0"])
    // A caret is a position in the result.
    error = try session.error(
      StableTextEditRequest(
        VersionedTextDocumentIdentifier(uri, version: 5),
        edits: [FieldEdit(range: textRange(0, 0, 0, 0), text: "x")],
        caret: textPosition(0, 2)))
    #expect(
      error == ["code": -32602, "message": "params.caret: position 0:2 falls inside a code point in utf-16"])
    // Nothing applied along the way.
    let state = try session.state(uri)
    #expect(state["text"] == "😀")
    #expect(state["version"] == 5)
    try session.finish()
  }

  @Test func editEchoesResolvedRangesInOrder() throws {
    let session = try Session(encodings: ["utf-8"], inProcess: true)
    let uri = "untitled:echo"
    let marked = MarkedText("한국1️⃣\r\nab2️⃣")
    session.open(uri, marked.text)
    _ = try session.publish()
    let result = try session.edit(
      uri, version: 1,
      [
        FieldEdit(range: textRange(0, 99, 0, 99), text: "어"),  // clamped to the line's end, 1️⃣
        FieldEdit(range: textRange(1, 0, 1, 1), text: "A"),
        FieldEdit(range: textRange(7, 0, 9, 9), text: "!"),  // past the end: the document's end, 2️⃣
      ])
    let lineEnd = marked.position("1️⃣", .utf8)
    let end = marked.position("2️⃣", .utf8)
    #expect(
      result["edits"] == [
        ["range": range(lineEnd.line, lineEnd.character, lineEnd.line, lineEnd.character), "text": "어"],
        ["range": range(1, 0, 1, 1), "text": "A"],
        ["range": range(end.line, end.character, end.line, end.character), "text": "!"],
      ])
    #expect(result["version"] == 2)
    #expect(try session.text(uri) == "한국어\r\nAb!")
    // An empty list applies and changes nothing, not even the version.
    let empty = try session.edit(uri, version: 2, [])
    #expect(empty["applied"] == true)
    #expect(empty["version"] == 2)
    try session.finish()
  }

  @Test func editOnAnOutOfSyncDocumentIsRefused() throws {
    let session = try Session(inProcess: true)
    let uri = "file:///oos.txt"
    session.open(uri, "x")
    _ = try session.publish()
    session.change(uri, version: 1, fullText("y"))
    _ = try session.publish()
    let error = try session.error(
      StableTextEditRequest(
        VersionedTextDocumentIdentifier(uri, version: 1), edits: [FieldEdit(range: nil, text: "z")]))
    #expect(
      error == [
        "code": -32801,
        "message":
          "params.textDocument.uri: the document is out of sync; the editor must send its full text first",
        "data": ["version": 1],
      ])
    try session.finish()
  }

  @Test func configureMergesAndIsDroppedOnReopen() throws {
    let session = try Session(options: ["rules": ["maxLength": 100]], inProcess: true)
    let uri = "file:///conf.txt"
    session.open(uri, "abcdef")
    _ = try session.publish()
    let params: JSONValue = [
      "textDocument": ["uri": .string(uri)], "rules": ["maxLength": 5, "counterDigits": 3],
    ]
    try expectSchema(params, "configure.params.json")
    var state = try session.result("stableText/configure", params)
    try expectSchema(state, "state.result.json")
    #expect(state["counter"] == "006/5")
    #expect(try session.codes() == ["over-limit"])
    state = try session.result(
      StableTextConfigureRequest(TextDocumentIdentifier(uri), rules: RulePatch(unit: .utf8)))
    #expect(state["counter"] == "006/5")
    #expect(state["unit"] == "utf8")
    _ = try session.publish()
    // A configuration change replaces the shared rules but keeps configure's.
    session.endpoint.notify(
      "workspace/didChangeConfiguration",
      ["settings": ["stableText": ["rules": ["maxLength": 1, "placeholder": "p"]]]])
    _ = try session.publish()
    state = try session.state(uri)
    #expect(state["limit"] == 5)
    #expect(state["placeholder"]?["text"] == "p")
    // Reopening drops configure's rules.
    session.close(uri)
    _ = try session.publish()
    session.open(uri, "abcdef")
    _ = try session.publish()
    #expect(try session.state(uri)["counter"] == "06/1")
    let error = try session.error(
      "stableText/configure", ["textDocument": ["uri": .string(uri)], "rules": ["maxLength": -1]])
    #expect(
      error == [
        "code": -32602,
        "message": "params.rules.maxLength: expected a non-negative integer or null, got -1",
      ])
    // A minimum above the same layer's maximum is refused, naming the minimum; nothing changes.
    let crossed = try session.error(
      "stableText/configure",
      ["textDocument": ["uri": .string(uri)], "rules": ["maxLength": 10, "minLength": 20]])
    #expect(
      crossed == [
        "code": -32602, "message": "params.rules.minLength: expected at most maxLength (10), got 20",
      ])
    // Within the bounds of one layer, and under the minimum: a warning.
    var rules = RulePatch(maxLength: 10)
    rules.minLength = 8
    let bounded = try session.result(StableTextConfigureRequest(TextDocumentIdentifier(uri), rules: rules))
    #expect(bounded["limit"] == 10)
    let published = try session.publish()["diagnostics"]!
    #expect(published.codes == ["under-limit"])
    #expect(published[0]?["message"] == "6/8 characters: 2 under the minimum")
    try expectSchema(published[0]!, "diagnostic.json")
    // The configure layer is one layer across requests: a bound that crosses the other one an
    // earlier request set is refused too, naming the bound this request set; nothing changes.
    let raisedMinimum = try session.error(
      "stableText/configure", ["textDocument": ["uri": .string(uri)], "rules": ["minLength": 12]])
    #expect(
      raisedMinimum == [
        "code": -32602, "message": "params.rules.minLength: expected at most maxLength (10), got 12",
      ])
    let loweredMaximum = try session.error(
      "stableText/configure", ["textDocument": ["uri": .string(uri)], "rules": ["maxLength": 7]])
    #expect(
      loweredMaximum == [
        "code": -32602,
        "message":
          "params.rules.maxLength: expected at least minLength (8), which an earlier stableText/configure set, got 7",
      ])
    let unchanged = try session.state(uri)
    #expect(unchanged["limit"] == 10)
    #expect(unchanged["counter"] == "06/10")
    // Clearing the minimum lets the maximum go below it.
    let cleared = try session.result(
      "stableText/configure",
      ["textDocument": ["uri": .string(uri)], "rules": ["minLength": .null, "maxLength": 7]])
    #expect(cleared["limit"] == 7)
    try session.finish()
  }

  /// `bytes` in a legacy encoding over the wire: Korean LMS counts CP949 (a syllable 2 bytes),
  /// the line rules count in the same encoding, and what CP949 cannot write is one `unencodable`
  /// error per run (whatever the unit), named in the data; the name is written back as the
  /// table spells it.
  @Test func bytesCountInTheRulesEncoding() throws {
    let session = try Session(
      options: ["rules": ["unit": "bytes", "encoding": "cp949", "maxLength": 10]], inProcess: true)
    let uri = "untitled:lms"
    session.open(uri, "안녕 é ü!\n세계")
    var published = try session.publish()["diagnostics"]!
    #expect(published.codes == ["over-limit", "unencodable", "unencodable"])
    #expect(published[0]?["message"] == "12/10 bytes in CP949: 2 over the limit")
    #expect(published[0]?["data"]?["unit"] == "bytes")
    #expect(published[1]?["message"] == "cannot be written in CP949")
    #expect(published[1]?["data"] == ["encoding": "CP949"])
    // `é ü`: two runs of one cluster each, the space between them writable.
    #expect(published[1]?["range"] == textRange(0, 3, 0, 4).json)
    #expect(published[2]?["range"] == textRange(0, 5, 0, 6).json)
    for diagnostic in published.arrayValue ?? [] { try expectSchema(diagnostic, "diagnostic.json") }
    var state = try session.state(uri)
    #expect(state["length"] == 12)
    #expect(state["unit"] == "bytes")
    // The same rules in UTF-16: every scalar writable, two bytes a code unit.
    var rules = RulePatch(maxLength: 40)
    rules.encoding = CharacterEncoding(named: "UTF-16")
    _ = try session.result(StableTextConfigureRequest(TextDocumentIdentifier(uri), rules: rules))
    published = try session.publish()["diagnostics"]!
    #expect(published.codes == [])
    state = try session.state(uri)
    #expect(state["length"] == 20)
    try session.finish()
  }

  /// SMS segments over the wire: the state says how the text is sent, hover says it in words, and
  /// the first character outside GSM-7 makes the whole text UCS-2 (fewer characters a part).
  @Test func smsStateAndHover() throws {
    let session = try Session(options: ["rules": ["unit": "sms", "maxLength": 1]], inProcess: true)
    let uri = "untitled:sms"
    let body = String(repeating: "a", count: 150) + "{}" + String(repeating: "b", count: 36)
    session.open(uri, body)
    let published = try session.publish()["diagnostics"]!
    #expect(published.codes == ["over-limit"])
    #expect(published[0]?["message"] == "2/1 SMS segments: 1 over the limit")
    var state = try session.state(uri)
    try expectSchema(state, "state.result.json")
    #expect(state["length"] == 2)
    #expect(state["sms"] == ["encoding": "gsm7", "segments": 2, "units": 190])
    let hover = try session.result(HoverRequest(TextDocumentIdentifier(uri), position: textPosition(0, 0)))
    #expect(hover["contents"]?["value"]?.stringValue?.hasSuffix("2 SMS (GSM-7, 190 septets)") == true)
    // An emoji: UCS-2, where `{` and `}` are one unit each: 188 + 2 units, in parts of 67.
    session.change(uri, version: 2, edit(textRange(0, 0, 0, 0).json, "🙂"))
    _ = try session.publish()
    state = try session.state(uri)
    #expect(state["sms"] == ["encoding": "ucs2", "segments": 3, "units": 190])
    try session.finish()
  }

  /// Korean through an input method at the limit, over the wire: composing edits apply
  /// whatever the limit; the commit is refused as one change from before the composition, and
  /// the document is that text again (a new version), the answer saying how.
  @Test func composingNeverCutsASyllable() throws {
    let session = try Session(options: ["rules": ["maxLength": 3]], inProcess: true)
    let uri = "untitled:ime"
    session.open(uri, "가나")
    _ = try session.publish()
    var version = 1
    var marked = textRange(0, 2, 0, 2)
    for text in ["ㄷ", "다", "닥", "다가"] {
      var request = StableTextEditRequest(
        VersionedTextDocumentIdentifier(uri, version: version), edits: [FieldEdit(range: marked, text: text)])
      request.composing = true
      try expectSchema(request.json, "edit.params.json")
      let result = try session.result(request)
      #expect(result["applied"] == true)
      version = result["version"]!.intValue!
      marked = textRange(0, 2, 0, 2 + text.utf16.count)
      var check = StableTextShouldChangeTextRequest(
        TextDocumentIdentifier(uri), range: marked, text: text + "ㅎ")
      check.composing = true
      #expect(try session.result(check)["allowed"] == true)
    }
    #expect(try session.text(uri) == "가나다가")
    let commit = try session.edit(uri, version: version, [FieldEdit(range: marked, text: "다가")])
    #expect(commit["applied"] == false)
    #expect(commit["reason"] == "over-limit")
    #expect(commit["edits"] == [["range": range(0, 2, 0, 4), "text": ""]])
    #expect(commit["version"] == .int(version + 1))
    #expect(try session.text(uri) == "가나")
    // A composing edit of the whole text is refused, naming the edit's range; nothing changes.
    var whole = StableTextEditRequest(
      VersionedTextDocumentIdentifier(uri, version: version + 1), edits: [FieldEdit(range: nil, text: "x")])
    whole.composing = true
    let error = try session.error(whole)
    #expect(
      error == [
        "code": -32602,
        "message":
          "params.edits[0].range: missing; a composing edit replaces a range of marked text, not the whole text",
      ])
    #expect(try session.text(uri) == "가나")
    try session.finish()
  }

  @Test func stateNotificationsWhenAskedFor() throws {
    let session = try Session(
      options: ["stateNotifications": true, "rules": ["maxLength": 3]], inProcess: true)
    let uri = "untitled:notify"
    session.open(uri, "ab")
    var notification = try session.endpoint.notification("stableText/didChangeState")["params"]!
    try expectSchema(notification, "didChangeState.params.json")
    #expect(notification["counter"] == "02/3")
    _ = try session.edit(uri, version: 1, [FieldEdit(range: textRange(0, 2, 0, 2), text: "c")])
    notification = try session.endpoint.notification("stableText/didChangeState")["params"]!
    #expect(notification["counter"] == "03/3")
    #expect(notification["version"] == 2)
    #expect(notification["text"] == nil)
    try session.finish()
  }

  @Test func noStateNotificationsByDefault() throws {
    let session = try Session(inProcess: true)
    session.open("untitled:quiet", "ab")
    _ = try session.publish()
    try session.finish()
    #expect(
      try session.endpoint.collectUntilExit().filter { $0["method"] == "stableText/didChangeState" }.isEmpty)
  }

  @Test func diagnosticsMatchTheirSchema() throws {
    let session = try Session(options: ["rules": ["maxLength": 1]], inProcess: true)
    session.open("untitled:d", " \n ")
    let diagnostics = try session.publish()["diagnostics"]!.arrayValue!
    #expect(diagnostics.count == 2)
    for diagnostic in diagnostics { try expectSchema(diagnostic, "diagnostic.json") }
    session.change("untitled:d", version: 1, fullText("x"))
    try expectSchema(try session.publish()["diagnostics"]![0]!, "diagnostic.json")
    try session.finish()
  }

  @Test func shouldChangeTextErrors() throws {
    let session = try Session(inProcess: true)
    session.open("untitled:s", "😀")
    _ = try session.publish()
    var error = try session.error(
      "stableText/shouldChangeText", ["textDocument": ["uri": "untitled:s"], "range": range(0, 1, 0, 1)])
    #expect(error == ["code": -32602, "message": "params.text: missing; expected a string"])
    error = try session.error(
      StableTextShouldChangeTextRequest(
        TextDocumentIdentifier("untitled:s"), range: textRange(0, 1, 0, 2), text: ""))
    #expect(
      error == [
        "code": -32602, "message": "params.range.start: position 0:1 falls inside a code point in utf-16",
      ])
    error = try session.error(
      StableTextShouldChangeTextRequest(
        TextDocumentIdentifier("untitled:t"), range: textRange(0, 0, 0, 0), text: ""))
    #expect(error["code"] == -32602)
    try session.finish()
  }
}

@Test func schemaValidatorCatchesWhatItShould() throws {
  var validator = SchemaValidator()
  let problems = try validator.validate(
    [
      "uri": "u", "version": 1.5, "length": -1, "limit": nil, "unit": "words", "remaining": nil,
      "overLimit": false,
      "emptyAfterTrim": false, "counter": "seven", "placeholder": ["text": "", "visible": false, "extra": 1],
      "lineCount": 1,
      "surprise": true,
    ], against: "state.result.json")
  #expect(
    problems.sorted() == [
      "$.counter: \"seven\" does not match ^[0-9]+(/[0-9]+)?$",
      "$.length: -1 is below 0",
      "$.placeholder: unexpected member extra",
      "$.unit: \"words\" is not one of [\(LengthUnit.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ","))]",
      "$.version: expected integer, got 1.5",
      "$: missing required member outOfSync",
      "$: unexpected member surprise",
    ])
}
