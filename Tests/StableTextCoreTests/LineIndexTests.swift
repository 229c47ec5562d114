import Testing

@testable import StableTextCore

/// The per-line table against a plain array: random replacements of any size (blocks split,
/// empty and span), then every prefix total and every "line holding unit k" compared.
@Test(arguments: [51, 52, 53] as [UInt64])
func lineTableAgreesWithAnArray(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  var model = (0..<700).map { _ in Int32.random(in: 0...3, using: &rng) }
  var table = LineTable(model.map { RowIndex.Rows(count: $0) })
  for step in 0..<400 {
    let lower = Int.random(in: 0...model.count, using: &rng)
    let upper = min(
      model.count,
      lower + (step % 50 == 0 ? Int.random(in: 0...600, using: &rng) : Int.random(in: 0...3, using: &rng)))
    let count = step % 37 == 0 ? Int.random(in: 0...700, using: &rng) : Int.random(in: 0...4, using: &rng)
    let fresh = (0..<count).map { _ in Int32.random(in: 0...3, using: &rng) }
    model.replaceSubrange(lower..<upper, with: fresh)
    table.replace(lower..<upper, with: fresh.map { RowIndex.Rows(count: $0) })
    #expect(table.lineCount == model.count)
    #expect(table.entries.map(\.count) == model)
    let total = model.reduce(0) { $0 + Int($1) }
    #expect(table.totals == total)
    let probe = Int.random(in: 0...model.count, using: &rng)
    #expect(table.sum(before: probe, { $0 }, { $0.totals }) == model[..<probe].reduce(0) { $0 + Int($1) })
    let unit = Int.random(in: 0...total + 1, using: &rng)
    var running = 0
    var holder = model.count
    for (line, value) in model.enumerated() {
      if running + Int(value) > unit {
        holder = line
        break
      }
      running += Int(value)
    }
    #expect(table.line(holding: unit, { $0 }, { $0.totals }).line == holder, "unit \(unit) of \(total)")
  }
}

/// A field edited many times (single edits and change lists, through `apply` and straight on
/// its text) answers exactly as a field made afresh from the same text: the kept per-line index
/// never drifts from the text.
@Test(arguments: [61, 62, 63] as [UInt64])
func keptLineIndexAgreesWithAFreshOne(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let pieces = ["word ", "a", "# ", "#", " ", "\t", "\n", "\n", "\r\n", "\r", "한", "e\u{301}", "👋🏽", "#--\n"]
  var rules = Rules(
    maxLength: 400, unit: .columns, ignoreFinalNewline: true, commentPrefix: "#", endMarker: "#--")
  rules.lineRules = [
    LineRule(lines: LineSpan("1")!, maxLength: 12, blank: false, unit: .columns, severity: .error),
    LineRule(lines: LineSpan("2")!, maxLength: nil, blank: true, unit: .columns, severity: .warning),
    LineRule(lines: LineSpan("3-")!, maxLength: 9, blank: false, unit: .graphemes, severity: .warning),
  ]
  let start = (0..<900).map { _ in pieces.randomElement(using: &rng)! }.joined()
  var field = StableTextField(text: start, rules: rules)
  for step in 0..<150 {
    let text = field.text.string
    let a = randomOffset(text, &rng)
    let b = min(text.utf8.count, a + Int.random(in: 0...(step % 20 == 0 ? 400 : 6), using: &rng))
    var upper = b
    let bytes = Array(text.utf8)
    while upper < bytes.count && bytes[upper] & 0xC0 == 0x80 { upper += 1 }
    let insert = (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
    if step % 3 == 0 {
      // A change list: two edits, the second near the end, applied in one go.
      let second = field.text.position(of: field.text.utf8Count, in: .utf16)
      _ = try! field.apply(
        [
          FieldEdit(range: TextRange(start: second, end: second), text: insert),
          FieldEdit(
            range: TextRange(
              start: field.text.position(of: a, in: .utf16), end: field.text.position(of: upper, in: .utf16)),
            text: insert),
        ], in: .utf16, policy: .allow)
    } else {
      field.text.replace(a..<upper, with: insert)
    }
    // Figures are read both from a caught-up field and from one that has not caught up.
    if step % 4 == 0 { field.catchUp() }
    let fresh = StableTextField(text: field.text.string, rules: rules)
    #expect(field.messageLines == fresh.messageLines, "step \(step)")
    #expect(field.diagnostics == fresh.diagnostics, "step \(step)")
    #expect(field.state == fresh.state, "step \(step)")
    #expect(field.firstClusterOverLimit == fresh.firstClusterOverLimit, "step \(step)")
    #expect(field.invariantViolations() == [], "step \(step)")
    // Each cut (found while the line was measured) against Swift's own clusters.
    for diagnostic in field.diagnostics {
      guard diagnostic.code == .lineTooLong, let data = diagnostic.data, let line = data.int("line"),
        let length = data.int("length"), let limit = data.int("limit"), let unit = data.unit
      else { continue }
      let content = field.text.slice(field.text.lineStart(line)..<field.text.lineContentEnd(line))
      #expect(unit.count(content, tabSize: 8) == length)
      let cut = unit.measure.firstCluster(pastUnits: limit, in: content, tabSize: 8)
      #expect(diagnostic.range.lowerBound == field.text.lineStart(line) + cut!, "step \(step) line \(line)")
    }
  }
}

/// An index catches up from any point in the kept history, the very first text included; a long
/// history folds its oldest edits into one splice and keeps its base, so an index at the base
/// still measures only touched lines; a stamp folded away means "measure everything".
@Test func editHistoryReplaysFromItsStart() {
  var buffer = TextBuffer("a\nb\nc")
  buffer.tracksLines = true
  let first = buffer.history.latest
  buffer.replace(1..<1, with: "x\ny")
  // A `\n` follows the edit, so the line after it is counted as touched.
  #expect(
    buffer.history.splices(since: first) == [
      LineSplice(
        first: 0, tail: 1, oldLineCount: 3, newLineCount: 4, edit: TextSplice(range: 1..<1, insertedCount: 3))
    ])
  let second = buffer.history.latest
  for _ in 0..<EditHistory.capacity { buffer.replace(0..<0, with: "z") }
  let kept = buffer.history.splices(since: first)!
  #expect(kept.count < EditHistory.capacity + 1)
  // The folded edits are one: "a" (the first edit's range grown to the z's) became 132 bytes.
  #expect(
    kept.dropFirst().reduce(kept[0]) { $0.followed(by: $1) }
      == LineSplice(
        first: 0, tail: 1, oldLineCount: 3, newLineCount: 4,
        edit: TextSplice(range: 0..<1, insertedCount: 1 + 3 + EditHistory.capacity)))
  #expect(buffer.history.splices(since: second) == nil)
  let recent = buffer.history.latest
  buffer.replace(0..<1, with: "")
  #expect(buffer.history.splices(since: recent)?.count == 1)
  // Settled, the history starts from the current text.
  buffer.settleHistory()
  #expect(buffer.history.splices(since: recent) == nil)
  // Untracked, an edit only says the text is new.
  buffer.tracksLines = false
  let untracked = buffer.history.latest
  buffer.replace(0..<1, with: "")
  #expect(buffer.history.splices(since: untracked) == nil)
}

/// What a line costs under line rules (docs/performance.md, "Line rules"): 48 bytes of facts per line, and
/// 4 bytes per line for the layout's rows.
@Test func perLineIndexesCostWhatTheReadmeSays() {
  #expect(MemoryLayout<LineFacts>.stride == 48)
  #expect(MemoryLayout<RowIndex.Rows>.stride == 4)
}

/// Rows counted in one pass over many lines agree with each line laid out on its own, on texts
/// of every terminator, clusters that cross chunks, and any sub-range of lines.
@Test(arguments: [71, 72] as [UInt64])
func rowsInOnePassAgreeWithLineByLine(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  for round in 0..<40 {
    // Some long texts, so that lines and clusters cross chunk boundaries.
    let pieces = round % 4 == 0 ? 3_000 : 60
    let text = (0..<pieces).map { _ in fragments.randomElement(using: &rng)! }.joined()
    let buffer = TextBuffer(text)
    let options = WrapOptions(
      columns: Int.random(in: 1...9, using: &rng), wrap: Bool.random(using: &rng) ? .word : .char,
      tabSize: Int.random(in: 1...8, using: &rng))
    // Each line laid out on its own by the whole-line layout.
    let each = (0..<buffer.lineCount).map { line in
      Int32(
        LineLayout(buffer.slice(buffer.lineStart(line)..<buffer.lineContentEnd(line)), options: options)
          .rowCount)
    }
    #expect(buffer.rowCounts(of: 0..<buffer.lineCount, options: options) == each, "round \(round)")
    let lower = Int.random(in: 0..<buffer.lineCount, using: &rng)
    let upper = Int.random(in: lower...buffer.lineCount, using: &rng)
    #expect(
      buffer.rowCounts(of: lower..<upper, options: options) == Array(each[lower..<upper]), "round \(round)")
  }
}

/// A long line keeps its row starts: edits inside it lay out only the rows around them. Rows,
/// first rows and carets must equal a fresh layout after every edit, including edits that join
/// or split clusters, add or remove line breaks, and flip regional-indicator pairs.
@Test(arguments: [81, 82, 83] as [UInt64])
func longLineRowsAgreeWithAFreshLayout(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let pieces =
    fragments.filter { !$0.contains("\n") && !$0.contains("\r") } + ["word ", "  ", "🇰", "🇷", "a", "\t"]
  let long = (0..<9_000).map { _ in pieces.randomElement(using: &rng)! }.joined()
  var field = StableTextField(text: "head\n" + long + "\ntail", rules: Rules(maxLength: nil))
  let options = WrapOptions(
    columns: Int.random(in: 3...12, using: &rng), wrap: seed % 2 == 0 ? .word : .char, tabSize: 4)
  _ = field.layout(options)
  for step in 0..<120 {
    let text = field.text.string
    // Mostly inside the long line, now and then anywhere (and now and then a line break).
    let lineStart = field.text.lineStart(1)
    let lineEnd = field.text.lineContentEnd(1)
    var a = step % 10 == 9 ? randomOffset(text, &rng) : Int.random(in: lineStart...lineEnd, using: &rng)
    let bytes = Array(text.utf8)
    while a < bytes.count && bytes[a] & 0xC0 == 0x80 { a += 1 }
    var b = min(bytes.count, a + Int.random(in: 0...3, using: &rng))
    while b < bytes.count && bytes[b] & 0xC0 == 0x80 { b += 1 }
    let insert =
      step % 15 == 14
      ? "\n"
      : (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    field.text.replace(a..<b, with: insert)
    let kept = field.layout(options)
    let fresh = TextLayout(field.text, options: options)
    #expect(kept.rowCount == fresh.rowCount, "step \(step)")
    for line in 0..<field.text.lineCount {
      #expect(kept.firstRow(ofLine: line) == fresh.firstRow(ofLine: line), "step \(step) line \(line)")
    }
    // A caret near the edit, and one far from it.
    for offset in [a + insert.utf8.count, field.text.utf8Count / 2] {
      let caret = field.text.clusterStart(containing: min(offset, field.text.utf8Count))
      for affinity in [Affinity.downstream, .upstream] {
        #expect(
          kept.caret(at: caret, in: field.text, affinity: affinity)
            == fresh.caret(at: caret, in: field.text, affinity: affinity),
          "step \(step) caret \(caret)")
      }
    }
  }
}

/// Edits folded into one covering replacement: the text before them with the covering range
/// replaced by the same span of the text after them is the text after them.
@Test func foldedEditsCoverEveryChange() {
  var rng = SeededGenerator(seed: 91)
  for _ in 0..<300 {
    let original = (0..<40).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    var text = original
    var folded: TextSplice?
    for _ in 0..<Int.random(in: 1...5, using: &rng) {
      let lower = Int.random(in: 0...text.count, using: &rng)
      let upper = Int.random(in: lower...min(text.count, lower + 4), using: &rng)
      let inserted = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        UInt8.random(in: 65...90, using: &rng)
      }
      text.replaceSubrange(lower..<upper, with: inserted)
      let splice = TextSplice(range: lower..<upper, insertedCount: inserted.count)
      folded = folded.map { $0.followed(by: splice) } ?? splice
    }
    let cover = folded!
    var rebuilt = original
    rebuilt.replaceSubrange(
      cover.range, with: text[cover.range.lowerBound..<cover.range.lowerBound + cover.insertedCount])
    #expect(rebuilt == text)
  }
}
