/// An index of a buffer's lines kept beside it (`RowIndex`, `MessageLineIndex`): it remembers the
/// stamp of the text it describes, catches up through the buffer's history, and is measured
/// afresh when its stamp is not in that history.
protocol KeptLineIndex {
  var stamp: EditHistory.Stamp { get set }
  /// The same index measured afresh from `buffer`.
  func remeasured(from buffer: TextBuffer) -> Self
  /// Brings the values in step with `splices`, made since the index's text, reading `buffer`.
  mutating func apply(_ splices: [LineSplice], from buffer: TextBuffer)
}

extension KeptLineIndex {
  /// Catches up with the edits made to `buffer` since the index was measured.
  mutating func update(to buffer: TextBuffer) {
    guard stamp !== buffer.history.latest else { return }
    guard let splices = buffer.history.splices(since: stamp) else {
      self = remeasured(from: buffer)
      return
    }
    apply(splices, from: buffer)
    stamp = buffer.history.latest
  }
}
