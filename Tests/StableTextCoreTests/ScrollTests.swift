import Testing

@testable import StableTextCore

func lines(_ count: Int) -> String { (0..<count).map { "line \($0)" }.joined(separator: "\n") }

func scroll(
  _ text: String, caret: Int? = nil, offset: Double, _ viewport: Viewport, reveal: Reveal = .nearest,
  far: Double? = nil
)
  -> ScrollAnswer
{
  var field = StableTextField(text: text, rules: Rules(maxLength: nil))
  return field.scroll(
    ScrollRequest(caret: caret, offset: offset, viewport: viewport, reveal: reveal, farThreshold: far))
}

@Test func returnBelowTheViewportMovesExactlyOneRowPitch() throws {
  // Points: rows of 20 with 4 between them, 5 rows visible, scrolled to show rows 5–9.
  let viewport = Viewport(height: 116, lineHeight: 20, lineSpacing: 4)
  var field = StableTextField(text: lines(10), rules: Rules(maxLength: nil))
  let before = field.scroll(ScrollRequest(offset: 5 * 24, viewport: viewport))
  #expect(before.offset == 120)
  #expect(before.reason == .none)
  #expect(before.caret.y == 216)
  let anchor = field.scrollAnchor(offset: before.offset, viewport: viewport)
  let outcome = try field.apply(
    [FieldEdit(range: TextRange(start: at(9, 6), end: at(9, 6)), text: "\n")], in: .utf16)
  let after = field.scroll(
    ScrollRequest(caret: outcome.caretOffset, offset: before.offset, viewport: viewport),
    after: outcome.splices, anchor: anchor)
  #expect(after.offset == 144)
  #expect(after.offset - before.offset == viewport.pitch)
  #expect(after.reason == .revealDown)
  #expect(after.caret.row == 10)
  #expect(after.contentHeight == 11 * 20 + 10 * 4)
  #expect(after.maxOffset == 144)
}

@Test func contentThatFitsDoesNotScroll() {
  let answer = scroll(lines(3), offset: 7, Viewport(height: 10, obscured: VerticalInsets(top: 2, bottom: 1)))
  #expect(answer.scrollEnabled == false)
  #expect(answer.offset == -2)
  #expect(answer.minOffset == -2)
  #expect(answer.maxOffset == -2)
  #expect(answer.reason == .clamp)
  #expect(answer.contentHeight == 3)
}

@Test func keyboardObscuredBottom() {
  // 20 rows, 10 tall, the bottom 3 under a keyboard; caret on row 8.
  let text = lines(20)
  let buffer = TextBuffer(text)
  let caret = buffer.lineStart(8)
  let answer = scroll(
    text, caret: caret, offset: 0, Viewport(height: 10, obscured: VerticalInsets(bottom: 3)))
  #expect(answer.offset == 2)
  #expect(answer.reason == .revealDown)
  #expect(answer.maxOffset == 13)
  #expect(answer.scrollEnabled)
}

@Test func marginsAreCappedAtHalfTheViewport() {
  let text = lines(30)
  let buffer = TextBuffer(text)
  // avail 10, lineHeight 1: margins cap at 4.5, so the band is one row: row 14.5–15.5.
  let viewport = Viewport(height: 10, margin: VerticalInsets(top: 100, bottom: 100))
  let answer = scroll(text, caret: buffer.lineStart(20), offset: 10, viewport)
  #expect(answer.offset == 15.5)
  #expect(answer.reason == .revealDown)
  let up = scroll(text, caret: buffer.lineStart(12), offset: 10, viewport)
  #expect(up.offset == 7.5)
  #expect(up.reason == .revealUp)
}

@Test func centerAndFarThreshold() {
  let text = lines(100)
  let buffer = TextBuffer(text)
  let viewport = Viewport(height: 10)
  let centered = scroll(text, caret: buffer.lineStart(50), offset: 45, viewport, reveal: .center)
  #expect(centered.offset == 45.5)
  #expect(centered.reason == .center)
  // Far away: centre instead of the minimal move (which would be 41).
  let far = scroll(text, caret: buffer.lineStart(50), offset: 0, viewport, far: 20)
  #expect(far.offset == 45.5)
  #expect(far.reason == .center)
  // Exactly at the threshold is not "beyond" it.
  let near = scroll(text, caret: buffer.lineStart(50), offset: 0, viewport, far: 41)
  #expect(near.offset == 41)
  #expect(near.reason == .revealDown)
}

@Test func clampWhenContentShrinks() {
  let answer = scroll(lines(12), caret: 0, offset: 8, Viewport(height: 10))
  // Caret on row 0 is above the band: reveal up to 0, which is within range.
  #expect(answer.offset == 0)
  #expect(answer.reason == .revealUp)
  let shrunk = scroll(lines(12), caret: TextBuffer(lines(12)).lineStart(11), offset: 8, Viewport(height: 10))
  #expect(shrunk.offset == 2)
  #expect(shrunk.reason == .clamp)
}

@Test func wrappedKoreanAndEmojiRows() {
  // 8 columns: "안녕하세요" is 10 cells → 2 rows; "👋🏽👋🏽👋🏽👋🏽👋🏽" 10 cells → 2 rows.
  let text = "안녕하세요\n👋🏽👋🏽👋🏽👋🏽👋🏽\nend"
  let viewport = Viewport(height: 3, wrap: WrapOptions(columns: 8))
  let answer = scroll(text, offset: 0, viewport)
  #expect(answer.rows == 5)
  #expect(answer.caret.row == 4)
  #expect(answer.caret.column == 3)
  #expect(answer.offset == 2)
  let buffer = TextBuffer(text)
  let secondEmojiRow = buffer.lineStart(1) + 4 * 8
  let inside = scroll(text, caret: secondEmojiRow, offset: 2, viewport)
  #expect(inside.caret.row == 3 && inside.caret.column == 0)
  #expect(inside.reason == .none)
}

@Test func caretInsideAClusterSnapsToItsStart() {
  let text = "ae\u{301}b"
  let answer = scroll(text, caret: 2, offset: 0, Viewport(height: 5))
  #expect(answer.caret.offset == 1)
  #expect(answer.caret.column == 1)
}

/// Anchoring: an edit above the visible band keeps what the user sees still.
@Test(
  arguments: [
    // (edit range, inserted text, expected offset, reason)
    // insert above: +2 rows
    (TextRange(start: at(2, 0), end: at(2, 0)), "new\nlines\n", 22.0, ScrollReason.anchor),
    (TextRange(start: at(1, 0), end: at(4, 0)), "", 17.0, ScrollReason.anchor),  // delete 3 lines above
    (TextRange(start: at(25, 0), end: at(25, 0)), "x\ny\n", 20.0, ScrollReason.none),  // inside the viewport
    (TextRange(start: at(40, 0), end: at(40, 0)), "x\ny\n", 20.0, ScrollReason.none),  // below it
    (TextRange(start: at(19, 2), end: at(21, 1)), "", 20.0, ScrollReason.none),  // straddles the anchor line
    // at the anchor line's start
    (TextRange(start: at(20, 0), end: at(20, 0)), "top\n", 21.0, ScrollReason.anchor),
  ] as [(TextRange, String, Double, ScrollReason)])
func anchoring(range: TextRange, insert: String, offset: Double, reason: ScrollReason) throws {
  let viewport = Viewport(height: 10)
  var field = StableTextField(text: lines(50), rules: Rules(maxLength: nil))
  let anchor = field.scrollAnchor(offset: 20, viewport: viewport)
  let outcome = try field.apply([FieldEdit(range: range, text: insert)], in: .utf16)
  // The caret is somewhere visible after the edit, so only anchoring can move the view.
  let caretLine = min(Int(offset) + 3, field.text.lineCount - 1)
  let answer = field.scroll(
    ScrollRequest(caret: field.text.lineStart(caretLine), offset: 20, viewport: viewport),
    after: outcome.splices, anchor: anchor)
  #expect(answer.offset == offset)
  #expect(answer.reason == reason)
}

@Test func noAnchoringAtTheTop() throws {
  var field = StableTextField(text: lines(50), rules: Rules(maxLength: nil))
  let viewport = Viewport(height: 10, obscured: VerticalInsets(top: 2))
  #expect(field.scrollAnchor(offset: -2, viewport: viewport) == nil)
  let outcome = try field.apply(
    [FieldEdit(range: TextRange(start: at(0, 0), end: at(0, 0)), text: "a\nb\n")], in: .utf16)
  let answer = field.scroll(
    ScrollRequest(caret: field.text.lineStart(2), offset: -2, viewport: viewport), after: outcome.splices,
    anchor: nil)
  #expect(answer.offset == -2)
  #expect(answer.reason == .none)
}

/// Random typing sessions: while the caret stays in the band nothing moves, every move is the
/// minimal one, and every answer is a fixed point.
@Test(arguments: [21, 22, 23] as [UInt64])
func typingNeverJumps(seed: UInt64) throws {
  var rng = SeededGenerator(seed: seed)
  let viewport = Viewport(
    height: 12, lineHeight: 1, lineSpacing: 0.5, wrap: WrapOptions(columns: 10),
    obscured: VerticalInsets(top: 1, bottom: 2),
    margin: VerticalInsets(top: 1, bottom: 1))
  var field = StableTextField(text: "", rules: Rules(maxLength: nil))
  var offset = -1.0
  var caret = 0
  for _ in 0..<400 {
    let pieces = ["a", "b", " ", "한", "👋🏽", "\n", "\n", "e\u{301}"]
    let insert = pieces.randomElement(using: &rng)!
    let anchor = field.scrollAnchor(offset: offset, viewport: viewport)
    let position = field.text.position(of: caret, in: .utf16)
    let outcome = try field.apply(
      [FieldEdit(range: TextRange(start: position, end: position), text: insert)], in: .utf16)
    caret = outcome.caretOffset!
    let answer = field.scroll(
      ScrollRequest(caret: caret, offset: offset, viewport: viewport), after: outcome.splices, anchor: anchor)
    let top = answer.caret.y
    let bottom = top + viewport.lineHeight
    let available = viewport.available
    let cap = max(0, (available - viewport.lineHeight) / 2)
    let bandTop = offset + viewport.obscured.top + min(1, cap)
    let bandBottom = offset + viewport.height - viewport.obscured.bottom - min(1, cap)
    if top >= bandTop && bottom <= bandBottom {
      // Typing at the caret never edits above the band, so nothing may move.
      #expect(answer.offset == offset || answer.reason == .clamp)
    } else if answer.reason == .revealDown {
      #expect(answer.offset == bottom + viewport.obscured.bottom + min(1, cap) - viewport.height)
    } else if answer.reason == .revealUp {
      #expect(answer.offset == top - viewport.obscured.top - min(1, cap))
    }
    #expect(answer.offset >= answer.minOffset && answer.offset <= answer.maxOffset)
    // Fixed point: asking again from the answer changes nothing.
    let again = field.scroll(ScrollRequest(caret: caret, offset: answer.offset, viewport: viewport))
    #expect(again.offset == answer.offset)
    // Near the ends the margin band cannot hold the caret, so the reveal overshoots and the
    // clamp brings it back: the offset is still a fixed point.
    #expect(again.reason == .none || again.reason == .clamp)
    offset = answer.offset
  }
  #expect(offset > 0)
}

/// One base and a million combining marks is one cluster, one column wide: legal text. Its
/// line is one row, the caret after it is in column 1 of that row, and the scroll answer keeps
/// the line after it in view; split in the middle by a letter it is two clusters in one row,
/// and the kept rows, counts and carets are a fresh layout's.
@Test func aClusterOfAMillionMarksIsOneColumn() throws {
  let marks = String(repeating: "\u{301}", count: 1_000_000)
  let text = "a" + marks + "\nnext\n"
  var field = StableTextField(text: text, rules: Rules(maxLength: nil))
  let viewport = Viewport(height: 10, wrap: WrapOptions(columns: 10, wrap: .char))
  let end = 1 + marks.utf8.count
  var answer = field.scroll(ScrollRequest(caret: end, offset: 0, viewport: viewport))
  #expect(answer.rows == 3)
  #expect(answer.caret.row == 0 && answer.caret.column == 1)
  #expect(answer.offset == 0)
  #expect(field.text.count(.graphemes) == 1 + 1 + 4 + 1)
  // Split in the middle: two clusters, still one row.
  let middle = 1 + 2 * 500_000
  _ = try field.apply(
    [FieldEdit(range: TextRange(start: at(0, 500_001), end: at(0, 500_001)), text: "x")], in: .utf16)
  #expect(field.text.count(.graphemes) == 2 + 1 + 4 + 1)
  answer = field.scroll(ScrollRequest(caret: middle, offset: 0, viewport: viewport))
  #expect(answer.rows == 3)
  #expect(answer.caret.row == 0 && answer.caret.column == 1)
  let fresh = TextLayout(field.text, options: viewport.wrap)
  let kept = field.layout(viewport.wrap)
  #expect(kept.rowCount == fresh.rowCount)
  #expect(
    kept.caret(at: middle, in: field.text, affinity: .downstream)
      == fresh.caret(at: middle, in: field.text, affinity: .downstream))
  #expect(kept.caret(at: end + 1, in: field.text, affinity: .downstream) == (line: 0, row: 0, column: 2))
}
