/// One replacement in UTF-8 offsets: `range` in the text before it, and how many bytes were put
/// there. Enough to carry any offset (a scroll anchor, a marker) through the edit.
package struct TextSplice: Equatable, Sendable {
  package var range: Range<Int>
  package var insertedCount: Int

  package init(range: Range<Int>, insertedCount: Int) {
    self.range = range
    self.insertedCount = insertedCount
  }
}

extension TextSplice {
  /// This replacement, then `next` (made on the text this one left), as one replacement that
  /// covers both: its range in the text before both, and the bytes that range holds after both.
  package func followed(by next: TextSplice) -> TextSplice {
    let delta = insertedCount - range.count
    // `next`'s ends in the text before this one: inside this one's inserted text maps to its end.
    func before(_ offset: Int) -> Int {
      if offset <= range.lowerBound { return offset }
      if offset >= range.lowerBound + insertedCount { return offset - delta }
      return range.upperBound
    }
    let lower = min(range.lowerBound, before(next.range.lowerBound))
    let upper = max(range.upperBound, before(next.range.upperBound))
    let totalDelta = delta + next.insertedCount - next.range.count
    return TextSplice(range: lower..<upper, insertedCount: upper - lower + totalDelta)
  }
}
