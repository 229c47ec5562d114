extension LineSplice {
  /// This splice, then `next` (made on the text this one left), as one splice: the lines before
  /// the first one either touched and after the last one either touched were never changed.
  func followed(by next: LineSplice) -> LineSplice {
    LineSplice(
      first: min(first, next.first), tail: min(tail, next.tail), oldLineCount: oldLineCount,
      newLineCount: next.newLineCount,
      // The two edits as one, so that a long line still lays out only the rows around them when
      // a burst of keystrokes outgrows the history (see `EditHistory`).
      edit: edit.flatMap { first in next.edit.map { first.followed(by: $0) } })
  }
}
