/// Visual rows of a whole document for one set of wrap options: how many rows each logical
/// line takes and where each line's first row is.
public struct TextLayout: Sendable {
  public let options: WrapOptions
  /// Row index of each line's first row; one extra entry holds the total.
  private var firstRows: [Int]

  public init(_ buffer: TextBuffer, options: WrapOptions) {
    self.options = options
    var firstRows: [Int] = []
    firstRows.reserveCapacity(buffer.lineCount + 1)
    var total = 0
    for line in 0..<buffer.lineCount {
      firstRows.append(total)
      total += Self.rowCount(buffer, line: line, options: options)
    }
    firstRows.append(total)
    self.firstRows = firstRows
  }

  static func rowCount(_ buffer: TextBuffer, line: Int, options: WrapOptions) -> Int {
    guard options.columns != nil else { return 1 }
    let content = buffer.slice(buffer.lineStart(line)..<buffer.lineContentEnd(line))
    return LineLayout(content, options: options).rowCount
  }

  /// Total visual rows (at least 1: an empty document is one empty row).
  public var rowCount: Int { firstRows[firstRows.count - 1] }

  public func firstRow(ofLine line: Int) -> Int { firstRows[line] }

  /// The logical line holding global row `row` (clamped to the document).
  public func line(containingRow row: Int) -> Int {
    let row = min(max(0, row), rowCount - 1)
    var low = 0
    var high = firstRows.count - 2
    while low < high {
      let mid = (low + high + 1) / 2
      if firstRows[mid] <= row { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// Global row and column of a caret at UTF-8 `offset` (a cluster boundary).
  public func caret(at offset: Int, in buffer: TextBuffer, affinity: Affinity) -> (
    line: Int, row: Int, column: Int
  ) {
    var line = buffer.line(containing: offset)
    // An offset inside a terminator belongs to the end of the line's content.
    let contentEnd = buffer.lineContentEnd(line)
    let local = min(offset, contentEnd) - buffer.lineStart(line)
    let content = buffer.slice(buffer.lineStart(line)..<contentEnd)
    let layout = LineLayout(content, options: options)
    let (row, column) = layout.caret(at: local, in: content, affinity: affinity, options: options)
    line = min(line, firstRows.count - 2)
    return (line, firstRows[line] + row, column)
  }
}
