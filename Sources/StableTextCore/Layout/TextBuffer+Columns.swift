extension TextBuffer {
  /// Display columns from `lineStart` (a line's start) to `offset` (a cluster boundary on that
  /// line), tabs advancing to the next multiple of `tabSize`: where a tool prints a column, read
  /// straight from the rope with the layout's cluster reader (no `Character`s, no copy).
  package func columns(from lineStart: Int, to offset: Int, tabSize: Int) -> Int {
    var column = 0
    forEachCluster(in: lineStart..<offset) { cluster in
      column += cluster.cells(atColumn: column, tabSize: tabSize)
      return true
    }
    return column
  }
}
