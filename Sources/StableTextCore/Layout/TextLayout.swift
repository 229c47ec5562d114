/// Visual rows of a whole document for one set of wrap options: how many rows each logical
/// line takes and where each line's first row is. A field keeps its row index in step with its
/// edits (`StableTextField.layout(_:)`); a bare buffer is laid out afresh.
package struct TextLayout: Sendable {
  package let options: WrapOptions
  private let index: RowIndex

  package init(_ buffer: TextBuffer, options: WrapOptions) {
    self.options = options
    index = RowIndex(buffer, options: options)  // exact: no budget
  }

  init(_ index: RowIndex) {
    options = index.options
    self.index = index
  }

  /// Total visual rows (at least 1: an empty document is one empty row).
  package var rowCount: Int { index.totalRows }

  package func firstRow(ofLine line: Int) -> Int { index.firstRow(ofLine: line) }

  /// The logical line holding global row `row` (clamped to the document).
  package func line(containingRow row: Int) -> Int { index.line(containingRow: row) }

  /// Global row and column of a caret at UTF-8 `offset` (a cluster boundary).
  package func caret(at offset: Int, in buffer: TextBuffer, affinity: Affinity) -> (
    line: Int, row: Int, column: Int
  ) {
    let line = buffer.line(containing: offset)
    // An offset inside a terminator belongs to the end of the line's content.
    let contentEnd = buffer.lineContentEnd(line)
    let start = buffer.lineStart(line)
    let local = min(offset, contentEnd) - start
    var resume = index.resumePoint(line: line, local: local)
    if let guess = resume, !guess.isRowStart {
      // A guessed start deep in a line not laid out yet: from a cluster start near the caret.
      resume?.start = buffer.clusterStart(containing: start + guess.start) - start
    }
    let (row, column) = buffer.caretRowAndColumn(
      line: line, local: local, affinity: affinity, options: options,
      resume: resume)
    return (line, index.firstRow(ofLine: line) + row, column)
  }

  /// Whether every figure is exact. Right after new wrap options on a large text, or an edit in
  /// a long line whose rows did not fall back in step nearby, rows beyond what the answer needed
  /// are estimated; the layout goes on between messages (`StableTextField.refineLayout`).
  package var isExact: Bool { index.isExact }
}
