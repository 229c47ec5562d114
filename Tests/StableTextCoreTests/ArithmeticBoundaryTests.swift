import Testing

@testable import StableTextCore

// Each narrowing conversion of the core at its boundary (docs/checked-arithmetic.md): the
// value that used to trap, or the largest the storage holds.

/// A tab is one byte and up to 1,000 columns: 2,147,484 tabs at `tabSize` 1,000 are
/// 2,147,484,000 columns, past 32 bits (the line facts held them in an `Int32` and trapped). A
/// letter first, so that the line is a numbered message line (a blank one is not): it takes the
/// first tab's first column.
@Test func columnsPastThirtyTwoBits() throws {
  let tabs = 2_147_484
  let expected = tabs * 1_000
  #expect(expected > Int(Int32.max))
  var field = StableTextField(
    text: "x" + String(repeating: "\t", count: tabs),
    rules: Rules(
      maxLength: 150, unit: .columns,
      lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 72)], tabSize: 1_000))
  #expect(field.length == expected)
  #expect(field.lineSummary(at: 0)?.length == expected)
  #expect(field.diagnostics.first?.message == "\(expected)/150 columns: \(expected - 150) over the limit")
  // One more tab, typed.
  let end = TextPosition(line: 0, character: 1 + tabs)  // "x" and the tabs, a byte each
  try field.apply([FieldEdit(range: TextRange(start: end, end: end), text: "\t")], in: .utf8, policy: .allow)
  #expect(field.length == expected + 1_000)
  #expect(field.lineSummary(at: 0)?.length == expected + 1_000)
}

/// The facts' 48-bit wide slot (where columns go): exact up to their largest value, saturated past it.
@Test func lineFactsWideSlotSaturatesAtFortyEightBits() {
  var facts = LineFacts()
  for value in [0, Int(UInt32.max), Int(UInt32.max) + 1, 1 << 40, LineFacts.maxWide] {
    facts.wide = value
    #expect(facts.wide == value)
  }
  facts.wide = LineFacts.maxWide + 1
  #expect(facts.wide == LineFacts.maxWide)
  facts.wide = Int.max
  #expect(facts.wide == LineFacts.maxWide)
  // The most columns any document can make: 1,000 for each of 2^31 bytes, far inside.
  #expect(Int(Int32.max) * WrapOptions.maxTabSize < LineFacts.maxWide)
}

/// Floating-point values that `Int(_:)` traps on (a quotient by a tiny rate, an infinity, NaN).
@Test func saturatingConversionNeverTraps() {
  #expect(Int(saturating: .nan) == 0)
  #expect(Int(saturating: .infinity) == 1 << 62)
  #expect(Int(saturating: -.infinity) == -(1 << 62))
  #expect(Int(saturating: 1e300) == 1 << 62)
  #expect(Int(saturating: 0x1p62) == 1 << 62)
  #expect(Int(saturating: 0x1p61) == 1 << 61)
  #expect(Int(saturating: -2.9) == -2)
  #expect(Int(saturating: 7.99) == 7)
}

/// A scroll request whose band is 10^15 rows down on a viewport of tiny rows: the row quotient is
/// far past 32 bits and is clamped, the answer finite.
@Test func scrollAnchorFarBelowTheText() {
  var field = StableTextField(text: "one\ntwo\nthree", rules: Rules(maxLength: nil))
  let viewport = Viewport(height: 1e-6, lineHeight: 1e-9)
  let answer = field.scroll(ScrollRequest(offset: 1e15, viewport: viewport))
  #expect(answer.offset.isFinite)
  #expect(answer.rows == 3)
}
