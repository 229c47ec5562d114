extension TextBuffer {
  /// Applies `changes` in order, each against the result of the previous one, or none of them:
  /// when an entry is invalid the buffer is restored to what it was before the first entry.
  public mutating func apply(_ changes: [ContentChange], in encoding: PositionEncoding)
    throws(ContentChangeError)
  {
    _ = try applyRecording(changes, in: encoding)
  }

  /// `apply`, returning what undoes the list. `willReplace` is called with the buffer, the
  /// entry's index and its resolved range just before each replacement.
  package mutating func applyRecording(
    _ changes: [ContentChange], in encoding: PositionEncoding,
    willReplace: (TextBuffer, Int, Range<Int>) -> Void = { _, _, _ in }
  ) throws(ContentChangeError) -> [UndoRecord] {
    var undo: [UndoRecord] = []
    for (index, change) in changes.enumerated() {
      let range: Range<Int>
      var exactStart = false
      if let clientRange = change.range {
        do {
          (range, exactStart) = try resolve(clientRange, in: encoding)
        } catch {
          self.undo(undo)
          throw ContentChangeError(index: index, error: error)
        }
      } else {
        range = 0..<utf8Count
      }
      willReplace(self, index, range)
      undo.append(replaceRecording(range, with: change.text))
      if exactStart, let clientRange = change.range {
        rememberCaret(after: change.text, at: clientRange.start, offset: range.lowerBound, in: encoding)
      }
    }
    return undo
  }
}
