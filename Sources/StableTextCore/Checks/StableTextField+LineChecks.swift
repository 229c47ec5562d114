/// Found through the per-line index: only the numbered lines the rules cover are visited, and a
/// block of lines whose longest line fits every limit (and holds nothing a `blank` rule could
/// flag) is stepped over whole, so a publish costs about the diagnostics it holds. Past
/// `maxDiagnostics` the lines left that break a rule are counted a block at a time where the
/// block's counts tell (every number in it under the same rules), so a document whose every line
/// is over its limit still publishes in about the cap.
extension StableTextField {
  /// The line checks' diagnostics in document order (on one line `line-not-blank` first), every
  /// one of them (for tests; the field's `diagnostics` are capped).
  var lineDiagnostics: [FieldDiagnostic] {
    var result: [FieldDiagnostic] = []
    forEachLineDiagnostic(limit: nil) { result.append($0) }
    return result
  }

  /// Calls `body` with the line checks' diagnostics in document order: at most `limit` of them,
  /// whole lines only (a line whose diagnostics would pass it is the first left out), then one
  /// `too-many-diagnostics` at the start of the first line left out, naming how many lines from
  /// it on break a line rule.
  func forEachLineDiagnostic(limit: Int?, _ body: (FieldDiagnostic) -> Void) {
    guard !rules.lineRules.isEmpty else { return }
    let index = messageIndex
    let lineRules = rules.lineRules
    let from = lineRules.map(\.lines.first).min() ?? 1
    let last =
      lineRules.contains { $0.lines.last == nil } ? Int.max : lineRules.compactMap(\.lines.last).max()!
    var reported = 0
    var found: [FieldDiagnostic] = []
    var leftOut: (line: Int, number: Int, start: Int)?
    let exempt = LineExemptions(rules.exemptions, index)
    let shape = index.shape
    index.forEachNumberedLine(from: from) { totals, numbers, lines in
      holdsNothing(totals, numbers, shape, lengthsExempt: exempt.coversAll(lines))
    } _: { line, number, facts, start in
      guard number <= last else { return false }
      found.removeAll(keepingCapacity: true)
      check(line: line, number: number, facts: facts, start: start, exempt: exempt, shape, into: &found)
      if let limit, reported + found.count > limit {
        leftOut = (line, number, start)
        return false
      }
      reported += found.count
      found.forEach(body)
      return true
    }
    guard let leftOut else { return }
    let omitted = linesBreakingARule(from: leftOut.number, last: last, exempt: exempt)
    body(
      FieldDiagnostic(
        code: .tooManyDiagnostics, severity: .information, range: leftOut.start..<leftOut.start,
        message: "\(omitted) more lines break a line rule", data: .tooManyDiagnostics(omitted: omitted),
        line: FieldDiagnostic.Line(index: leftOut.line, start: leftOut.start, isASCII: true)))
  }

  /// Whether no line of a block (numbered `numbers`, with `totals`) can break a rule: every rule
  /// covering one of its numbers finds its longest line within the limit, and no line filled
  /// where a `blank` rule covers it.
  /// With `lengthsExempt` (every line of the block is in the exempt trailer block), only `blank`
  /// rules can.
  private func holdsNothing(
    _ totals: MessageLineTotals, _ numbers: Range<Int>, _ shape: MessageLineIndex.Shape,
    lengthsExempt: Bool = false
  ) -> Bool {
    for rule in rules.lineRules
    where rule.lines.first < numbers.upperBound && (rule.lines.last ?? .max) >= numbers.lowerBound {
      if rule.blank && totals.filled > 0 { return false }
      if !lengthsExempt, let limit = rule.maxLength, totals.longest[shape.slot(rule.unit)] > limit {
        return false
      }
      if !lengthsExempt, let minimum = rule.minLength, totals.shortest[shape.slot(rule.unit)] < minimum {
        return false
      }
    }
    return true
  }

  /// The numbered message lines from `number` to `last` that break a line rule.
  private func linesBreakingARule(from number: Int, last: Int, exempt: LineExemptions) -> Int {
    var count = 0
    let index = messageIndex
    let shape = index.shape
    index.forEachNumberedLine(from: number) { totals, numbers, lines in
      if holdsNothing(totals, numbers, shape, lengthsExempt: exempt.coversAll(lines)) { return true }
      guard !exempt.touches(numbers, lines, totals),
        let inBlock = linesBreakingARule(inBlock: totals, numbered: numbers, limits: shape.limits)
      else { return false }
      count += inBlock
      return true
    } _: { line, number, facts, _ in
      guard number <= last else { return false }
      if breaksARule(line: line, number: number, facts, exempt: exempt, shape) { count += 1 }
      return true
    }
    return count
  }

  /// The lines of a whole block that break a rule, from its counts alone, when they tell: no end
  /// marker in it, and every rule covering all of its numbers or none, those being `blank` rules
  /// alone (its filled lines; not on line 1, which no `blank` rule covers) or `maxLength` rules in
  /// one unit (its lines past the smallest limit). `nil` when the lines must be read.
  /// (`limits`: the shape's, read once by the caller: asking `messageIndex` here, once a block,
  /// copied the index each time.)
  private func linesBreakingARule(
    inBlock totals: MessageLineTotals, numbered numbers: Range<Int>,
    limits: [MessageLineIndex.Shape.LineLimit]
  ) -> Int? {
    guard totals.markers == 0 else { return nil }
    var blank = false
    var smallest: MessageLineIndex.Shape.LineLimit?
    for rule in rules.lineRules {
      let first = rule.lines.first
      let last = rule.lines.last ?? .max
      guard first < numbers.upperBound && last >= numbers.lowerBound else { continue }
      guard first <= numbers.lowerBound && last >= numbers.upperBound - 1 else { return nil }
      // A minimum's lines are read (blocks count lines past maximums only).
      guard rule.minLength == nil else { return nil }
      if rule.blank { blank = true }
      if let limit = rule.maxLength {
        if let held = smallest {
          guard held.unit == rule.unit else { return nil }
          if limit < held.limit { smallest = MessageLineIndex.Shape.LineLimit(unit: rule.unit, limit: limit) }
        } else {
          smallest = MessageLineIndex.Shape.LineLimit(unit: rule.unit, limit: limit)
        }
      }
    }
    if blank { return smallest == nil && numbers.lowerBound > 1 ? totals.filled : nil }
    guard let smallest else { return 0 }
    guard let tracked = limits.firstIndex(of: smallest) else { return nil }
    return totals.over[tracked]
  }

  /// Whether numbered message line `number` (document line `line`) breaks a rule covering it:
  /// exactly when `check` would report it.
  private func breaksARule(
    line: Int, number: Int, _ facts: LineFacts, exempt: LineExemptions, _ shape: MessageLineIndex.Shape
  ) -> Bool {
    let lengthExempt = exempt.covers(line: line, number: number, facts)
    for rule in rules.lineRules where rule.lines.contains(number) {
      if rule.blank && number > 1 && !facts.flags.contains(.blank) { return true }
      if !lengthExempt, let limit = rule.maxLength, facts.length(shape.slot(rule.unit)) > limit {
        return true
      }
      if !lengthExempt, let minimum = rule.minLength, !facts.flags.contains(.blank),
        facts.length(shape.slot(rule.unit)) < minimum
      {
        return true
      }
    }
    return false
  }

  private func check(
    line: Int, number: Int, facts: LineFacts, start: Int, exempt: LineExemptions,
    _ shape: MessageLineIndex.Shape,
    into result: inout [FieldDiagnostic]
  ) {
    // One pass over the rules (no list of the covering ones: this runs for every visited line).
    var blankSeverity: Severity?
    var exceeded: (rule: LineRule, length: Int)?
    var short: (rule: LineRule, length: Int)?
    let lengthExempt = exempt.covers(line: line, number: number, facts)
    for rule in rules.lineRules where rule.lines.contains(number) {
      // Line 1 is never blank, so a `blank` rule does not apply to it.
      if rule.blank && number > 1 { blankSeverity = min(blankSeverity ?? rule.severity, rule.severity) }
      guard !lengthExempt, rule.maxLength != nil || rule.minLength != nil else { continue }
      let length = facts.length(shape.slot(rule.unit))
      // The most severe; ties: the largest minimum, then the first rule.
      if let minimum = rule.minLength, length < minimum, !facts.flags.contains(.blank),
        short.map({ held in
          rule.severity < held.rule.severity
            || (rule.severity == held.rule.severity && minimum > held.rule.minLength!)
        }) ?? true
      {
        short = (rule, length)
      }
      guard let limit = rule.maxLength, length > limit else { continue }
      // The most severe; ties: the smallest limit, then the first rule.
      if let held = exceeded?.rule,
        !(rule.severity < held.severity || (rule.severity == held.severity && limit < held.maxLength!))
      {
        continue
      }
      exceeded = (rule, length)
    }
    let content = start..<start + facts.bytes
    let anchor = FieldDiagnostic.Line(index: line, start: start, isASCII: facts.isASCII)
    if let blankSeverity, !facts.flags.contains(.blank) {
      result.append(
        FieldDiagnostic(
          code: .lineNotBlank, severity: blankSeverity, range: content,
          message: "line \(number) should be blank",
          data: .lineNotBlank(line: line), line: anchor))
    }
    if let (rule, length) = exceeded {
      let limit = rule.maxLength!
      let firstOver = firstCluster(ofLineAt: start, facts, pastUnits: limit, rule.unit)
      result.append(
        FieldDiagnostic(
          code: .lineTooLong, severity: rule.severity, range: firstOver..<content.upperBound,
          message: "\(length)/\(limit) \(rule.unit.word): \(length - limit) over the limit",
          data: .lineTooLong(line: line, length: length, limit: limit, unit: rule.unit), line: anchor))
    }
    if let (rule, length) = short {
      let minimum = rule.minLength!
      result.append(
        FieldDiagnostic(
          code: .underLimit, severity: rule.severity, range: content,
          message: "\(length)/\(minimum) \(rule.unit.word): \(minimum - length) under the minimum",
          data: .lineTooLong(line: line, length: length, limit: minimum, unit: rule.unit), line: anchor))
    }
  }

  /// `Line N: L/M <unit>` for the numbered message line holding UTF-8 `offset`, measured by the
  /// smallest limit among the `maxLength` rules covering it (the first on ties); `nil` elsewhere.
  public func lineSummary(at offset: Int) -> (number: Int, length: Int, limit: Int, unit: LengthUnit)? {
    guard !rules.lineRules.isEmpty else { return nil }
    let index = messageIndex
    let line = text.line(containing: offset)
    guard let number = index.number(ofLine: line) else { return nil }
    var chosen: LineRule?
    for rule in rules.lineRules where rule.lines.contains(number) {
      guard let limit = rule.maxLength else { continue }
      if chosen == nil || limit < chosen!.maxLength! { chosen = rule }
    }
    guard let rule = chosen, let limit = rule.maxLength else { return nil }
    return (number, index.length(of: index[line], rule.unit), limit, rule.unit)
  }
}
