/// One logical line broken into rows, with every row's start and width: for tools and tests
/// that want to see the rows. The daemon itself counts rows and places carets with
/// `RowBreaker` straight from the rope, keeping no list of rows or clusters.
package struct LineLayout: Equatable, Sendable {
  /// UTF-8 offset (from the line's start) where each row starts; the first is 0.
  package var rowStarts: [Int]
  /// Width in cells of each row.
  package var rowWidths: [Int]

  package var rowCount: Int { rowStarts.count }

  /// Lays out one line's content (without its terminator).
  package init(_ content: Substring, options: WrapOptions) {
    var starts = [0]
    var widths: [Int] = []
    var breaker = RowBreaker(options: options)
    Cluster.forEach(in: content) { cluster in
      breaker.place(cluster) { start, ended in
        starts.append(start)
        widths.append(ended)
      }
    }
    widths.append(breaker.column)
    rowStarts = starts
    rowWidths = widths
  }

  /// Row and column of a caret at `offset` (from the line's start, on a cluster boundary).
  package func caret(at offset: Int, in content: Substring, affinity: Affinity, options: WrapOptions) -> (
    row: Int, column: Int
  ) {
    var row = 0
    while row + 1 < rowStarts.count && rowStarts[row + 1] <= offset { row += 1 }
    if affinity == .upstream && row > 0 && rowStarts[row] == offset {
      return (row - 1, rowWidths[row - 1])
    }
    let rowStart = rowStarts[row]
    var column = 0
    Cluster.forEach(in: content) { cluster in
      guard cluster.offset >= rowStart && cluster.offset < offset else { return }
      column += cluster.cells(atColumn: column, tabSize: options.tabSize)
    }
    return (row, column)
  }
}
