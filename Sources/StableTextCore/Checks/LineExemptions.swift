/// Which lines `maxLength` line rules skip (rule `exemptions`), worked out once per listing of the
/// diagnostics: line 1 when it is a generated subject, the trailer block, lines of one word.
struct LineExemptions {
  /// The `generated` exemption is on and line 1 is a subject git wrote
  /// (`MessageLineIndex.subjectIsGenerated(trailerBlock:)`).
  let generatedSubject: Bool
  let trailerBlock: ClosedRange<Int>?
  let longWords: Bool

  /// Whether `rules` exempt lines of one word (then the message lines' index reads words).
  static func exemptsLongWords(_ rules: Rules) -> Bool { rules.exemptions.contains(.longWords) }

  /// The lines `rules` exempt in `index`.
  init(_ rules: Rules, _ index: MessageLineIndex) { self.init(rules.exemptions, index) }

  init(_ exemptions: Set<Exemption>, _ index: MessageLineIndex) {
    let generated = exemptions.contains(.generated)
    let trailers = exemptions.contains(.trailers)
    // Found once: a cherry-pick's line in it makes the subject generated.
    let block = generated || trailers ? index.trailerBlock : nil
    generatedSubject = generated && index.subjectIsGenerated(trailerBlock: block)
    trailerBlock = trailers ? block : nil
    longWords = exemptions.contains(.longWords)
  }

  /// Whether no `maxLength` rule reports on numbered message line `number` (document line `line`).
  func covers(line: Int, number: Int, _ facts: LineFacts) -> Bool {
    if number == 1 { return generatedSubject }
    if longWords && facts.flags.contains(.oneWord) { return true }
    return trailerBlock?.contains(line) ?? false
  }

  /// Whether every line of a block (document lines `lines`) is in the exempt trailer block, so that
  /// no `maxLength` rule reports on any of them (line 1 is never in the trailer block).
  func coversAll(_ lines: Range<Int>) -> Bool {
    guard let block = trailerBlock, !lines.isEmpty else { return false }
    return block.contains(lines.lowerBound) && block.contains(lines.upperBound - 1)
  }

  /// Whether some line of a block (numbered `numbers`, document lines `lines`) may be exempt, so
  /// that its counts do not tell which lines break a rule.
  func touches(_ numbers: Range<Int>, _ lines: Range<Int>, _ totals: MessageLineTotals) -> Bool {
    if generatedSubject && numbers.contains(1) { return true }
    if longWords && totals.oneWords > 0 { return true }
    if let block = trailerBlock, block.overlaps(lines) { return true }
    return false
  }
}
