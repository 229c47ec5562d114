/// Visual rows of a whole document for one set of wrap options: how many rows each logical
/// line takes and where each line's first row is. A field keeps its row index in step with its
/// edits (`StableTextField.layout(_:)`); a bare buffer is laid out afresh.
public struct TextLayout: Sendable {
  public let options: WrapOptions
  private let index: RowIndex

  public init(_ buffer: TextBuffer, options: WrapOptions) {
    self.options = options
    index = RowIndex(buffer, options: options)
  }

  init(_ index: RowIndex) {
    options = index.options
    self.index = index
  }

  /// Total visual rows (at least 1: an empty document is one empty row).
  public var rowCount: Int { index.totalRows }

  public func firstRow(ofLine line: Int) -> Int { index.firstRow(ofLine: line) }

  /// The logical line holding global row `row` (clamped to the document).
  public func line(containingRow row: Int) -> Int { index.line(containingRow: row) }

  /// Global row and column of a caret at UTF-8 `offset` (a cluster boundary).
  public func caret(at offset: Int, in buffer: TextBuffer, affinity: Affinity) -> (
    line: Int, row: Int, column: Int
  ) {
    let line = buffer.line(containing: offset)
    // An offset inside a terminator belongs to the end of the line's content.
    let contentEnd = buffer.lineContentEnd(line)
    let start = buffer.lineStart(line)
    let local = min(offset, contentEnd) - start
    let (row, column) = buffer.caretRowAndColumn(
      line: line, local: local, affinity: affinity, options: options,
      resume: index.resumePoint(line: line, local: local))
    return (line, index.firstRow(ofLine: line) + row, column)
  }
}
