extension LineSplice {
  /// This splice, then `next` (made on the text this one left), as one splice: the lines before
  /// the first one either touched and after the last one either touched were never changed.
  func followed(by next: LineSplice) -> LineSplice {
    LineSplice(
      first: min(first, next.first), tail: min(tail, next.tail), oldLineCount: oldLineCount,
      newLineCount: next.newLineCount)
  }
}
