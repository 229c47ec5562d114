/// One undoable replacement: the range the new text occupies and the text it replaced.
package struct UndoRecord: Sendable {
  var range: Range<Int>
  /// What the change replaced (its bytes tell an edit from a write of what was there).
  package var removed: String
}

extension TextBuffer {
  /// Replaces and returns what undoes it.
  package mutating func replaceRecording(_ range: Range<Int>, with text: String) -> UndoRecord {
    let removed = replace(range, with: text)
    return UndoRecord(range: range.lowerBound..<range.lowerBound + text.utf8.count, removed: removed)
  }

  /// Undoes records in reverse order of application.
  package mutating func undo(_ records: [UndoRecord]) {
    for record in records.reversed() { replace(record.range, with: record.removed) }
  }
}
