/// The one pass of the line rules over the per-line index, generic over the registered line
/// checks (`LineChecks.all`): each rule is bound to every check whose field it sets, and every
/// question below asks those bindings, so a new check needs no change here.
///
/// Only the numbered lines the rules cover are visited, and a block of lines that no binding
/// can break (`holdsNothing`, from the block's totals) is stepped over whole, so a publish costs
/// about the diagnostics it holds. Past the cap on line diagnostics the lines left that break a rule are
/// counted a block at a time where the block's totals tell (`tally`), so a document whose every
/// line is over its limit still publishes in about the cap.
struct LineWalker {
  /// A rule under one check that applies to it: plain values, copied freely on the hot path (the
  /// check itself is `checks[order]`; an existential in here made every copy of a binding a call).
  private struct Binding {
    /// The check's place in `checks`: its diagnostic's place on a line.
    let order: Int
    let rule: BoundLineRule
    let first: Int
    let last: Int
    let isExemptible: Bool

    func covers(_ number: Int) -> Bool { number >= first && number <= last }
    func overlaps(_ numbers: Range<Int>) -> Bool { first < numbers.upperBound && last >= numbers.lowerBound }
  }

  /// One binding's finding on a line: which binding, and what its check measured.
  struct Finding {
    fileprivate let binding: Int
    let measured: Int
  }

  /// In the rules' order, each rule's bindings in the checks' order.
  private let bindings: [Binding]
  private let checks: [any LineCheck]
  let exempt: LineExemptions
  private let shape: MessageLineIndex.Shape
  /// The first and the last numbered line a binding covers (`Int.max`: to the end).
  let from: Int
  let last: Int

  init(_ rules: Rules, _ index: MessageLineIndex, checks: [any LineCheck] = LineChecks.all) {
    let shape = index.shape
    var bindings: [Binding] = []
    for rule in rules.listedLineRules {
      for (order, check) in checks.enumerated() where check.applies(to: rule) {
        bindings.append(
          Binding(
            order: order, rule: BoundLineRule(rule: rule, slot: shape.slot(rule.unit)),
            first: rule.lines.first, last: rule.lines.last ?? .max, isExemptible: check.isExemptible))
      }
    }
    self.bindings = bindings
    self.checks = checks
    exempt = LineExemptions(rules, index)
    self.shape = shape
    from = bindings.map(\.first).min() ?? 1
    last = bindings.map(\.last).max() ?? 0
  }

  var isEmpty: Bool { bindings.isEmpty }

  // MARK: The block question

  /// Whether no line of a block (numbered `numbers`, document lines `lines`) can break a rule:
  /// no binding covering one of its numbers may break it. When every line of it is in the exempt
  /// trailer block, only the checks no exemption spares are asked.
  func holdsNothing(_ totals: MessageLineTotals, _ numbers: Range<Int>, _ lines: Range<Int>) -> Bool {
    let lengthsExempt = exempt.coversAll(lines)
    for position in bindings.indices where bindings[position].overlaps(numbers) {
      if lengthsExempt && bindings[position].isExemptible { continue }
      if checks[bindings[position].order].mayBreak(bindings[position].rule, totals) { return false }
    }
    return true
  }

  /// The lines of a whole block that break a rule, from its totals alone, when they tell: no end
  /// marker in it, and every binding that may break one of its lines covering all of its numbers
  /// and tallying them in one family (the largest tally is then the lines breaking any). `nil`
  /// when the lines must be read. (The caller has ruled out blocks an exemption touches.)
  func tally(_ totals: MessageLineTotals, _ numbers: Range<Int>) -> Int? {
    guard totals.markers == 0 else { return nil }
    var family: LineTally.Family?
    var most = 0
    for position in bindings.indices where bindings[position].overlaps(numbers) {
      let binding = bindings[position]
      guard checks[binding.order].mayBreak(binding.rule, totals) else { continue }
      guard binding.first <= numbers.lowerBound && binding.last >= numbers.upperBound - 1,
        let tally = checks[binding.order].tally(binding.rule, totals, numbered: numbers, shape),
        family == nil || family == tally.family
      else { return nil }
      family = tally.family
      most = max(most, tally.lines)
    }
    return most
  }

  // MARK: The line question

  /// A place for each check's finding on a line, for `findings` to fill.
  func findingPlaces() -> [Finding?] { Array(repeating: nil, count: checks.count) }

  /// The findings reported on `line` into `found` (from `findingPlaces`: a place a check, in the
  /// checks' order, `nil` where it finds nothing), and how many there are: for each check, of the
  /// rules the line breaks, the most severe, then the one the check ranks first, then the first
  /// rule. (Places, not a list: inserting into and emptying an array cost a call a line.)
  func findings(on line: CheckedLine, into found: inout [Finding?]) -> Int {
    for place in found.indices { found[place] = nil }
    var count = 0
    let lengthExempt = exempt.covers(line: line.index, number: line.number, line.facts)
    for position in bindings.indices where bindings[position].covers(line.number) {
      let binding = bindings[position]
      if lengthExempt && binding.isExemptible { continue }
      guard let measured = checks[binding.order].finding(binding.rule, line) else { continue }
      if let held = found[binding.order] {
        let heldRule = bindings[held.binding].rule.rule
        let rule = binding.rule.rule
        guard
          rule.severity < heldRule.severity
            || (rule.severity == heldRule.severity && checks[binding.order].outranks(rule, heldRule))
        else { continue }
      } else {
        count += 1
      }
      found[binding.order] = Finding(binding: position, measured: measured)
    }
    return count
  }

  /// Whether `line` breaks a rule covering it: exactly when `findings` finds something.
  func breaksARule(_ line: CheckedLine) -> Bool {
    var lengthExempt: Bool?
    for position in bindings.indices where bindings[position].covers(line.number) {
      if bindings[position].isExemptible {
        if lengthExempt == nil {
          lengthExempt = exempt.covers(line: line.index, number: line.number, line.facts)
        }
        if lengthExempt! { continue }
      }
      if checks[bindings[position].order].finding(bindings[position].rule, line) != nil { return true }
    }
    return false
  }

  /// The diagnostic of a reported finding.
  func diagnostic(_ finding: Finding, on line: CheckedLine, in field: StableTextField) -> FieldDiagnostic {
    let binding = bindings[finding.binding]
    return checks[binding.order].diagnostic(
      binding.rule.rule, measured: finding.measured, on: line, in: field)
  }
}

extension StableTextField {
  /// The line checks' diagnostics in document order (on one line in the order of
  /// `LineChecks.all`), every one of them (for tests; the field's `diagnostics` are capped).
  var lineDiagnostics: [FieldDiagnostic] {
    var result: [FieldDiagnostic] = []
    forEachLineDiagnostic(limit: nil) { result.append($0) }
    return result
  }

  /// Calls `body` with the line checks' diagnostics in document order: at most `limit` of them,
  /// whole lines only (a line whose diagnostics would pass it is the first left out), then one
  /// `too-many-diagnostics` at the start of the first line left out, naming how many lines from
  /// it on break a line rule. A diagnostic's message is made only when it is reported.
  func forEachLineDiagnostic(limit: Int?, _ body: (FieldDiagnostic) -> Void) {
    guard rules.checksLines else { return }
    let index = messageIndex
    let walker = LineWalker(rules, index)
    guard !walker.isEmpty else { return }
    var reported = 0
    var found = walker.findingPlaces()
    var leftOut: CheckedLine?
    index.forEachNumberedLine(from: walker.from) { totals, numbers, lines in
      walker.holdsNothing(totals, numbers, lines)
    } _: { line, number, facts, start in
      guard number <= walker.last else { return false }
      let checked = CheckedLine(index: line, number: number, facts: facts, start: start)
      let count = walker.findings(on: checked, into: &found)
      if let limit, reported + count > limit {
        leftOut = checked
        return false
      }
      reported += count
      for case let finding? in found { body(walker.diagnostic(finding, on: checked, in: self)) }
      return true
    }
    guard let leftOut else { return }
    let omitted = linesBreakingARule(from: leftOut.number, index, walker)
    body(
      FieldDiagnostic(
        code: .tooManyDiagnostics, severity: .information, range: leftOut.start..<leftOut.start,
        message: "\(omitted) more lines break a line rule", data: .tooManyDiagnostics(omitted: omitted),
        line: FieldDiagnostic.Line(index: leftOut.index, start: leftOut.start, isASCII: true)))
  }

  /// The numbered message lines from `number` to the walker's last that break a line rule:
  /// blocks from their totals where they tell, else line by line; no message is made.
  private func linesBreakingARule(from number: Int, _ index: MessageLineIndex, _ walker: LineWalker) -> Int {
    var count = 0
    index.forEachNumberedLine(from: number) { totals, numbers, lines in
      if walker.holdsNothing(totals, numbers, lines) { return true }
      guard !walker.exempt.touches(numbers, lines, totals), let inBlock = walker.tally(totals, numbers) else {
        return false
      }
      count += inBlock
      return true
    } _: { line, number, facts, start in
      guard number <= walker.last else { return false }
      if walker.breaksARule(CheckedLine(index: line, number: number, facts: facts, start: start)) {
        count += 1
      }
      return true
    }
    return count
  }
}
