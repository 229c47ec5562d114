/// Visual rows per logical line for one set of wrap options, kept beside the text by the field
/// and brought up to date after edits (see `EditHistory`), so that a scroll answer after an edit
/// re-lays out only the lines the edit touched.
struct RowIndex: KeptLineIndex, Sendable {
  /// One line's row count.
  struct Rows: LineEntry {
    var count: Int32
    var totals: Int { Int(count) }
    init(count: Int32) { self.count = count }
    /// A long line's rows, estimated while it is.
    /// Fits: a line's rows are at most its clusters, fewer than 2^31 in any document the daemon
    /// or `check` accepts (2 GiB); a longer line in the library counts 2^31 − 1 rows.
    init(rowsOf long: LongLineRows) { count = Int32(clamping: long.rowCount) }
    static var unmeasured: Rows { Rows(count: 0) }
  }

  let options: WrapOptions
  private(set) var table: LineTable<Rows>
  /// The text the rows describe.
  var stamp: EditHistory.Stamp
  /// The rows of the last long line an edit touched (or that the layout reached and could not
  /// lay out within its budget), so that the next edit in it lays out only the rows around it and
  /// a caret in it is placed from its own row.
  private(set) var longLine: LongLineRows?
  /// Lines before this one have exact row counts (the long line's as exact as it says); from it
  /// on each line counts one row until the layout reaches it, between messages.
  private(set) var frontier: Int

  /// How much is laid out before an answer; the rest goes on between messages
  /// (`StableTextField.refineLayout`).
  struct Budgets: Sendable {
    /// Bytes laid out before the first answer for new wrap options: tens of milliseconds at
    /// most on any text.
    var first = 1 << 20
    /// How far past an edit a long line is laid out again for the answer that follows it.
    var edit = 8 << 10
    /// Lines at least this long keep their rows once an edit touches them.
    var longLine = 16 << 10
    /// Everything: a layout with no estimate.
    static let unlimited = Budgets(first: .max, edit: .max)
  }
  let budgets: Budgets

  /// Lays out the lines of `buffer` until the first budget is used; the rest is estimated until
  /// `advance` reaches it.
  init(_ buffer: TextBuffer, options: WrapOptions, budgets: Budgets = .unlimited) {
    self.options = options
    self.budgets = budgets
    table = LineTable(repeating: Rows(count: 1), count: buffer.lineCount)
    stamp = buffer.history.latest
    frontier = 0
    var left = budgets.first
    while left > 0 && !isExact { left -= advance(buffer, budget: left) }
  }

  /// Every row count is exact (no line estimated, no row guessed).
  var isExact: Bool { frontier >= table.lineCount && (longLine?.isExact ?? true) }

  /// Lays out about `budget` more bytes of what is still estimated; returns the bytes it took.
  @discardableResult
  mutating func advance(_ buffer: TextBuffer, budget: Int) -> Int {
    if var long = longLine, !long.isExact {
      long.refine(content: content(of: long.line, in: buffer), in: buffer, budget: budget)
      keep(long)
      return max(budget, 1)
    }
    guard frontier < table.lineCount else { return max(budget, 1) }
    let start = buffer.lineStart(frontier)
    var end =
      budget >= buffer.utf8Count - start ? table.lineCount : buffer.line(containing: start + budget)
    if end == frontier {
      // The frontier line alone is longer than the budget: a long line is laid out in pieces.
      let content = content(of: frontier, in: buffer)
      if content.count >= budgets.longLine, options.columns != nil {
        keep(LongLineRows(line: frontier, content: content, in: buffer, options: options, budget: budget))
        frontier += 1
        return max(budget, 1)
      }
      end = frontier + 1
    }
    table.overwrite(frontier..<end, with: Self.measure(frontier..<end, in: buffer, options: options))
    let used = (end < table.lineCount ? buffer.lineStart(end) : buffer.utf8Count) - start
    frontier = end
    return max(used, 1)
  }

  /// Keeps `long` as the long line, with its row count (estimated while it is) in the table.
  private mutating func keep(_ long: LongLineRows) {
    table.replace(long.line..<long.line + 1, with: [Rows(rowsOf: long)])
    longLine = long
  }

  private func content(of line: Int, in buffer: TextBuffer) -> Range<Int> {
    buffer.lineStart(line)..<buffer.lineContentEnd(line)
  }

  private static func measure(_ lines: Range<Int>, in buffer: TextBuffer, options: WrapOptions) -> [Rows] {
    buffer.rowCounts(of: lines, options: options).map { Rows(count: $0) }
  }

  func remeasured(from buffer: TextBuffer) -> RowIndex {
    RowIndex(buffer, options: options, budgets: budgets)
  }

  mutating func apply(_ splices: [LineSplice], from buffer: TextBuffer) {
    // Edits that all stayed inside one line are one edit covering them all.
    var touched: (line: Int, edit: TextSplice)?
    let edits = splices.compactMap(\.edit)
    if let line = splices.first?.first, edits.count == splices.count,
      splices.allSatisfy({ $0.first == line && $0.oldLines.count == 1 && $0.newLines.count == 1 })
    {
      touched = (line, edits.dropFirst().reduce(edits[0]) { $0.followed(by: $1) })
    }
    if let touched, var long = longLine, touched.line == long.line {
      let content = content(of: long.line, in: buffer)
      let x = touched.edit.range.lowerBound - content.lowerBound
      if x >= 0 {
        long.edit(
          at: x, removed: touched.edit.range.count, inserted: touched.edit.insertedCount, content: content,
          in: buffer, budget: budgets.edit)
        keep(long)
        return
      }
    }
    // Lines the layout had reached stay reached unless an edit crosses into the rest; the long
    // line follows the edits around it, and is dropped when one touches it.
    var long = longLine
    for splice in splices {
      let delta = splice.newLines.count - splice.oldLines.count
      if splice.oldLines.upperBound <= frontier {
        frontier += delta
      } else if splice.first < frontier {
        frontier = splice.first
      }
      if let line = long?.line, line >= splice.first {
        if line >= splice.oldLines.upperBound {
          long?.line += delta
        } else {
          long = nil
        }
      }
    }
    if let dropped = longLine, !dropped.isExact, long == nil {
      // Its estimate stays in the table: the layout must reach it again.
      frontier = min(frontier, dropped.line, splices.map(\.first).min() ?? frontier)
    }
    // One long line touched: keep its rows for the next edits.
    var kept: LongLineRows?
    if let line = touched?.line, options.columns != nil, line < frontier {
      let content = content(of: line, in: buffer)
      if content.count >= budgets.longLine {
        kept = LongLineRows(line: line, content: content, in: buffer, options: options, budget: budgets.first)
      }
    }
    let options = options
    let frontier = frontier
    table.catchUp(splices) { lines in
      if let kept, lines == kept.line..<kept.line + 1 { return [Rows(rowsOf: kept)] }
      let reached = lines.lowerBound..<max(lines.lowerBound, min(lines.upperBound, frontier))
      return Self.measure(reached, in: buffer, options: options)
        + Array(repeating: Rows(count: 1), count: lines.count - reached.count)
    }
    if let kept {
      if let long, !long.isExact { self.frontier = min(self.frontier, long.line) }
      longLine = kept
    } else {
      longLine = long
    }
  }

  /// A known row start at or before the caret's row in `line` to lay out from, when the line is
  /// the kept long line or one the layout has not reached (deep in it, a guessed start near the
  /// caret, not yet a cluster boundary).
  func resumePoint(line: Int, local: Int) -> ResumePoint? {
    if let long = longLine, long.line == line {
      return long.resumePoint(local: local)
    }
    if line >= frontier, local > 2 * LongLineRows.guessWindow, let columns = options.columns {
      return .guess(caret: local, rowsBefore: 0, bytesPerRow: Double(max(columns, 1)))
    }
    return nil
  }

  /// Where a caret's layout starts in its line.
  struct ResumePoint {
    var row: Int
    var start: Int
    var previousWidth: Int
    /// False for a guessed start near the caret, which must first be moved to a cluster start.
    var isRowStart = true

    /// A start `LongLineRows.guessWindow` bytes before a caret deep in text not laid out yet,
    /// after `rowsBefore` rows and on a row estimated at `bytesPerRow` from there.
    static func guess(caret local: Int, rowsBefore: Int, from base: Int = 0, bytesPerRow: Double)
      -> ResumePoint
    {
      let start = local - LongLineRows.guessWindow
      return ResumePoint(
        row: rowsBefore + Int(saturating: Double(start - base) / bytesPerRow), start: start, previousWidth: 0,
        isRowStart: false)
    }
  }

  var totalRows: Int { table.totals }
  var lineCount: Int { table.lineCount }

  /// The global row index of `line`'s first row.
  func firstRow(ofLine line: Int) -> Int { table.sum(before: line, { $0 }, { $0.totals }) }

  /// The line holding global row `row` (clamped to the document).
  func line(containingRow row: Int) -> Int {
    let row = min(max(0, row), totalRows - 1)
    guard row >= 0 else { return 0 }
    return min(table.line(holding: row, { $0 }, { $0.totals }).line, lineCount - 1)
  }
}
