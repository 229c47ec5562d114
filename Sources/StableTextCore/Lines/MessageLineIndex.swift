/// The per-line index of "Lines, comments and commit messages": each line's facts (`LineFacts`) in
/// a `LineTable`, kept in step with the text by its edit history. Where the message ends (the first
/// end-marker line), where its numbering starts (the first message line that is not blank), a
/// line's number and the length of "Counting" over the message lines all come from the totals in
/// O(log n); an edit measures only the lines it touched.
struct MessageLineIndex: KeptLineIndex, Sendable {
  /// What the facts depend on besides the text: when it changes, every line is measured again.
  struct Shape: Equatable, Sendable {
    /// The bytes a comment line starts with.
    var commentStart: [UInt8]?
    /// The end marker's bytes.
    var marker: [UInt8]?
    var tabSize: Int
    /// Units the rules count lines in (the whole text's and each line rule's with a limit).
    var units: Set<LengthUnit>
    /// The units measured by cluster, in the facts' `narrow` and `wide` slots (`LineSlot`).
    var narrow: LengthUnit?
    var wide: LengthUnit?
    /// Every unit of `units` counts ASCII without tabs one per byte, so such a line's facts are
    /// its byte count (`LineFacts.Flags.plain`).
    var asciiIsBytes: Bool
    /// A line terminator of 0, 1 or 2 bytes in the narrow unit (low four bits) and the wide unit
    /// (high four bits), as `LineFacts.terminatorUnits` keeps it.
    var terminatorUnits: [UInt8]
    /// Limits of the line rules in units measured by cluster (at most `LineFacts.maxPassOffsets`): where
    /// each line passes them is found while it is measured, so a publish reads no text.
    var offsetLimits: [LineLimit]
    /// For each of `offsetLimits`, whether its unit is the `wide` one (else the `narrow`).
    var offsetLimitsInWide: [Bool]
    /// Every `maxLength` line rule's unit and limit (at most `LineFacts.maxTracked`): each line
    /// notes which of them it passes, and each block counts its lines past each, so that the
    /// lines past a cap on diagnostics are counted a block at a time (`Checks/Lines/LineWalker.swift`).
    var limits: [LineLimit]
    /// The comment prefix and end marker follow the first scissors line of any of git's
    /// comment characters (each line notes which it is the scissors line of).
    var detectsCommentCharacter: Bool
    /// Lines note whether they are one word (`longWords` is exempt): their clusters are read.
    var readsWords: Bool
    /// The rules' encoding, when it cannot write every scalar: lines note whether they hold one
    /// it cannot (`unencodable`).
    var encoding: CharacterEncoding?
    /// Whether the narrow and the wide slot count a line as a text of its own (units counted
    /// whole or by line) rather than by the cluster pass.
    var narrowCountedAsText = false
    var wideCountedAsText = false
    /// Lines of more than ASCII are read by the layout's cluster reader: a slot is measured by
    /// cluster, or words are read.
    var needsClusterPass = false

    struct LineLimit: Hashable, Sendable {
      var unit: LengthUnit
      var limit: Int
    }

    /// The shape `rules` need, or `nil` when nothing they check reads lines.
    init?(_ rules: Rules) {
      guard
        rules.readsMessageLines || rules.checksLines || rules.partialEncoding != nil
          || (!rules.lengthUnit.isRopeMetric && rules.lengthUnit.measure.lineCount != .whole)
      else {
        return nil
      }
      self.init(reading: rules)
    }

    /// The shape of `rules` whether or not they need it.
    init(reading rules: Rules) {
      (commentStart, marker) = Self.comments(of: rules)
      tabSize = rules.tabStop
      // The whole text's unit too, unless it is counted whole (never line by line).
      let units = Set(
        rules.listedLineRules.compactMap { $0.maxLength == nil && $0.minLength == nil ? nil : $0.unit }
          + (rules.lengthUnit.measure.lineCount == .whole ? [] : [rules.lengthUnit]))
      self.units = units
      // Slots in the registry's order: a unit that can pass the bytes takes the wide slot first.
      let clustered = LengthUnit.registered.filter {
        units.contains($0) && [.clusters, .whole, .lines].contains($0.measure.lineCount)
      }
      var narrow: LengthUnit?
      var wide = clustered.first { $0.measure.exceedsBytes }
      for unit in clustered where unit != wide && !unit.measure.exceedsBytes {
        if narrow == nil { narrow = unit } else if wide == nil { wide = unit }
      }
      // A second unit that can pass the bytes still gets the 32-bit slot when it is free
      // (saturating past 4 Gi in that unit, as the counts do).
      if narrow == nil { narrow = clustered.first { $0 != wide } }
      self.narrow = narrow
      self.wide = wide
      func countedAsText(_ unit: LengthUnit?) -> Bool {
        unit.map { $0.measure.lineCount != .clusters } ?? false
      }
      narrowCountedAsText = countedAsText(narrow)
      wideCountedAsText = countedAsText(wide)
      readsWords = LineExemptions.exemptsLongWords(rules)
      needsClusterPass =
        readsWords || (narrow != nil && !narrowCountedAsText) || (wide != nil && !wideCountedAsText)
      asciiIsBytes = units.allSatisfy { $0.measure.countsASCIIAsBytes }
      terminatorUnits = (0...2).map { bytes in
        let inNarrow = bytes == 0 ? 0 : narrow.map { $0.measure.terminatorLength(bytes: bytes) } ?? 0
        let inWide = bytes == 0 ? 0 : wide.map { $0.measure.terminatorLength(bytes: bytes) } ?? 0
        // Fits: a measure by cluster gives a terminator at most 15 (`LengthMeasure`).
        return UInt8(min(inNarrow, 15) | min(inWide, 15) << 4)
      }
      slots = LengthUnit.registered.map { unit in
        switch unit.measure.lineCount {
        case .utf8: return .utf8
        case .utf16: return .utf16
        case .scalars: return .scalars
        case .clusters, .whole, .lines: return unit == narrow ? .narrow : unit == wide ? .wide : .unmeasured
        }
      }
      var offsetLimits: [LineLimit] = []
      for rule in rules.listedLineRules {
        guard let limit = rule.maxLength, rule.unit == narrow || rule.unit == wide,
          rule.unit.measure.lineCount == .clusters,
          limit <= Int(Int32.max), offsetLimits.count < LineFacts.maxPassOffsets
        else { continue }
        let wanted = LineLimit(unit: rule.unit, limit: limit)
        if !offsetLimits.contains(wanted) { offsetLimits.append(wanted) }
      }
      self.offsetLimits = offsetLimits
      offsetLimitsInWide = offsetLimits.map { $0.unit == wide }
      var limits: [LineLimit] = []
      for rule in rules.listedLineRules {
        guard let limit = rule.maxLength, limits.count < LineFacts.maxTracked else { continue }
        let tracked = LineLimit(unit: rule.unit, limit: limit)
        if !limits.contains(tracked) { limits.append(tracked) }
      }
      self.limits = limits
      detectsCommentCharacter = rules.detectsCommentCharacter
      encoding = rules.partialEncoding
    }

    /// The facts' slot holding a line's length in each unit, by registry position (asked for
    /// every line a check reads: an array, not a question to the measure each time).
    private var slots: [LineSlot]

    /// The facts' slot holding a line's length in `unit`.
    func slot(_ unit: LengthUnit) -> LineSlot { slots[unit.index] }
  }

  /// The shape the rules ask for.
  let base: Shape
  /// The shape the lines are measured with: `base`, or, when it detects git's comment
  /// character, `base` with the character of the first scissors line (`#` while there is none).
  let shape: Shape
  private(set) var table: LineTable<LineFacts>
  /// The text the facts describe.
  var stamp: EditHistory.Stamp

  init(_ buffer: TextBuffer, shape: Shape) {
    self.init(buffer, base: shape, shape: shape)
    // A scissors line of another character than the one measured with: measure again with it
    // (once, when such a line appears or goes; git writes one).
    if let character = detectedCharacter, shape.commentStart != [character] {
      self.init(buffer, base: shape, shape: shape.commenting(with: character))
    }
  }

  private init(_ buffer: TextBuffer, base: Shape, shape: Shape) {
    self.base = base
    self.shape = shape
    table = LineTable { append in Self.forEachFacts(0..<buffer.lineCount, in: buffer, shape: shape, append) }
    stamp = buffer.history.latest
  }

  func remeasured(from buffer: TextBuffer) -> MessageLineIndex { MessageLineIndex(buffer, shape: base) }

  mutating func apply(_ splices: [LineSplice], from buffer: TextBuffer) {
    let shape = shape
    // With one splice the first touched line starts where it did: the table still knows where.
    let start = splices.count == 1 ? lineStart(splices[0].first) : nil
    table.catchUp(splices) { Self.measure($0, in: buffer, shape: shape, start: start) }
    if let character = detectedCharacter, shape.commentStart != [character] {
      self = MessageLineIndex(buffer, base: base, shape: base.commenting(with: character))
    }
  }

  /// The comment character the lines say, when the shape detects it: the first scissors line's
  /// (found in O(log n)), else the base shape's own prefix character (`#`).
  private var detectedCharacter: UInt8? {
    guard shape.detectsCommentCharacter else { return nil }
    let (line, _) = table.line(holding: 0, { $0.scissorsLines }) { $0.scissors != 0 ? 1 : 0 }
    guard line < table.lineCount else { return base.commentStart?.first ?? Preset.commentCharacters[0] }
    return Preset.commentCharacters[Int(table[line].scissors) - 1]
  }

  /// The facts of `lines` (`start`: where the first one starts, when the caller knows).
  static func measure(_ lines: Range<Int>, in buffer: TextBuffer, shape: Shape, start: Int? = nil)
    -> [LineFacts]
  {
    var result: [LineFacts] = []
    result.reserveCapacity(lines.count)
    forEachFacts(lines, in: buffer, shape: shape, start: start) { result.append($0) }
    return result
  }

  /// Calls `body` with the facts of each of `lines` in order, read in one pass over their bytes
  /// straight from the rope's chunks. Only a line that spans chunks is copied out, so the memory
  /// it takes is the longest such line, not the text (a whole-document copy made `check` of a
  /// 300 MB message take twice its size again).
  static func forEachFacts(
    _ lines: Range<Int>, in buffer: TextBuffer, shape: Shape, start: Int? = nil, _ body: (LineFacts) -> Void
  ) {
    guard !lines.isEmpty else { return }
    let start = start ?? buffer.lineStart(lines.lowerBound)
    // The part of the current line read from earlier chunks.
    var carry: [UInt8] = []
    var measured = 0
    buffer.forEachChunkSlice(start..<buffer.utf8Count) { bytes, range, _ in
      var lineStart = range.lowerBound
      var i = range.lowerBound
      while true {
        i = ByteWord.firstLineEnd(in: bytes, from: i, to: range.upperBound)
        guard i < range.upperBound else { break }
        let byte = bytes[i]
        // Chunks never split `\r\n`, so a `\r` that ends a slice is a terminator of its own.
        let terminator = byte == 0x0D && i + 1 < range.upperBound && bytes[i + 1] == 0x0A ? 2 : 1
        let content = UnsafeBufferPointer(rebasing: bytes[lineStart..<i])
        var facts: LineFacts
        if carry.isEmpty {
          facts = LineFacts(content: content, terminator: terminator, shape: shape)
        } else {
          carry.append(contentsOf: content)
          facts = carry.withUnsafeBufferPointer {
            LineFacts(content: $0, terminator: terminator, shape: shape)
          }
          carry.removeAll(keepingCapacity: carry.count <= 1 << 16)
        }
        if byte == 0x0D && terminator == 1 { facts.flags.insert(.loneReturn) }
        body(facts)
        measured += 1
        if measured == lines.count { return false }
        i += terminator
        lineStart = i
      }
      carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<range.upperBound]))
      return true
    }
    // The document's last line, which has no terminator.
    if measured < lines.count {
      carry.withUnsafeBufferPointer { body(LineFacts(content: $0, terminator: 0, shape: shape)) }
    }
  }

  var lineCount: Int { table.lineCount }

  subscript(line: Int) -> LineFacts { table[line] }

  /// UTF-8 offset of `line`'s start.
  func lineStart(_ line: Int) -> Int { table.sum(before: line, { $0.bytes }, Self.bytes) }

  // Each line's share of one total, for reading a block without building whole totals.
  private static func bytes(_ facts: LineFacts) -> Int { facts.bytes + Int(facts.terminator) }
  private static func markers(_ facts: LineFacts) -> Int { facts.flags.contains(.marker) ? 1 : 0 }
  private static func messages(_ facts: LineFacts) -> Int { facts.isComment ? 0 : 1 }
  private static func counted(_ facts: LineFacts, _ slot: LineSlot) -> Int {
    facts.isComment ? 0 : facts.length(slot) + facts.terminatorLength(slot)
  }

  /// A line's content length in `unit` (0 in a unit the shape does not measure).
  func length(of facts: LineFacts, _ unit: LengthUnit) -> Int { facts.length(shape.slot(unit)) }
  /// Whether the facts hold lines' lengths in `unit` (UTF-8, UTF-16 and scalars always).
  func measures(_ unit: LengthUnit) -> Bool { shape.slot(unit) != .unmeasured }
  private static func filled(_ facts: LineFacts) -> Int {
    facts.isComment || facts.flags.contains(.blank) ? 0 : 1
  }
  private static func blankMessages(_ facts: LineFacts) -> Int {
    !facts.isComment && facts.flags.contains(.blank) ? 1 : 0
  }

  private static func trailers(_ facts: LineFacts) -> Int {
    !facts.isComment && facts.flags.contains(.trailer) ? 1 : 0
  }
  private static func gitTrailers(_ facts: LineFacts) -> Int {
    !facts.isComment && facts.flags.contains(.gitTrailer) ? 1 : 0
  }
  private static func loneReturns(_ facts: LineFacts) -> Int { facts.flags.contains(.loneReturn) ? 1 : 0 }
  private static func patchStarts(_ facts: LineFacts) -> Int {
    !facts.isComment && facts.flags.contains(.patchStart) ? 1 : 0
  }
  private static func cherryPicks(_ facts: LineFacts) -> Int {
    !facts.isComment && facts.flags.contains(.cherryPick) ? 1 : 0
  }
  private static func indented(_ facts: LineFacts) -> Int {
    !facts.isComment && !facts.flags.contains(.blank) && facts.flags.contains(.indented) ? 1 : 0
  }

  /// The trailer block, as git interpret-trailers finds it: the lines (of the document) of the
  /// message's last paragraph when that is not its first one (the subject's) and either all of
  /// its lines are trailers or their continuations, or it holds one of git's own trailers
  /// (`Signed-off-by: `, `(cherry picked from commit `) and trailers are at least a quarter of
  /// its lines. Comments inside it are skipped (and break a continuation).
  ///
  /// O(log n) to find the paragraph and count its trailers from the trees; its lines are read
  /// only when those counts neither rule a trailer block out nor settle it (indented lines that
  /// may or may not be continuations), so a long last paragraph of prose, or of sign-offs, costs
  /// nothing more.
  var trailerBlock: ClosedRange<Int>? {
    let endMarkerLine = endMarkerLine
    let filledTotal = table.sum(before: endMarkerLine, { $0.filled }, Self.filled)
    guard filledTotal > 0, let first = firstNumbered else { return nil }
    let last = table.line(holding: filledTotal - 1, { $0.filled }, Self.filled).line
    let blanks = table.sum(before: last, { $0.messages - $0.filled }, Self.blankMessages)
    guard blanks > 0 else { return nil }
    let start = table.line(holding: blanks - 1, { $0.messages - $0.filled }, Self.blankMessages).line + 1
    guard start > first else { return nil }
    func count(_ metric: (MessageLineTotals) -> Int, _ value: (LineFacts) -> Int) -> Int {
      table.sum(before: last + 1, metric, value) - table.sum(before: start, metric, value)
    }
    let lines = count({ $0.filled }, Self.filled)
    let trailers = count({ $0.trailers }, Self.trailers)
    guard trailers > 0 else { return nil }
    let recognized = count({ $0.gitTrailers }, Self.gitTrailers) > 0
    // Lines that are neither trailers nor indented are never continuations.
    let surelyOther = lines - trailers - count({ $0.indented }, Self.indented)
    guard surelyOther == 0 || (recognized && trailers * 3 >= surelyOther) else { return nil }
    // At most every line that is not a trailer is another line: when git's trailers are a quarter
    // even so, or no line is indented, the counts decide without reading the lines.
    if recognized && trailers * 3 >= lines - trailers { return start...last }
    if surelyOther == 0 && trailers == lines { return start...last }
    var trailerLines = 0
    var otherLines = 0
    var afterTrailer = false
    table.forEachEntry(in: start..<last + 1) { facts in
      if facts.isComment {
        afterTrailer = false
      } else if facts.flags.contains(.trailer) {
        trailerLines += 1
        afterTrailer = true
      } else if facts.flags.contains(.indented) {
        if !afterTrailer { otherLines += 1 }
      } else {
        otherLines += 1
        afterTrailer = false
      }
    }
    let isBlock =
      (recognized && trailerLines * 3 >= otherLines) || (trailerLines > 0 && otherLines == 0)
    return isBlock ? start...last : nil
  }

  /// Whether message line 1 is a subject git wrote (the `generated` exemption; Protocol/README.md,
  /// "Commit messages as git writes them"): it starts as git's and GitHub's subjects do
  /// (`Merge branch `, `Revert "`, …), or the trailer block holds `git cherry-pick -x`'s line
  /// `(cherry picked from commit <hex>)`, so that the whole message, subject included, is a copy
  /// of another commit's. Only the trailer block counts: such a line inside a paragraph of prose
  /// is quoted, not written by git. `block` is `trailerBlock`, found by the caller (which may
  /// need it for the `trailers` exemption too). O(log n).
  func subjectIsGenerated(trailerBlock block: ClosedRange<Int>?) -> Bool {
    guard let first = firstNumbered else { return false }
    if table[first].flags.contains(.generated) { return true }
    guard let block else { return false }
    return table.sum(before: block.upperBound + 1, { $0.cherryPicks }, Self.cherryPicks)
      - table.sum(before: block.lowerBound, { $0.cherryPicks }, Self.cherryPicks) > 0
  }

  /// One line, classified (O(log n)).
  func messageLine(_ line: Int) -> MessageLine {
    let start = lineStart(line)
    let facts = table[line]
    let contentEnd = start + facts.bytes
    return MessageLine(
      index: line, kind: kind(ofLine: line), content: start..<contentEnd,
      end: contentEnd + Int(facts.terminator))
  }

  /// Whether a line before the end marker is ended by a `\r` alone, which git does not take for a
  /// line break: git's lines are then not the document's (`StoredCommitMessage`). O(log n).
  var holdsLoneReturns: Bool {
    table.sum(before: endMarkerLine, { $0.loneReturns }, Self.loneReturns) > 0
  }

  /// Whether `git interpret-trailers` finds the trailers otherwise than `trailerBlock` does: git's
  /// lines are not the document's (a lone `\r`), or a message line starts a patch (`---`), before
  /// which alone git looks. The message as git stores it is then read as git reads it. O(log n).
  var gitReadsTrailersOtherwise: Bool {
    holdsLoneReturns || table.sum(before: endMarkerLine, { $0.patchStarts }, Self.patchStarts) > 0
  }

  /// Whether some line is a comment or at or after the end marker.
  var holdsNonMessageLines: Bool { table.totals.messages < table.lineCount }

  /// The last message line that is not blank, if any.
  var lastFilledLine: Int? {
    let filledTotal = table.sum(before: endMarkerLine, { $0.filled }, Self.filled)
    guard filledTotal > 0 else { return nil }
    return table.line(holding: filledTotal - 1, { $0.filled }, Self.filled).line
  }

  /// The first end-marker line (where the message ends), or `lineCount`.
  var endMarkerLine: Int { table.line(holding: 0, { $0.markers }, Self.markers).line }

  /// The first message line that is not blank: line 1 of the message.
  var firstNumbered: Int? {
    let line = table.line(holding: 0, { $0.filled }, Self.filled).line
    return line < endMarkerLine ? line : nil
  }

  /// Message lines before `line` (counting blank ones before line 1).
  private func messagesBefore(_ line: Int) -> Int { table.sum(before: line, { $0.messages }, Self.messages) }

  func kind(ofLine line: Int) -> MessageLine.Kind {
    if line >= endMarkerLine { return .ignored }
    if table[line].isComment { return .comment }
    return .message(number: number(ofLine: line))
  }

  /// The message-line number of `line`, when it is a numbered message line.
  func number(ofLine line: Int) -> Int? {
    guard line < endMarkerLine, !table[line].isComment, let first = firstNumbered, line >= first else {
      return nil
    }
    return messagesBefore(line) - messagesBefore(first) + 1
  }

  /// The line numbered `number` in the message, if there is one.
  func line(numbered number: Int) -> Int? {
    guard number >= 1, let first = firstNumbered else { return nil }
    let line = table.line(holding: messagesBefore(first) + number - 1, { $0.messages }, Self.messages).line
    return line < endMarkerLine ? line : nil
  }

  /// The message lines' content and terminators in `unit`, `leavingOutFinalTerminator` dropping
  /// the terminator of the last one (an empty last line without a terminator adds nothing).
  /// `asGitStores` leaves out the blank message lines after the last filled one, as git's
  /// cleanup does (a message of blank lines alone counts 0).
  func countedLength(_ unit: LengthUnit, leavingOutFinalTerminator: Bool, asGitStores: Bool = false) -> Int {
    let endMarkerLine = endMarkerLine
    let slot = shape.slot(unit)
    if asGitStores {
      guard let last = lastFilledLine else { return 0 }
      var length = table.sum(before: last + 1, MessageLineTotals.PerSlot.reader(slot)) {
        Self.counted($0, slot)
      }
      if leavingOutFinalTerminator { length -= table[last].terminatorLength(slot) }
      return length
    }
    var length = table.sum(before: endMarkerLine, MessageLineTotals.PerSlot.reader(slot)) {
      Self.counted($0, slot)
    }
    if leavingOutFinalTerminator, let last = lastCountedLine(messages: messagesBefore(endMarkerLine)) {
      length -= table[last].terminatorLength(slot)
    }
    return length
  }

  /// The last message line that is not an empty final line without a terminator.
  private func lastCountedLine(messages: Int) -> Int? {
    guard messages > 0 else { return nil }
    let last = table.line(holding: messages - 1, { $0.messages }, Self.messages).line
    let facts = table[last]
    if facts.bytes == 0 && facts.terminator == 0 {
      return messages > 1 ? table.line(holding: messages - 2, { $0.messages }, Self.messages).line : nil
    }
    return last
  }

  /// The message line in which the running length in `unit` passes `limit`, and the length of
  /// the message lines before it.
  func crossing(_ limit: Int, _ unit: LengthUnit) -> (line: Int, before: Int)? {
    let slot = shape.slot(unit)
    let (line, before) = table.line(holding: limit, MessageLineTotals.PerSlot.reader(slot)) {
      Self.counted($0, slot)
    }
    return line < endMarkerLine ? (line, before) : nil
  }

  /// Visits the numbered message lines from number `from` on in order, with their numbers and
  /// start offsets, until `body` returns false. Blocks that `skip` rules out (given their
  /// totals, the numbers their message lines would have, and their lines) are stepped over
  /// unvisited; only whole blocks are offered to it.
  func forEachNumberedLine(
    from number: Int, skip: (_ totals: MessageLineTotals, _ numbers: Range<Int>, _ lines: Range<Int>) -> Bool,
    _ body: (_ line: Int, _ number: Int, _ facts: LineFacts, _ start: Int) -> Bool
  ) {
    guard let startLine = line(numbered: max(1, number)) else { return }
    let endMarkerLine = endMarkerLine
    var (block, local) = table.location(ofLine: startLine)
    var line = startLine
    var offset = lineStart(startLine)
    var current = max(1, number)
    while block < table.blocks.count && line < endMarkerLine {
      let entries = table.blocks[block]
      let blockTotals = table.blockTotals[block]
      if local == 0
        && skip(blockTotals, current..<current + blockTotals.messages, line..<line + entries.count)
      {
        offset += blockTotals.bytes
        current += blockTotals.messages
        line += entries.count
      } else {
        for facts in entries[local...] {
          if line >= endMarkerLine { return }
          if !facts.isComment {
            if !body(line, current, facts, offset) { return }
            current += 1
          }
          offset += facts.bytes + Int(facts.terminator)
          line += 1
        }
      }
      block += 1
      local = 0
    }
  }

  /// Every line, classified.
  var messageLines: [MessageLine] {
    var result: [MessageLine] = []
    result.reserveCapacity(lineCount)
    let endMarkerLine = endMarkerLine
    let first = firstNumbered ?? endMarkerLine
    var offset = 0
    var number = 1
    for (index, facts) in table.entries.enumerated() {
      let kind: MessageLine.Kind
      if index >= endMarkerLine {
        kind = .ignored
      } else if facts.isComment {
        kind = .comment
      } else if index < first {
        kind = .message(number: nil)
      } else {
        kind = .message(number: number)
        number += 1
      }
      let contentEnd = offset + facts.bytes
      let end = contentEnd + Int(facts.terminator)
      result.append(
        MessageLine(index: index, kind: kind, content: offset..<contentEnd, end: end))
      offset = end
    }
    return result
  }
}
