import StableTextTestSupport
import Testing

@testable import StableTextCore

/// One row of the vector table: a text and what every count of it must be.
struct CountVector: CustomTestStringConvertible, Sendable {
  var name: String
  var text: String
  var graphemes: Int
  var utf16: Int
  var scalars: Int
  var utf8: Int
  var lines: Int
  var testDescription: String { name }
}

let countVectors: [CountVector] = [
  .init(name: "empty", text: "", graphemes: 0, utf16: 0, scalars: 0, utf8: 0, lines: 1),
  .init(name: "ASCII", text: "hello", graphemes: 5, utf16: 5, scalars: 5, utf8: 5, lines: 1),
  .init(name: "Korean syllables", text: "안녕하세요", graphemes: 5, utf16: 5, scalars: 5, utf8: 15, lines: 1),
  .init(
    name: "Korean jamo (decomposed)", text: "\u{1100}\u{1161}\u{11A8}", graphemes: 1, utf16: 3, scalars: 3,
    utf8: 9, lines: 1),
  .init(name: "ZWJ family", text: "👨‍👩‍👧‍👦", graphemes: 1, utf16: 11, scalars: 7, utf8: 25, lines: 1),
  .init(name: "flags", text: "🇰🇷🇯🇵", graphemes: 2, utf16: 8, scalars: 4, utf8: 16, lines: 1),
  .init(name: "skin tone", text: "👋🏽", graphemes: 1, utf16: 4, scalars: 2, utf8: 8, lines: 1),
  .init(
    name: "combining marks", text: "e\u{301}\u{323}x", graphemes: 2, utf16: 4, scalars: 4, utf8: 6, lines: 1),
  .init(name: "CRLF is one character", text: "a\r\nb", graphemes: 3, utf16: 4, scalars: 4, utf8: 4, lines: 2),
  .init(name: "lone CR and LF", text: "a\rb\nc", graphemes: 5, utf16: 5, scalars: 5, utf8: 5, lines: 3),
  .init(name: "trailing terminator", text: "a\n", graphemes: 2, utf16: 2, scalars: 2, utf8: 2, lines: 2),
  .init(
    name: "U+2028 is not a terminator", text: "a\u{2028}b\u{0C}c", graphemes: 5, utf16: 5, scalars: 5,
    utf8: 7, lines: 1),
  .init(name: "CR CR LF", text: "\r\r\n", graphemes: 2, utf16: 3, scalars: 3, utf8: 3, lines: 3),
  .init(name: "NUL", text: "a\u{0}b", graphemes: 3, utf16: 3, scalars: 3, utf8: 3, lines: 1),
]

@Test(arguments: countVectors)
func countsInEveryUnit(_ vector: CountVector) {
  let buffer = TextBuffer(vector.text)
  #expect(buffer.count(.graphemes) == vector.graphemes)
  #expect(buffer.count(.utf16) == vector.utf16)
  #expect(buffer.count(.scalars) == vector.scalars)
  #expect(buffer.count(.utf8) == vector.utf8)
  #expect(buffer.lineCount == vector.lines)
}

/// Positions are written into the text with 1️⃣-style markers, which are removed before use.
struct PositionVector: CustomTestStringConvertible, Sendable {
  var marked: String
  var encoding: PositionEncoding
  /// (line, character) → expected UTF-8 offset of the marker named, or nil when invalid.
  var position: TextPosition
  var marker: String?
  var testDescription: String { "\(marked) \(encoding) \(position)" }
}

let positionVectors: [PositionVector] = [
  .init(marked: "ab1️⃣c", encoding: .utf16, position: .init(line: 0, character: 2), marker: "1️⃣"),
  .init(marked: "😀1️⃣x", encoding: .utf16, position: .init(line: 0, character: 2), marker: "1️⃣"),
  .init(marked: "😀x", encoding: .utf16, position: .init(line: 0, character: 1), marker: nil),
  .init(marked: "😀1️⃣x", encoding: .utf8, position: .init(line: 0, character: 4), marker: "1️⃣"),
  .init(marked: "😀x", encoding: .utf8, position: .init(line: 0, character: 2), marker: nil),
  .init(marked: "😀1️⃣x", encoding: .utf32, position: .init(line: 0, character: 1), marker: "1️⃣"),
  .init(marked: "한1️⃣국", encoding: .utf16, position: .init(line: 0, character: 1), marker: "1️⃣"),
  .init(marked: "한국", encoding: .utf8, position: .init(line: 0, character: 1), marker: nil),
  .init(marked: "한1️⃣국", encoding: .utf8, position: .init(line: 0, character: 3), marker: "1️⃣"),
  // Inside a grapheme cluster but on a scalar boundary: valid.
  .init(marked: "e1️⃣\u{301}", encoding: .utf16, position: .init(line: 0, character: 1), marker: "1️⃣"),
  // Past the line's end: clamped to before the terminator.
  .init(marked: "ab1️⃣\r\ncd", encoding: .utf16, position: .init(line: 0, character: 99), marker: "1️⃣"),
  .init(marked: "ab\r\n1️⃣cd", encoding: .utf16, position: .init(line: 1, character: 0), marker: "1️⃣"),
  .init(marked: "ab\rcd1️⃣", encoding: .utf16, position: .init(line: 1, character: 2), marker: "1️⃣"),
  // Past the last line: the end of the document.
  .init(marked: "ab\ncd1️⃣", encoding: .utf16, position: .init(line: 7, character: 0), marker: "1️⃣"),
  .init(marked: "ab\n1️⃣", encoding: .utf16, position: .init(line: 1, character: 5), marker: "1️⃣"),
]

@Test(arguments: positionVectors)
func resolvesPositions(_ vector: PositionVector) throws {
  let marked = MarkedText(vector.marked)
  let buffer = TextBuffer(marked.text)
  if let marker = vector.marker {
    let offset = try buffer.offset(of: vector.position, in: vector.encoding)
    #expect(offset == marked.offset(marker))
  } else {
    #expect(throws: PositionError.insideCodePoint(vector.position, vector.encoding)) {
      try buffer.offset(of: vector.position, in: vector.encoding)
    }
  }
}

@Test func startAfterEndIsJudgedAfterClamping() throws {
  let buffer = TextBuffer("abc\ndef")
  // Both ends clamp to the end of line 0: an empty range, not an inverted one.
  let range = TextRange(start: .init(line: 0, character: 9), end: .init(line: 0, character: 5))
  #expect(try buffer.offsets(of: range, in: .utf16) == 3..<3)
  let inverted = TextRange(start: .init(line: 1, character: 0), end: .init(line: 0, character: 1))
  #expect(throws: PositionError.startAfterEnd(start: inverted.start, end: inverted.end)) {
    try buffer.offsets(of: inverted, in: .utf16)
  }
}

struct JoinVector: Sendable, CustomTestStringConvertible {
  var before: String
  var range: Range<Int>
  var insert: String
  var after: String
  var lines: Int
  var testDescription: String { "\(before.debugDescription) → \(after.debugDescription)" }
}

@Test(arguments: [
  JoinVector(before: "a\r", range: 2..<2, insert: "\nb", after: "a\r\nb", lines: 2),
  JoinVector(before: "a\n", range: 1..<1, insert: "\r", after: "a\r\n", lines: 2),
  JoinVector(before: "a\rx\n", range: 2..<3, insert: "", after: "a\r\n", lines: 2),
  JoinVector(before: "a\r\n", range: 1..<2, insert: "", after: "a\n", lines: 2),
  JoinVector(before: "a\r\nb", range: 2..<2, insert: "x", after: "a\rx\nb", lines: 3),
  JoinVector(before: "l1\nl2\nl3", range: 2..<6, insert: "", after: "l1l3", lines: 1),
])
func editsJoinAndSplitTerminators(_ vector: JoinVector) {
  var buffer = TextBuffer(vector.before)
  buffer.replace(vector.range, with: vector.insert)
  #expect(buffer.string == vector.after)
  #expect(buffer.lineCount == vector.lines)
  #expect(buffer.lineCount == TextBuffer(vector.after).lineCount)
}

@Test func positionsOfOffsetsInEveryEncoding() {
  let marked = MarkedText("👨‍👩‍👧\r\n한1️⃣e\u{301}🇰🇷2️⃣")
  let buffer = TextBuffer(marked.text)
  for marker in ["1️⃣", "2️⃣"] {
    for (encoding, named) in [
      (PositionEncoding.utf8, MarkedText.Encoding.utf8), (.utf16, .utf16), (.utf32, .utf32),
    ] {
      let (line, character) = marked.position(marker, named)
      #expect(
        buffer.position(of: marked.offset(marker), in: encoding)
          == TextPosition(line: line, character: character))
    }
  }
  // The helper's own figures, counted once by hand so that it is checked too.
  #expect(marked.position("1️⃣", .utf16) == (1, 1) && marked.position("1️⃣", .utf8) == (1, 3))
  #expect(marked.position("2️⃣", .utf16) == (1, 7) && marked.position("2️⃣", .utf32) == (1, 5))
  #expect(marked.position("2️⃣", .utf8) == (1, 14))
}

@Test func atomicChangeListRollsBack() {
  var buffer = TextBuffer("hello\nworld")
  let changes = [
    ContentChange(
      range: .init(start: .init(line: 0, character: 0), end: .init(line: 0, character: 5)), text: "😀"),
    // Inside the emoji just inserted.
    ContentChange(
      range: .init(start: .init(line: 0, character: 1), end: .init(line: 0, character: 1)), text: "x"),
  ]
  #expect(throws: ContentChangeError(index: 1, error: .insideCodePoint(.init(line: 0, character: 1), .utf16)))
  {
    try buffer.apply(changes, in: .utf16)
  }
  #expect(buffer.string == "hello\nworld")
  #expect(buffer.lineCount == 2)
}

@Test func changeListAppliesInOrder() throws {
  var buffer = TextBuffer("abc")
  try buffer.apply(
    [
      ContentChange(range: nil, text: "line1\nline2"),
      ContentChange(
        range: .init(start: .init(line: 1, character: 4), end: .init(line: 1, character: 5)), text: "Z"),
      ContentChange(
        range: .init(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)), text: "> "),
    ], in: .utf16)
  #expect(buffer.string == "> line1\nlineZ")
}

/// An empty text has one place, offset 0, in every unit (an app's first `NSRange` is `{0, 0}`).
@Test func emptyTextHasOnePlace() throws {
  let empty = TextBuffer("")
  #expect(empty.utf8Offset(fromUTF16: 0) == 0)
  #expect(empty.utf8Offset(fromUTF16: 1) == nil)
  #expect(empty.position(of: 0, in: .utf16) == TextPosition(line: 0, character: 0))
  #expect(empty.clusterStart(containing: 0) == 0 && empty.clusterStart(0) == 0)
  #expect(empty.lineStart(0) == 0 && empty.lineContentEnd(0) == 0 && empty.line(containing: 0) == 0)
  #expect(try empty.offset(of: TextPosition(line: 0, character: 5), in: .utf16) == 0)
  // The first keystroke of an app's empty text field (this crashed before).
  let field = StableTextField(text: "", rules: Rules(maxLength: 3))
  #expect(field.shouldChange(utf16Range: 0..<0, replacementText: "ab")?.allowed == true)
}
