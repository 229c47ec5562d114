/// Visual rows per logical line for one set of wrap options, kept beside the text by the field
/// and brought up to date after edits (see `EditHistory`), so that a scroll answer after an edit
/// re-lays out only the lines the edit touched.
struct RowIndex: Sendable {
  /// One line's row count.
  struct Rows: LineEntry {
    var count: Int32
    var totals: Int { Int(count) }
    static var unmeasured: Rows { Rows(count: 0) }
  }

  let options: WrapOptions
  private var table: LineTable<Rows>
  /// The text the rows describe.
  private(set) var stamp: EditHistory.Stamp

  /// Lays out every line of `buffer` (once, when a viewport first asks).
  init(_ buffer: TextBuffer, options: WrapOptions) {
    self.options = options
    table = LineTable(Self.measure(0..<buffer.lineCount, in: buffer, options: options))
    stamp = buffer.history.latest
  }

  private static func measure(_ lines: Range<Int>, in buffer: TextBuffer, options: WrapOptions) -> [Rows] {
    buffer.rowCounts(of: lines, options: options).map { Rows(count: $0) }
  }

  /// Catches up with the edits made to `buffer` since the rows were measured.
  func isCurrent(for buffer: TextBuffer) -> Bool { stamp === buffer.history.latest }

  mutating func update(to buffer: TextBuffer) {
    guard stamp !== buffer.history.latest else { return }
    guard let splices = buffer.history.splices(since: stamp) else {
      self = RowIndex(buffer, options: options)
      return
    }
    let options = options
    table.catchUp(splices) { Self.measure($0, in: buffer, options: options) }
    stamp = buffer.history.latest
  }

  var totalRows: Int { table.totals }
  var lineCount: Int { table.lineCount }

  /// The global row index of `line`'s first row.
  func firstRow(ofLine line: Int) -> Int { table.totals(before: line) }

  /// The line holding global row `row` (clamped to the document).
  func line(containingRow row: Int) -> Int {
    let row = min(max(0, row), totalRows - 1)
    guard row >= 0 else { return 0 }
    return min(table.line(holding: row, of: { $0 }).line, lineCount - 1)
  }
}
