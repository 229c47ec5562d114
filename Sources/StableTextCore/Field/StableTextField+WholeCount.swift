/// The length of a unit counted whole (`LineCount.whole`: `sms`), which no per-line or per-chunk
/// sum gives: the counted text is read in one pass ("Counting").
extension StableTextField {
  /// The counted text in pieces with their offsets: the counted range, or with comments or an
  /// end marker the message lines with their terminators (under `ignoreFinalNewline`, the last
  /// one's left out).
  func countedPieces() -> [(start: Int, text: Substring)] {
    guard rules.readsMessageLines else {
      let range = countedRange
      return [(range.lowerBound, Substring(text.slice(range)))]
    }
    var lines = messageLines.filter { line in
      guard case .message = line.kind else { return false }
      return line.end > line.content.lowerBound
    }
    if rules.ignoreFinalNewline, let last = lines.last {
      lines[lines.count - 1].end = last.content.upperBound
      if last.content.isEmpty { lines.removeLast() }
    }
    return lines.map { ($0.content.lowerBound, Substring(text.slice($0.content.lowerBound..<$0.end))) }
  }

  /// The counted text in one piece.
  var countedText: Substring { Substring(countedPieces().map(\.text).joined()) }

  /// The counted text's length in a unit counted whole.
  var wholeLength: Int { rules.unit.count(countedText, tabSize: rules.tabSize) }

  /// The first cluster past `limit` in a unit counted whole, as an offset in the document.
  func wholeFirstOver(_ limit: Int) -> Int? {
    let pieces = countedPieces()
    let joined = Substring(pieces.map(\.text).joined())
    guard var offset = rules.unit.measure.firstCluster(pastUnits: limit, in: joined, tabSize: rules.tabSize)
    else { return nil }
    for piece in pieces {
      let bytes = piece.text.utf8.count
      if offset < bytes { return piece.start + offset }
      offset -= bytes
    }
    return text.utf8Count
  }
}
