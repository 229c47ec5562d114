import Testing

@testable import StableTextCore

/// The text shapes of `stabletext-bench shapes`, each many chunks long, edited where it hurts:
/// indicators put in and taken out at the front of a run (every pair after them flips), marks
/// and jamo added to one enormous cluster, `\r` and `\n` typed between each other's halves. After
/// every edit the buffer's counts, cluster starts and rows must equal the plain `String` model
/// and a fresh layout, and the rope's canonical states must chain from chunk to chunk.
struct TextShapeCase: Sendable, CustomTestStringConvertible {
  var name: String
  var unit: String
  var repeats: Int
  /// Keystrokes for this shape: any of them at a random place, or at `hotSpot`.
  var keys: [String]
  var hotSpot: @Sendable (String) -> Int

  var testDescription: String { name }

  static let all: [TextShapeCase] = [
    TextShapeCase(
      name: "regional indicators", unit: "🇰🇷", repeats: 2_500, keys: ["🇯", "🇯🇵", "a", "\u{301}", ""],
      hotSpot: { _ in 0 }),
    TextShapeCase(
      name: "combining marks", unit: "\u{301}", repeats: 5_000, keys: ["a", "\u{323}", "👩", "\u{200D}", ""],
      hotSpot: { $0.utf8.count }),
    TextShapeCase(
      name: "leading jamo", unit: "\u{1100}", repeats: 4_000,
      keys: ["\u{1100}", "\u{1161}", "\u{11A8}", "가", ""],
      hotSpot: { $0.utf8.count }),
    TextShapeCase(
      name: "CR LF", unit: "\r\n", repeats: 6_000, keys: ["\r", "\n", "\r\n", "x", ""],
      hotSpot: { $0.utf8.count / 2 }),
    TextShapeCase(
      name: "one line", unit: "word ", repeats: 3_000, keys: ["a", " ", "🇰", "\u{301}", "\t", ""],
      hotSpot: { $0.utf8.count / 2 }),
    // Issue 31's: flags toggled near the start, ZWJ families joined and split, a cluster of
    // marks split in the middle, CJK typed into one line, lone `\r`s joined into `\r\n`,
    // jamo syllables, variation selectors, tag sequences, Indic conjuncts — each edited at its
    // hot spot, at random places (chunk boundaries among them) and at its ends.
    TextShapeCase(
      name: "flags near the start", unit: "🇰🇷", repeats: 2_500, keys: ["🇯", "a", ""], hotSpot: { _ in 8 }),
    TextShapeCase(
      name: "ZWJ families", unit: "👨\u{200D}👩\u{200D}👧", repeats: 600,
      keys: ["\u{200D}", "👦", "\u{FE0F}", ""],
      hotSpot: { _ in 18 }),
    TextShapeCase(
      name: "marks split in the middle", unit: "\u{301}", repeats: 5_000, keys: ["x", "\u{301}", "\n", ""],
      hotSpot: { $0.utf8.count / 2 }),
    TextShapeCase(
      name: "one CJK line", unit: "漢", repeats: 4_000, keys: ["字", "\u{3099}", "a", ""],
      hotSpot: { $0.utf8.count / 2 }),
    TextShapeCase(
      name: "lone CR", unit: "\r", repeats: 12_000, keys: ["\n", "\r", ""], hotSpot: { $0.utf8.count / 2 }),
    TextShapeCase(
      name: "jamo syllables", unit: "\u{1100}\u{1161}\u{11A8}", repeats: 1_500,
      keys: ["\u{1161}", "\u{11A8}", "\u{1100}", ""],
      hotSpot: { _ in 3 }),
    TextShapeCase(
      name: "variation selectors", unit: "\u{FE0F}", repeats: 4_000, keys: ["\u{FE0E}", "a", "😀", ""],
      hotSpot: { _ in 4 }),
    TextShapeCase(
      name: "tag sequences", unit: "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", repeats: 400,
      keys: ["\u{E0067}", "\u{E007F}", "🏴", ""], hotSpot: { _ in 4 }),
    TextShapeCase(
      name: "Indic conjuncts", unit: "क्ष", repeats: 1_200, keys: ["\u{94D}", "क", "\u{200D}", ""],
      hotSpot: { $0.utf8.count / 2 }),
  ]
}

@Test(arguments: TextShapeCase.all)
func shapesAgreeWithTheModelAfterEveryEdit(shape: TextShapeCase) throws {
  var rng = SeededGenerator(seed: UInt64(shape.name.utf8.count))
  let initial =
    (["combining marks", "marks split in the middle", "variation selectors"].contains(shape.name) ? "a" : "")
    + String(repeating: shape.unit, count: shape.repeats)
  var model = initial
  var field = StableTextField(text: initial, rules: Rules(maxLength: nil))
  let options = WrapOptions(columns: 7, wrap: .char, tabSize: 4)
  _ = field.layout(options)
  #expect(field.text.rope.chunkCount > 8)
  for step in 0..<160 {
    let bytes = Array(model.utf8)
    var a = step % 3 == 0 ? randomOffset(model, &rng) : min(shape.hotSpot(model), bytes.count)
    while a < bytes.count && bytes[a] & 0xC0 == 0x80 { a += 1 }
    let key = shape.keys.randomElement(using: &rng)!
    // An empty key deletes the scalar after the place (or before it at the end).
    var range = a..<a
    if key.isEmpty {
      if a < bytes.count {
        var b = a + 1
        while b < bytes.count && bytes[b] & 0xC0 == 0x80 { b += 1 }
        range = a..<b
      } else if a > 0 {
        var b = a - 1
        while b > 0 && bytes[b] & 0xC0 == 0x80 { b -= 1 }
        range = b..<a
      }
    }
    model = String(
      decoding: bytes[..<range.lowerBound] + Array(key.utf8) + bytes[range.upperBound...], as: UTF8.self)
    field.text.replace(range, with: key)
    try checkAgainstModel(field.text, model, &rng)
    checkCanonicalStates(field.text.rope)
    #expect(field.invariantViolations() == [], "\(shape.name) step \(step)")
    if step % 8 == 0 {
      // Rows an edit left guessed are laid out between messages; then all must be exact.
      _ = field.layout(options)
      while field.refineLayout() {}
      let kept = field.layout(options)
      #expect(kept.isExact)
      let fresh = TextLayout(field.text, options: options)
      #expect(kept.rowCount == fresh.rowCount, "\(shape.name) step \(step)")
      // A line with the edit and a random one, against the whole-line layout (which reads every
      // byte of the line itself, skipping nothing).
      for line in [
        field.text.line(containing: range.lowerBound), Int.random(in: 0..<field.text.lineCount, using: &rng),
      ] {
        #expect(kept.firstRow(ofLine: line) == fresh.firstRow(ofLine: line), "\(shape.name) step \(step)")
        let content = field.text.slice(field.text.lineStart(line)..<field.text.lineContentEnd(line))
        let rows = line + 1 < field.text.lineCount ? kept.firstRow(ofLine: line + 1) : kept.rowCount
        #expect(
          rows - kept.firstRow(ofLine: line) == LineLayout(content, options: options).rowCount,
          "\(shape.name) step \(step) line \(line)")
      }
    }
  }
}

/// Every chunk starts from the canonical state the chunk before it ends in, and its counts and
/// profile are what measuring it alone from that state gives: nothing an edit left stale.
func checkCanonicalStates(_ rope: Rope) {
  var state = Unicode._CharacterRecognizer()
  var ok = true
  rope.forEachChunk { chunk in
    var fresh = chunk
    fresh.restart(from: state)
    if chunk.startState != state || fresh.summary != chunk.summary || fresh.regional != chunk.regional
      || fresh.endState != chunk.endState
    {
      ok = false
    }
    state = chunk.endState
  }
  #expect(ok, "a chunk's canonical state or counts are stale")
}

/// Layouts done in pieces: with budgets of a few hundred bytes every shape is first estimated,
/// edited while estimated (in laid-out rows, in guessed rows, past the frontier), refined a slice
/// at a time between edits, and must end, once `refineLayout` says nothing is left, equal to a
/// fresh layout in every line's rows and in carets near the edits.
@Test(arguments: TextShapeCase.all)
func estimatedLayoutsSettleOnTheFreshLayout(shape: TextShapeCase) {
  estimatedLayoutsSettle(shape: shape)
}

/// The kept rows of a line of flags, checked after every edit and after refining to the end:
/// indicators put in and taken out near the run's start re-pair every flag after them, an `a`
/// put in for an indicator joins the row before it (a row ends where the next cluster does not
/// fit). The rows a layout has marked exact are a fresh layout's at every moment, and once
/// refined all of them are. Of this seeded sequence's trials, 0 and 18 are the ones that found
/// two bugs (rows kept across two layouts of different pairings; the row before an edit among
/// guessed rows left with its old end); the others only draw their numbers, so the two run as
/// they were found.
@Test func keptRowsOfFlagsStayExactThroughEveryEdit() {
  let body = String(repeating: "🇰🇷", count: 2_500)
  let initial = "first line\nsecond\n" + body + "\nlast words here\n" + String(repeating: "x y\n", count: 40)
  var rng = SeededGenerator(seed: 99)
  for trial in 0..<19 {
    let checked = trial == 0 || trial == 18
    var field = StableTextField(text: initial, rules: Rules(maxLength: nil))
    field.layoutBudgets = RowIndex.Budgets(
      first: Int.random(in: 200...3_000, using: &rng), edit: 300, longLine: 1_000)
    let options = WrapOptions(columns: Int.random(in: 3...11, using: &rng), wrap: .char, tabSize: 4)
    for step in 0..<40 {
      if checked { _ = field.layout(options) }
      for _ in 0..<Int.random(in: 0...3, using: &rng) {
        let bytes = Int.random(in: 100...900, using: &rng)
        if checked { _ = field.refineLayout(bytes: bytes) }
      }
      let bytes = Array(field.text.string.utf8)
      let lineStart = field.text.lineStart(2)
      var a = [lineStart + 8, Int.random(in: lineStart...field.text.lineContentEnd(2), using: &rng)]
        .randomElement(using: &rng)!
      while a < bytes.count && bytes[a] & 0xC0 == 0x80 { a += 1 }
      var b = min(bytes.count, a + Int.random(in: 0...2, using: &rng))
      while b < bytes.count && bytes[b] & 0xC0 == 0x80 { b += 1 }
      field.text.replace(a..<b, with: ["🇯", "a", ""].randomElement(using: &rng)!)
      guard checked else { continue }
      _ = field.layout(options)
      var refined = field
      while refined.refineLayout(bytes: 5_000) {}
      for (name, laidOut) in [("kept", field), ("refined", refined)] {
        guard let long = laidOut.rows?.longLine else { continue }
        let content = laidOut.text.lineStart(long.line)..<laidOut.text.lineContentEnd(long.line)
        let fresh =
          [0]
          + laidOut.text.rowBreaks(
            inContent: content, from: 0, row: 0, previousWidth: 0, options: long.options
          ) {
            _ in false
          }.starts
        let exact = (0..<long.exactRows).map { long.start(ofRow: $0) }
        #expect(exact == Array(fresh.prefix(exact.count)), "trial \(trial), step \(step), \(name)")
      }
      checkLongLineStarts(refined)
    }
  }
}

func estimatedLayoutsSettle(shape: TextShapeCase) {
  var rng = SeededGenerator(seed: 7 + UInt64(shape.name.utf8.count))
  let body =
    (["combining marks", "marks split in the middle", "variation selectors"].contains(shape.name) ? "a" : "")
    + String(repeating: shape.unit, count: shape.repeats)
  // The shape as one long line between short ones, so the frontier crosses both kinds.
  let initial = "first line\nsecond\n" + body + "\nlast words here\n" + String(repeating: "x y\n", count: 40)
  var field = StableTextField(text: initial, rules: Rules(maxLength: nil))
  field.layoutBudgets = RowIndex.Budgets(
    first: Int.random(in: 200...3_000, using: &rng), edit: 300, longLine: 1_000)
  for wrap in [WrapMode.char, .word] {
    let options = WrapOptions(columns: Int.random(in: 3...11, using: &rng), wrap: wrap, tabSize: 4)
    var sawEstimate = false
    for step in 0..<60 {
      if !field.layout(options).isExact { sawEstimate = true }
      // Some slices of refinement, not always to the end.
      for _ in 0..<Int.random(in: 0...3, using: &rng) {
        _ = field.refineLayout(bytes: Int.random(in: 100...900, using: &rng))
      }
      let bytes = Array(field.text.string.utf8)
      // Mostly in the shape's line (its hot spot, or anywhere in it), now and then anywhere.
      let line = field.text.line(
        containing: min(bytes.count, 18 + Int.random(in: 0...body.utf8.count / 2, using: &rng)))
      let lineRange = field.text.lineStart(line)...field.text.lineContentEnd(line)
      var a =
        step % 4 == 0
        ? Int.random(in: 0...bytes.count, using: &rng)
        : step % 4 == 1
          ? min(lineRange.lowerBound + shape.hotSpot(body), lineRange.upperBound)
          : Int.random(in: lineRange, using: &rng)
      while a < bytes.count && bytes[a] & 0xC0 == 0x80 { a += 1 }
      var b = min(bytes.count, a + Int.random(in: 0...2, using: &rng))
      while b < bytes.count && bytes[b] & 0xC0 == 0x80 { b += 1 }
      let key = step % 13 == 12 ? "\n" : shape.keys.randomElement(using: &rng)!
      field.text.replace(a..<b, with: key)
      if step % 5 == 4 {
        while field.refineLayout(bytes: Int.random(in: 100...5_000, using: &rng)) {}
        let kept = field.layout(options)
        #expect(kept.isExact, "\(shape.name) step \(step)")
        let fresh = TextLayout(field.text, options: options)
        #expect(kept.rowCount == fresh.rowCount, "\(shape.name) \(wrap) step \(step)")
        checkLongLineStarts(field)
        for line in 0..<field.text.lineCount {
          #expect(
            kept.firstRow(ofLine: line) == fresh.firstRow(ofLine: line),
            "\(shape.name) step \(step) line \(line)")
        }
        for offset in [a + key.utf8.count, Int.random(in: 0...field.text.utf8Count, using: &rng)] {
          let caret = field.text.clusterStart(containing: min(offset, field.text.utf8Count))
          #expect(
            kept.caret(at: caret, in: field.text, affinity: .downstream)
              == fresh.caret(at: caret, in: field.text, affinity: .downstream),
            "\(shape.name) step \(step) caret \(caret)")
        }
      }
    }
    #expect(sawEstimate, "\(shape.name): the budgets never left anything estimated")
  }
}

/// Guessed rows are the old rows moved by each edit since; after an edit among them, the ones
/// past it must not be taken for rows that fell in step. Char wrap on uniform text breaks every
/// `columns` bytes, so a guess is right exactly where the edits before it add up to a multiple
/// of the width: +1 at 5 (guesses past the budget are off by one), -1 at 400 (right again
/// after it), +1 at 700 (off by one after it). A layout that trusted the guesses after 400 would
/// stop there and keep the wrong rows after 700.
@Test func guessesPastAnEditAmongThemAreNotTrusted() {
  var field = StableTextField(text: String(repeating: "abcdefghij", count: 100), rules: Rules(maxLength: nil))
  field.layoutBudgets = RowIndex.Budgets(first: .max, edit: 50, longLine: 100)
  let options = WrapOptions(columns: 10, wrap: .char, tabSize: 4)
  #expect(field.layout(options).isExact)
  // The first edit in a long line keeps its rows (laid out whole within this first budget).
  field.text.replace(0..<1, with: "a")
  #expect(field.layout(options).isExact)
  field.text.replace(5..<5, with: "x")
  #expect(field.layout(options).rowCount == 101)
  #expect(!field.layout(options).isExact)
  field.text.replace(400..<401, with: "")
  _ = field.layout(options)
  field.text.replace(700..<700, with: "y")
  _ = field.layout(options)
  while field.refineLayout(bytes: 30) {}
  let kept = field.layout(options)
  let fresh = TextLayout(field.text, options: options)
  #expect(kept.rowCount == 101 && fresh.rowCount == 101)
  checkLongLineStarts(field)
  for offset in [0, 9, 10, 395, 405, 695, 705, 1_000] {
    #expect(
      kept.caret(at: offset, in: field.text, affinity: .downstream)
        == fresh.caret(at: offset, in: field.text, affinity: .downstream), "caret \(offset)")
  }
}

/// The kept long line's row starts, every one, against its rows laid out from the line's start.
func checkLongLineStarts(_ field: StableTextField) {
  guard let long = field.rows?.longLine else { return }
  let content = field.text.lineStart(long.line)..<field.text.lineContentEnd(long.line)
  let fresh = field.text.rowBreaks(
    inContent: content, from: 0, row: 0, previousWidth: 0, options: long.options
  ) {
    _ in false
  }
  let kept = (0..<long.rows.lineCount).map { long.start(ofRow: $0) }
  let differs = zip(kept, [0] + fresh.starts).enumerated().first { $0.element.0 != $0.element.1 }?.offset
  #expect(
    kept == [0] + fresh.starts,
    "long line \(long.line): row starts differ from row \(differs ?? kept.count) (exact rows \(long.exactRows) of \(long.rows.lineCount))"
  )
  #expect((0..<long.rows.lineCount).map { long.rows[$0].previousWidth } == [0] + fresh.widths)
}

/// Mixed text (every fragment of the model tests, long and short lines), with budgets of a few
/// hundred bytes: random edits anywhere (across lines, joining and splitting `\r\n`), wrap
/// options that change now and then, slices of refinement at random; whenever the layout says it
/// is exact it must equal a fresh one, and after refining to the end it must say so.
@Test(arguments: [101, 105, 110, 133] as [UInt64])
func partialLayoutsUnderRandomEditsSettleExactly(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let long = (0..<2_500).map { _ in
    fragments.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }.randomElement(using: &rng)!
  }
  var field = StableTextField(
    text: randomText(&rng, maxPieces: 200) + "\n" + long.joined() + "\n" + randomText(&rng, maxPieces: 300),
    rules: Rules(maxLength: nil))
  field.layoutBudgets = RowIndex.Budgets(first: 500, edit: 200, longLine: 800)
  var options = WrapOptions(columns: 6, wrap: .word, tabSize: 4)
  var estimated = 0
  for step in 0..<150 {
    if step % 40 == 39 {
      options = WrapOptions(
        columns: Int.random(in: 2...12, using: &rng), wrap: Bool.random(using: &rng) ? .word : .char,
        tabSize: 3)
    }
    let layout = field.layout(options)
    if layout.isExact {
      let fresh = TextLayout(field.text, options: options)
      #expect(layout.rowCount == fresh.rowCount, "seed \(seed) step \(step)")
    } else {
      estimated += 1
    }
    for _ in 0..<Int.random(in: 0...2, using: &rng) {
      _ = field.refineLayout(bytes: Int.random(in: 50...600, using: &rng))
    }
    let text = field.text.string
    let a = randomOffset(text, &rng)
    var b = min(text.utf8.count, a + Int.random(in: 0...(step % 9 == 0 ? 400 : 4), using: &rng))
    let bytes = Array(text.utf8)
    while b < bytes.count && bytes[b] & 0xC0 == 0x80 { b += 1 }
    field.text.replace(a..<b, with: randomText(&rng, maxPieces: 3))
  }
  _ = field.layout(options)
  while field.refineLayout(bytes: 300) {}
  let kept = field.layout(options)
  let fresh = TextLayout(field.text, options: options)
  #expect(kept.isExact)
  #expect(kept.rowCount == fresh.rowCount)
  for line in 0..<field.text.lineCount {
    #expect(kept.firstRow(ofLine: line) == fresh.firstRow(ofLine: line), "seed \(seed) line \(line)")
  }
  checkLongLineStarts(field)
  #expect(estimated > 20, "the budgets left too few answers estimated (\(estimated))")
}

/// Runs of regional indicators counted by arithmetic in an edit's window: after every edit of a
/// run (an indicator in or out, a letter in) behind every kind of scalar that can precede one
/// (a letter, a prepended concatenation mark, which never breaks before what follows, a mark,
/// a lone indicator, `\r`), at every length either side of the five the arithmetic starts at,
/// the counts and canonical states are a fresh buffer's and the clusters the `String` model's.
/// The run of 1,500 pairs holds chunks of nothing but indicators, whose profile an edit of
/// indicators sets without reading the chunk.
@Test func indicatorRunsCountedByArithmeticAgree() {
  var rng = SeededGenerator(seed: 1_5)
  for before in ["", "a", "\u{600}", "\u{301}", "🇰", "\r", "👩\u{200D}"] {
    for count in [4, 5, 6, 7, 9, 40, 300, 1_500] {
      var model = "x" + before + String(repeating: "🇯🇵", count: count) + "🇰" + ["", "y", "\u{301}"][count % 3]
      var buffer = TextBuffer(model)
      for _ in 0..<(count > 1_000 ? 60 : 12) {
        let bytes = Array(model.utf8)
        var a = Int.random(in: 0...bytes.count, using: &rng)
        while a < bytes.count && bytes[a] & 0xC0 == 0x80 { a += 1 }
        var b = a
        let key = ["🇯", "", "a", "🇯🇵"].randomElement(using: &rng)!
        if key.isEmpty && a < bytes.count {
          b = a + 1
          while b < bytes.count && bytes[b] & 0xC0 == 0x80 { b += 1 }
        }
        model = String(decoding: bytes[..<a] + Array(key.utf8) + bytes[b...], as: UTF8.self)
        buffer.replace(a..<b, with: key)
        #expect(buffer.invariantViolations() == [], "\(before.unicodeScalars.map(\.value)) \(count)")
        #expect(buffer.count(.graphemes) == model.count, "\(before.unicodeScalars.map(\.value)) \(count)")
      }
    }
  }
}

/// A burst of keystrokes longer than the edit history (a client typing faster than the layout
/// is asked for) folds its oldest edits into one splice; the fold composes their edits, so the
/// long line they are in keeps its rows and lays out again only from the first edit on (here
/// past the last one, within the edit budget). Without the composed edit the line was laid out
/// again from its start within the first budget, and the rest of a 10 MB line after it, between
/// messages: milliseconds a keystroke. Refined to its end, the kept layout is a fresh one.
@Test func aBurstLongerThanTheHistoryKeepsTheLongLine() {
  for shape in ["word ", "🇰🇷", "क्ष"] {
    var field = StableTextField(text: String(repeating: shape, count: 40_000), rules: Rules(maxLength: nil))
    field.layoutBudgets = RowIndex.Budgets(first: 1_000, edit: 2_000, longLine: 1_000)
    let options = WrapOptions(columns: 30, wrap: .word, tabSize: 4)
    _ = field.layout(options)
    while field.refineLayout(bytes: 100_000) {}
    #expect(field.layout(options).isExact)
    var typed = 0
    let typing = shape.utf8.count * (5_000 / shape.utf8.count)
    for n in 0..<(3 * EditHistory.capacity) {
      // A toggle near the start, then typing further on.
      if n % 3 == 2 {
        field.text.replace(typing + typed..<typing + typed, with: "x")
        typed += 1
      } else {
        let at = 2 * shape.utf8.count
        if n % 3 == 0 {
          field.text.replace(at..<at, with: "\u{94D}")
        } else {
          field.text.replace(at..<at + 3, with: "")
        }
      }
    }
    _ = field.layout(options)
    let long = field.rows?.longLine
    #expect(long?.line == 0, "\(shape)")
    // Exact from the start to past the typing: laid out across the edits, not from scratch.
    #expect((long.map { $0.start(ofRow: $0.exactRows - 1) } ?? 0) > typing + typed, "\(shape)")
    while field.refineLayout(bytes: 100_000) {}
    let kept = field.layout(options)
    #expect(kept.isExact, "\(shape)")
    let fresh = TextLayout(field.text, options: options)
    #expect(kept.rowCount == fresh.rowCount, "\(shape)")
    checkLongLineStarts(field)
    for offset in [0, typing - 1, typing + typed, field.text.utf8Count / 2, field.text.utf8Count] {
      let caret = field.text.clusterStart(containing: offset)
      #expect(
        kept.caret(at: caret, in: field.text, affinity: .downstream)
          == fresh.caret(at: caret, in: field.text, affinity: .downstream), "\(shape) caret \(caret)")
    }
  }
}
