/// The length of a unit counted whole (`LineCount.whole`: `sms`), which no per-line or per-chunk
/// sum gives: the counted text is read in one pass ("Counting").
extension StableTextField {
  /// The counted text in pieces with their offsets: the counted range, or with comments or an
  /// end marker the message lines with their terminators (the last one's left out when the rules
  /// leave out a final terminator).
  func countedPieces() -> [(start: Int, text: Substring)] {
    guard readsMessageLines else {
      let range = countedRange
      return [(range.lowerBound, Substring(text.slice(range)))]
    }
    var lines = messageLines.filter { line in
      guard case .message = line.kind else { return false }
      return line.end > line.content.lowerBound
    }
    // Blank lines after the last filled one: git's cleanup drops them.
    if rules.countsAsGitStores {
      while let last = lines.last, Whitespace.isBlank(Substring(text.slice(last.content))) {
        lines.removeLast()
      }
    }
    if leavesOutFinalTerminator, let last = lines.last {
      lines[lines.count - 1].end = last.content.upperBound
      if last.content.isEmpty { lines.removeLast() }
    }
    return lines.map { ($0.content.lowerBound, Substring(text.slice($0.content.lowerBound..<$0.end))) }
  }

  /// The counted text in one piece.
  var countedText: Substring { Substring(countedPieces().map(\.text).joined()) }

  /// The counted text's length in a unit counted whole.
  var wholeLength: Int { rules.lengthUnit.count(countedText, tabSize: rules.tabStop) }

  /// The first cluster past `limit` in a unit counted whole, as an offset in the document.
  func wholeFirstOver(_ limit: Int) -> Int? {
    let pieces = countedPieces()
    let joined = Substring(pieces.map(\.text).joined())
    let offset = rules.lengthUnit.measure.firstCluster(pastUnits: limit, in: joined, tabSize: rules.tabStop)
    return offset.map { documentOffset($0, in: pieces) }
  }

  /// Where `offset` of the joined pieces lies in the document.
  private func documentOffset(_ offset: Int, in pieces: [(start: Int, text: Substring)]) -> Int {
    var offset = offset
    for piece in pieces {
      let bytes = piece.text.utf8.count
      if offset < bytes { return piece.start + offset }
      offset -= bytes
    }
    return text.utf8Count
  }

  /// The remembered whole count, while the text and the rules are the ones it was found with.
  var rememberedWholeCount: WholeCountMemo? {
    guard let memo = wholeCountMemo, memo.token === text.contentToken, memo.rulesGeneration == rulesGeneration
    else { return nil }
    return memo
  }

  /// Counts the text once after each change, for every figure a publish reads of it (the
  /// length, where the limit falls, the SMS message): a unit counted whole costs one pass a
  /// change, not one a figure. SMS's pass gives all three; another unit counted whole would
  /// count twice.
  mutating func rememberWholeCount() {
    guard countsWhole, rememberedWholeCount == nil else { return }
    let pieces = countedPieces()
    let joined = Substring(pieces.map(\.text).joined())
    let length: Int
    var firstOver: Int?
    var sms: SMSMessage?
    if rules.lengthUnit == .sms {
      let (tally, over) = SMSMeasure.measure(joined, limit: rules.limit, whole: true)
      length = tally.segments
      firstOver = over
      sms = SMSMessage(tally)
    } else {
      length = rules.lengthUnit.count(joined, tabSize: rules.tabStop)
      firstOver = rules.limit.flatMap {
        rules.lengthUnit.measure.firstCluster(pastUnits: $0, in: joined, tabSize: rules.tabStop)
      }
    }
    wholeCountMemo = WholeCountMemo(
      token: text.contentToken, rulesGeneration: rulesGeneration, length: length,
      firstOver: firstOver.map { documentOffset($0, in: pieces) }, sms: sms)
  }
}

/// A unit counted whole's figures of one text under one set of rules.
struct WholeCountMemo: Sendable {
  let token: TextBuffer.ContentToken
  let rulesGeneration: Int
  let length: Int
  let firstOver: Int?
  let sms: SMSMessage?
}
