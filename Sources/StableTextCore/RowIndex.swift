/// Visual rows per logical line for one set of wrap options, kept beside the text by the field
/// and brought up to date after edits (see `EditHistory`), so that a scroll answer after an edit
/// re-lays out only the lines the edit touched.
struct RowIndex: KeptLineIndex, Sendable {
  /// One line's row count.
  struct Rows: LineEntry {
    var count: Int32
    var totals: Int { Int(count) }
    static var unmeasured: Rows { Rows(count: 0) }
  }

  let options: WrapOptions
  private var table: LineTable<Rows>
  /// The text the rows describe.
  var stamp: EditHistory.Stamp
  /// Where the rows of the last long line an edit touched start, so that the next edit in it
  /// lays out only the rows around it and a caret in it is placed from its own row.
  private(set) var longLine: LongLine?

  /// A long line's row starts (offsets from the line's start; the first is 0) and the width of
  /// the row before each (0 for the first).
  struct LongLine: Sendable {
    var line: Int
    var starts: [Int]
    var widths: [Int]

    /// The last row starting at or before `offset`.
    func row(containing offset: Int) -> Int {
      var low = 0
      var high = starts.count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        if starts[mid] <= offset { low = mid } else { high = mid - 1 }
      }
      return low
    }
  }

  /// Lines at least this long keep their row starts once an edit touches them.
  static let longLineBytes = 16 * 1024

  /// Lays out every line of `buffer` (once, when a viewport first asks).
  init(_ buffer: TextBuffer, options: WrapOptions) {
    self.options = options
    table = LineTable(Self.measure(0..<buffer.lineCount, in: buffer, options: options))
    stamp = buffer.history.latest
  }

  private static func measure(_ lines: Range<Int>, in buffer: TextBuffer, options: WrapOptions) -> [Rows] {
    buffer.rowCounts(of: lines, options: options).map { Rows(count: $0) }
  }

  func remeasured(from buffer: TextBuffer) -> RowIndex { RowIndex(buffer, options: options) }

  mutating func apply(_ splices: [LineSplice], from buffer: TextBuffer) {
    // Edits that all stayed inside one line are one edit covering them all.
    var touched: (line: Int, edit: TextSplice)?
    let edits = splices.compactMap(\.edit)
    if let line = splices.first?.first, edits.count == splices.count,
      splices.allSatisfy({ $0.first == line && $0.oldLines.count == 1 && $0.newLines.count == 1 })
    {
      touched = (line, edits.dropFirst().reduce(edits[0]) { $0.followed(by: $1) })
    }
    if let touched, relayoutAround(touched.edit, line: touched.line, in: buffer) { return }
    let options = options
    // One long line touched: keep its row starts for the next edits (laid out once, for both).
    var kept: LongLine?
    if let line = touched?.line, options.columns != nil {
      let content = buffer.lineStart(line)..<buffer.lineContentEnd(line)
      if content.count >= Self.longLineBytes {
        let (starts, widths) = buffer.rowBreaks(
          inContent: content, from: 0, row: 0, previousWidth: 0, options: options
        ) { _ in false }
        kept = LongLine(line: line, starts: [0] + starts, widths: [0] + widths)
      }
    }
    table.catchUp(splices) { lines in
      if let kept, lines == kept.line..<kept.line + 1 { return [Rows(count: Int32(kept.starts.count))] }
      return Self.measure(lines, in: buffer, options: options)
    }
    longLine = kept
  }

  /// An edit inside the kept long line, which stays one line: its rows are laid out again from
  /// the row before the one the edit starts in, until a row starts where an old row started
  /// (shifted by what the edit added); from there on nothing changed. False when the edit is
  /// anywhere else.
  private mutating func relayoutAround(_ edit: TextSplice, line: Int, in buffer: TextBuffer) -> Bool {
    guard var long = longLine, line == long.line else { return false }
    let lineStart = buffer.lineStart(long.line)
    let content = lineStart..<buffer.lineContentEnd(long.line)
    let x = edit.range.lowerBound - lineStart
    guard x >= 0 else { return false }
    let delta = edit.insertedCount - edit.range.count
    let oldEnd = edit.range.upperBound - lineStart
    let from = max(long.row(containing: x) - 1, 0)
    var resumeAt: Int?
    let (starts, widths) = buffer.rowBreaks(
      inContent: content, from: long.starts[from], row: from, previousWidth: long.widths[from],
      options: options
    ) { start in
      // Past the edit, a row starting where an old one did (shifted): the rest is as it was.
      guard start >= x + edit.insertedCount, start - delta >= oldEnd else { return false }
      let old = long.row(containing: start - delta)
      if long.starts[old] == start - delta && old > from {
        resumeAt = old
        return true
      }
      return false
    }
    var newStarts = Array(long.starts[...from]) + starts
    var newWidths = Array(long.widths[...from]) + widths
    if let old = resumeAt {
      newStarts += long.starts[(old + 1)...].map { $0 + delta }
      newWidths += long.widths[(old + 1)...]
    }
    long.starts = newStarts
    long.widths = newWidths
    table.replace(long.line..<long.line + 1, with: [Rows(count: Int32(newStarts.count))])
    longLine = long
    return true
  }

  /// A known row start at or before UTF-8 `local` of `line` (from the kept long line), to place a
  /// caret from there.
  func resumePoint(line: Int, local: Int) -> (row: Int, start: Int, previousWidth: Int)? {
    guard let long = longLine, long.line == line else { return nil }
    // The row before the caret's: a word-wrap break can still move back before the caret.
    let row = max(long.row(containing: local) - 1, 0)
    return (row, long.starts[row], long.widths[row])
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
