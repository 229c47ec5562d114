import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

extension Session {
  /// `stableText/scroll` through its type, whose params must meet the schema.
  func scroll(
    _ uri: String, caret: TextPosition? = nil, offset: Double = 0, _ viewport: Viewport,
    affinity: Affinity = .downstream, farThreshold: Double? = nil
  ) throws -> JSONValue {
    let fields = ScrollFields(
      caret: caret,
      request: ScrollRequest(
        affinity: affinity, offset: offset, viewport: viewport, farThreshold: farThreshold))
    let request = StableTextScrollRequest(TextDocumentIdentifier(uri), fields: fields)
    try expectSchema(request.json, "scroll.params.json")
    let result = try self.result(request)
    try expectSchema(result, "scroll.result.json")
    return result
  }
}

/// The scroll fields of an edit: the view at `offset`, the caret where the edit leaves it.
func scrolling(_ viewport: Viewport, offset: Double) -> ScrollFields {
  ScrollFields(caret: nil, request: ScrollRequest(offset: offset, viewport: viewport))
}

@Suite struct StableScrollSessions {
  static let tenLines = (0..<10).map { "line \($0)" }.joined(separator: "\n")

  /// The bug this cures: pressing Return on the last visible line moves the view by exactly
  /// one row pitch, and typing inside the view moves nothing.
  @Test func returnBelowTheViewport() throws {
    let session = try Session(options: ["rules": ["maxLength": nil]], inProcess: true)
    let uri = "untitled:scroll"
    session.open(uri, Self.tenLines)
    _ = try session.publish()
    let viewport = Viewport(height: 116, lineHeight: 20, lineSpacing: 4)
    var answer = try session.scroll(uri, offset: 120, viewport)
    #expect(
      answer == [
        "offset": 120, "scrollEnabled": true, "contentHeight": 236, "minOffset": 0, "maxOffset": 120,
        "rows": 10,
        "caret": ["line": 9, "character": 6, "row": 9, "column": 6, "y": 216, "height": 20], "reason": "none",
        "exact": true,
      ])
    // Typing a character on the last line: no move.
    var result = try session.edit(
      uri, version: 1, [FieldEdit(range: textRange(9, 6, 9, 6), text: "!")],
      scroll: scrolling(viewport, offset: 120))
    #expect(result["scroll"]?["offset"] == 120)
    #expect(result["scroll"]?["reason"] == "none")
    // Return: one row pitch, no more.
    result = try session.edit(
      uri, version: 2, [FieldEdit(range: textRange(9, 7, 9, 7), text: "\n")],
      scroll: scrolling(viewport, offset: 120))
    #expect(result["scroll"]?["offset"] == 144)
    #expect(result["scroll"]?["reason"] == "revealDown")
    #expect(
      result["scroll"]?["caret"] == [
        "line": 10, "character": 0, "row": 10, "column": 0, "y": 240, "height": 20,
      ])
    // Feeding the answer back changes nothing.
    answer = try session.scroll(uri, offset: 144, viewport)
    #expect(answer["offset"] == 144)
    #expect(answer["reason"] == "none")
    try session.finish()
  }

  @Test func fractionalPointsAndObscuredAreas() throws {
    let session = try Session(encodings: ["utf-8"], options: ["rules": ["maxLength": nil]], inProcess: true)
    let uri = "untitled:points"
    session.open(uri, (0..<40).map { "행 \($0)" }.joined(separator: "\n"))
    _ = try session.publish()
    // A navigation bar of 44.5 points and a keyboard of 291 over a 600-point view.
    let viewport = Viewport(
      height: 600, lineHeight: 17.5, lineSpacing: 2.25, padding: VerticalInsets(top: 8, bottom: 8),
      obscured: VerticalInsets(top: 44.5, bottom: 291), margin: VerticalInsets(top: 10, bottom: 10))
    let answer = try session.scroll(uri, caret: textPosition(20, 3), offset: -44.5, viewport)
    // Caret row 20: top 8 + 20 × 19.75 = 403, bottom 420.5; band bottom −44.5 + 600 − 291 − 10 = 254.5.
    #expect(
      answer["caret"] == ["line": 20, "character": 3, "row": 20, "column": 2, "y": 403, "height": 17.5])
    #expect(answer["offset"] == .double(121.5))
    #expect(answer["reason"] == "revealDown")
    #expect(answer["minOffset"] == .double(-44.5))
    #expect(answer["contentHeight"] == .double(8 + 40 * 17.5 + 39 * 2.25 + 8))
    try session.finish()
  }

  @Test func wrappedRowsTabsAndAffinity() throws {
    let session = try Session(options: ["rules": ["maxLength": nil]], inProcess: true)
    let uri = "untitled:wrap"
    session.open(uri, "안녕하세요 세계\n\tx")
    _ = try session.publish()
    let viewport = Viewport(height: 10, wrap: WrapOptions(columns: 6, wrap: .word, tabSize: 4))
    // "안녕하세요 " is 11 cells: word wrap breaks after the space → rows "안녕하"/"세요 "/"세계".
    var answer = try session.scroll(uri, caret: textPosition(0, 6), viewport)
    #expect(answer["rows"] == 4)
    #expect(answer["caret"]?["row"] == 2)
    #expect(answer["caret"]?["column"] == 0)
    answer = try session.scroll(uri, caret: textPosition(0, 6), viewport, affinity: .upstream)
    #expect(answer["caret"]?["row"] == 1)
    #expect(answer["caret"]?["column"] == 5)
    answer = try session.scroll(uri, viewport)
    #expect(answer["caret"] == ["line": 1, "character": 2, "row": 3, "column": 5, "y": 3, "height": 1])
    #expect(answer["scrollEnabled"] == false)
    try session.finish()
  }

  @Test func anchoringKeepsTheVisibleTextStill() throws {
    let session = try Session(options: ["rules": ["maxLength": nil]], inProcess: true)
    let uri = "untitled:anchor"
    session.open(uri, (0..<50).map { "line \($0)" }.joined(separator: "\n"))
    _ = try session.publish()
    let viewport = Viewport(height: 10)
    // Someone inserts two lines at the top while the user looks at lines 20–29 with the caret on 25.
    var result = try session.edit(
      uri, version: 1, [FieldEdit(range: textRange(0, 0, 0, 0), text: "a\nb\n")], caret: textPosition(27, 0),
      scroll: scrolling(viewport, offset: 20))
    #expect(result["scroll"]?["offset"] == 22)
    #expect(result["scroll"]?["reason"] == "anchor")
    // Deleting inside the view moves nothing.
    result = try session.edit(
      uri, version: 2, [FieldEdit(range: textRange(25, 0, 26, 0), text: "")],
      scroll: scrolling(viewport, offset: 22))
    #expect(result["scroll"]?["offset"] == 22)
    #expect(result["scroll"]?["reason"] == "none")
    // Deleting above the view pulls it up by as many rows.
    result = try session.edit(
      uri, version: 3, [FieldEdit(range: textRange(1, 0, 4, 0), text: "")], caret: textPosition(22, 0),
      scroll: scrolling(viewport, offset: 22))
    #expect(result["scroll"]?["offset"] == 19)
    #expect(result["scroll"]?["reason"] == "anchor")
    try session.finish()
  }

  @Test func centerFarThresholdAndClamp() throws {
    let session = try Session(options: ["rules": ["maxLength": nil]], inProcess: true)
    let uri = "untitled:center"
    session.open(uri, (0..<100).map { "\($0)" }.joined(separator: "\n"))
    _ = try session.publish()
    var answer = try session.scroll(uri, caret: textPosition(50, 0), Viewport(height: 10), farThreshold: 20)
    #expect(answer["offset"] == .double(45.5))
    #expect(answer["reason"] == "center")
    answer = try session.scroll(uri, caret: textPosition(99, 0), offset: 500, Viewport(height: 10))
    #expect(answer["offset"] == 90)
    #expect(answer["reason"] == "clamp")
    try session.finish()
  }

  @Test(
    arguments: [
      (["height": -1], "params.viewport.height: expected a number at least 0, got -1"),
      (["lineHeight": 1], "params.viewport.height: missing; expected a number at least 0"),
      (
        ["height": 5, "lineHeight": 0], "params.viewport.lineHeight: expected a number greater than 0, got 0"
      ),
      (["height": 5, "columns": 0], "params.viewport.columns: expected a positive integer or null, got 0"),
      (
        ["height": 5, "columns": 2.5], "params.viewport.columns: expected a positive integer or null, got 2.5"
      ),
      (
        ["height": 5, "wrap": "line"],
        "params.viewport.wrap: expected one of \"char\", \"word\", got \"line\""
      ),
      (["height": 5, "tabSize": 0], "params.viewport.tabSize: expected a positive integer, got 0"),
      (["height": 5, "margin": ["top": "1"]], "params.viewport.margin.top: expected a number, got a string"),
      ("tall", "params.viewport: expected an object, got a string"),
    ] as [(JSONValue, String)])
  func badViewports(viewport: JSONValue, message: String) throws {
    let session = try Session(inProcess: true)
    session.open("untitled:v", "x")
    _ = try session.publish()
    let error = try session.error(
      "stableText/scroll", ["textDocument": ["uri": "untitled:v"], "viewport": viewport])
    #expect(error == ["code": -32602, "message": .string(message)])
    try session.finish()
  }

  @Test func caretErrorsAndUnknownDocuments() throws {
    let session = try Session(inProcess: true)
    session.open("untitled:c", "😀")
    _ = try session.publish()
    var error = try session.error(
      "stableText/scroll",
      ["textDocument": ["uri": "untitled:c"], "caret": position(0, 1), "viewport": ["height": 5]])
    #expect(
      error == ["code": -32602, "message": "params.caret: position 0:1 falls inside a code point in utf-16"])
    error = try session.error(
      "stableText/scroll",
      ["textDocument": ["uri": "untitled:c"], "affinity": "sideways", "viewport": ["height": 5]])
    #expect(
      error == [
        "code": -32602,
        "message": "params.affinity: expected one of \"downstream\", \"upstream\", got \"sideways\"",
      ])
    error = try session.error(
      "stableText/scroll", ["textDocument": ["uri": "untitled:zz"], "viewport": ["height": 5]])
    #expect(
      error == [
        "code": -32602,
        "message":
          "params.textDocument.uri: unknown document untitled:zz; open it with textDocument/didOpen first",
      ])
    try session.finish()
  }
}

/// A text larger than one layout budget, through the daemon: the first answer comes at once and
/// says it is estimated, another document is answered while the rest is laid out between
/// messages, and the answers turn exact, with the rows of a layout of the whole text. (Through
/// the process: the layout goes on between messages, which only the threaded connection does.)
@Test func largeTextsAreEstimatedFirstThenExact() throws {
  let session = try Session(options: ["rules": ["maxLength": nil]])
  // About 1.4 MB: lines of 0 to 8 words, then one long line.
  var text = (0..<90_000).map { String(repeating: "ab ", count: $0 % 9) }.joined(separator: "\n")
  text += "\n" + String(repeating: "word ", count: 40_000)
  session.open("untitled:big", text)
  _ = try session.publish()
  session.open("untitled:small", "hi")
  _ = try session.publish()
  let viewport = Viewport(height: 10, wrap: WrapOptions(columns: 20, wrap: .word))
  var answer = try session.scroll("untitled:big", caret: textPosition(0, 0), viewport)
  #expect(answer["exact"] == false)
  #expect(answer["caret"]?["row"] == 0)
  #expect(try session.state("untitled:small")["length"] == 2)
  var polls = 1
  while answer["exact"] != true && polls < 10_000 {
    answer = try session.scroll("untitled:big", caret: textPosition(0, 0), viewport)
    polls += 1
  }
  let whole = TextLayout(TextBuffer(text), options: WrapOptions(columns: 20, wrap: .word, tabSize: 4))
  #expect(answer["exact"] == true)
  #expect(answer["rows"] == .int(whole.rowCount))
  // The caret at the end of the long line, placed exactly.
  answer = try session.scroll("untitled:big", viewport)
  let caret = whole.caret(at: text.utf8.count, in: TextBuffer(text), affinity: .downstream)
  #expect(answer["caret"]?["row"] == .int(caret.row) && answer["caret"]?["column"] == .int(caret.column))
  #expect(answer["exact"] == true)
  try session.finish()
}
