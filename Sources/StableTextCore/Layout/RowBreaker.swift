/// Wraps one logical line into rows one cluster at a time, keeping nothing per cluster.
///
/// Layout used to gather every cluster of a line into an array before breaking it, about
/// 24 bytes per byte of text: a 60 MB minified line cost 1.6 GB to lay out. The breaker holds
/// only the current row's start, its column and the last word-wrap candidate, which is enough
/// because nothing between that candidate and the current cluster can be a space or a tab (a
/// space followed by anything else would itself be a later candidate), so their widths do not
/// depend on where the row starts.
struct RowBreaker {
  let options: WrapOptions
  /// Offset (from the line's start) where the current row starts.
  private(set) var rowStart = 0
  /// Index of the current row within the line.
  private(set) var row = 0
  /// Cells used so far on the current row.
  private(set) var column = 0
  /// Width of the row before the current one.
  private(set) var previousRowWidth = 0
  /// Where word wrap may start the next row (after a run of spaces, or between wide clusters),
  /// and the current row's column there.
  private var candidate: (offset: Int, column: Int)?
  private var previous: Cluster?

  init(options: WrapOptions) { self.options = options }

  /// A breaker that resumes at a row start the line's layout already knows: a row starts at
  /// column 0, and what came before it only matters through the width of the row it ended.
  init(options: WrapOptions, row: Int, rowStart: Int, previousRowWidth: Int) {
    self.options = options
    self.row = row
    self.rowStart = rowStart
    self.previousRowWidth = previousRowWidth
  }

  /// Places `cluster` after the ones before it; `newRow` is told each row that starts
  /// (its start offset and the width of the row it ends).
  @inline(__always)
  mutating func place(_ cluster: Cluster, newRow: (_ start: Int, _ endedWidth: Int) -> Void) {
    if let previous,
      (previous.isSpace && !cluster.isSpace) || (previous.width == 2 && cluster.width == 2)
    {
      candidate = (cluster.offset, column)
    }
    while true {
      let width = cluster.cells(atColumn: column, tabSize: options.tabSize)
      guard let limit = options.columns, width > 0, column > 0, column > limit - width else {
        column += width
        previous = cluster
        return
      }
      let ended: Int
      if options.wrap == .word, !cluster.isSpace, let candidate, candidate.offset > rowStart {
        ended = candidate.column
        rowStart = candidate.offset
        column -= candidate.column
      } else {
        ended = column
        rowStart = cluster.offset
        column = 0
      }
      candidate = nil
      previousRowWidth = ended
      row += 1
      newRow(rowStart, ended)
    }
  }
}
