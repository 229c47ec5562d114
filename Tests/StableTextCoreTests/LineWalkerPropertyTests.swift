import Testing

@testable import StableTextCore

/// The line walker (`LineWalker`, one pass over `LineChecks.all`) against a plain model: the
/// text split into lines by hand, each numbered message line measured with `LengthUnit.count`
/// and held to every rule covering it, one line at a time, then the cap applied to the whole
/// list. Random messages of several blocks (a block is 256 lines) with comments, an end marker,
/// trailers and generated subjects; random sets of line rules (maximums, minimums and `blank`,
/// overlapping spans, several units and severities) and exemptions; caps small enough that the
/// count past them (a block at a time where the totals tell) is exercised. Which lines an
/// exemption spares is the index's answer (`LineExemptions`, tested with the commit grammar);
/// the model asks it line by line, where the walker steps over and tallies whole blocks.
@Test(arguments: [151, 152, 153, 154] as [UInt64])
func lineWalkerAgreesWithAPerLineModel(seed: UInt64) throws {
  var rng = SeededGenerator(seed: seed)
  let pieces = [
    "a", "word ", "long words here ", "한국", "\t", " ", "", "e\u{301}e\u{301}", "https://example.com/x",
    "\u{3000}", "👋🏽", "xxxxxxxxxxxx",
  ]
  let units: [LengthUnit] = [.columns, .utf8, .graphemes, .utf16]
  let severities = Severity.allCases
  for round in 0..<12 {
    var lines: [String] = []
    if round % 4 == 1 { lines.append("Merge branch 'topic' into main") }
    for _ in 0..<Int.random(in: 150...1_100, using: &rng) {
      switch Int.random(in: 0..<20, using: &rng) {
      case 0: lines.append("# a comment")
      case 1: lines.append("")
      default:
        lines.append(
          (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined())
      }
    }
    // A trailer block, at times longer than a block of the index (so that whole blocks are in it).
    if round % 2 == 0 {
      lines.append("")
      for n in 0..<(round % 4 == 0 ? Int.random(in: 260...700, using: &rng) : 2) {
        lines.append(n % 2 == 0 ? "Signed-off-by: A U Thor \(n) <a@example.com>" : "Fixes: #\(n)")
      }
    }
    if round % 3 == 0 { lines.insert("#--", at: Int.random(in: 0..<lines.count, using: &rng)) }
    let text = lines.joined(separator: ["\n", "\r\n", "\r"][round % 3])

    // One or two units a round, so that rules often share one (and blocks are tallied by it).
    let roundUnits = (0..<Int.random(in: 1...2, using: &rng)).map { _ in units.randomElement(using: &rng)! }
    var lineRules: [LineRule] = []
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
      let first = [1, 2, 3, Int.random(in: 1...900, using: &rng)].randomElement(using: &rng)!
      let last = Bool.random(using: &rng) ? nil : first + Int.random(in: 0...900, using: &rng)
      var rule = LineRule(
        lines: LineSpan(first: first, last: last), unit: roundUnits.randomElement(using: &rng)!,
        severity: severities.randomElement(using: &rng)!)
      // At least one field; often one alone, so that blocks can be tallied.
      repeat {
        if Int.random(in: 0..<3, using: &rng) == 0 { rule.blank = true }
        if Int.random(in: 0..<2, using: &rng) == 0 { rule.maxLength = Int.random(in: 1...14, using: &rng) }
        if Int.random(in: 0..<3, using: &rng) == 0 { rule.minLength = Int.random(in: 1...6, using: &rng) }
      } while !rule.blank && rule.maxLength == nil && rule.minLength == nil
      lineRules.append(rule)
    }
    var rules = Rules(maxLength: nil, commentPrefix: "#", endMarker: "#--", lineRules: lineRules)
    rules.exemptions = Set(Exemption.allCases.filter { _ in Bool.random(using: &rng) })

    let field = StableTextField(text: text, rules: rules)
    let model = modelLineDiagnostics(text, rules, LineExemptions(rules.exemptions, field.messageIndex), field)
    let all = model.flatMap(\.found)
    let context = "seed \(seed) round \(round): \(lineRules) \(rules.exemptions)"
    #expect(difference(field.lineDiagnostics, all) == nil, "\(context)")
    // The same field reached by an edit: the index kept in step, not built afresh.
    var edited = StableTextField(text: "x\n" + text, rules: rules)
    edited.text.replace(0..<2, with: "")
    edited.catchUp()
    #expect(difference(edited.lineDiagnostics, all) == nil, "\(context), edited")

    for cap in [1, 2, 5, 40, Int.random(in: 1...all.count + 1, using: &rng)] {
      var found: [FieldDiagnostic] = []
      field.forEachLineDiagnostic(limit: cap) { found.append($0) }
      #expect(difference(found, cappedModel(model, cap: cap)) == nil, "\(context), cap \(cap)")
    }
  }
}

/// The model's diagnostics of each numbered message line that has some, in document order.
private func modelLineDiagnostics(
  _ text: String, _ rules: Rules, _ exempt: LineExemptions, _ field: StableTextField
) -> [(start: Int, found: [FieldDiagnostic])] {
  // Split keeping the terminators; each line's UTF-8 start.
  var lines: [(content: String, start: Int)] = []
  var current = ""
  var start = 0
  var offset = 0
  var scalars = Array(text.unicodeScalars)[...]
  while let scalar = scalars.popFirst() {
    if scalar == "\r" || scalar == "\n" {
      var terminator = 1
      if scalar == "\r" && scalars.first == "\n" {
        scalars.removeFirst()
        terminator = 2
      }
      lines.append((current, start))
      offset += current.utf8.count + terminator
      start = offset
      current = ""
    } else {
      current.unicodeScalars.append(scalar)
    }
  }
  lines.append((current, start))

  var result: [(start: Int, found: [FieldDiagnostic])] = []
  var number = 0
  for (index, line) in lines.enumerated() {
    if line.content == rules.endMarker { break }
    if line.content.hasPrefix("#") { continue }
    let blank = line.content.unicodeScalars.allSatisfy(Whitespace.contains)
    if number == 0 && blank { continue }
    number += 1
    let covering = rules.lineRules.filter { $0.lines.contains(number) }
    let content = line.start..<line.start + line.content.utf8.count
    let anchor = FieldDiagnostic.Line(
      index: index, start: line.start, isASCII: line.content.utf8.count == line.content.unicodeScalars.count)
    let lengthExempt = exempt.covers(line: index, number: number, field.messageIndex[index])
    func length(_ rule: LineRule) -> Int { rule.unit.count(line.content[...], tabSize: rules.tabSize) }
    var found: [FieldDiagnostic] = []

    // `blank`: the most severe rule; never line 1; exemptions do not spare it.
    if number > 1 && !blank, let severity = covering.filter(\.blank).map(\.severity).min() {
      found.append(
        FieldDiagnostic(
          code: .lineNotBlank, severity: severity, range: content, message: "line \(number) should be blank",
          data: .lineNotBlank(line: index), line: anchor))
    }
    // `maxLength`: the most severe, then the smallest limit, then the first rule.
    let over = covering.filter { !lengthExempt && $0.maxLength != nil && length($0) > $0.maxLength! }
    if let rule = over.min(by: {
      ($0.severity.rawValue, $0.maxLength!) < ($1.severity.rawValue, $1.maxLength!)
    }) {
      let limit = rule.maxLength!
      // The first character whose prefix is over the limit.
      var firstOver = content.upperBound
      var prefix = ""
      for character in line.content {
        prefix.append(character)
        if rule.unit.count(prefix[...], tabSize: rules.tabSize) > limit {
          firstOver = content.lowerBound + prefix.utf8.count - String(character).utf8.count
          break
        }
      }
      let measured = length(rule)
      found.append(
        FieldDiagnostic(
          code: .lineTooLong, severity: rule.severity, range: firstOver..<content.upperBound,
          message: "\(measured)/\(limit) \(rule.unit.word): \(measured - limit) over the limit",
          data: .lineTooLong(line: index, length: measured, limit: limit, unit: rule.unit), line: anchor))
    }
    // `minLength`: filled lines; the most severe, then the largest minimum, then the first rule.
    let under = covering.filter {
      !lengthExempt && !blank && $0.minLength != nil && length($0) < $0.minLength!
    }
    if let rule = under.min(by: {
      ($0.severity.rawValue, -$0.minLength!) < ($1.severity.rawValue, -$1.minLength!)
    }) {
      let minimum = rule.minLength!
      let measured = length(rule)
      found.append(
        FieldDiagnostic(
          code: .underLimit, severity: rule.severity, range: content,
          message: "\(measured)/\(minimum) \(rule.unit.word): \(minimum - measured) under the minimum",
          data: .lineUnderLimit(line: index, length: measured, limit: minimum, unit: rule.unit), line: anchor)
      )
    }
    if !found.isEmpty { result.append((line.start, found)) }
  }
  return result
}

/// Whole lines of the model's list while they fit `cap`, then one `too-many-diagnostics` at the
/// start of the first line left out, counting it and every later line that has a diagnostic.
private func cappedModel(_ model: [(start: Int, found: [FieldDiagnostic])], cap: Int) -> [FieldDiagnostic] {
  var result: [FieldDiagnostic] = []
  for (position, line) in model.enumerated() {
    guard result.count + line.found.count <= cap else {
      let omitted = model.count - position
      result.append(
        FieldDiagnostic(
          code: .tooManyDiagnostics, severity: .information, range: line.start..<line.start,
          message: "\(omitted) more lines break a line rule", data: .tooManyDiagnostics(omitted: omitted),
          line: FieldDiagnostic.Line(index: line.found[0].line!.index, start: line.start, isASCII: true)))
      break
    }
    result += line.found
  }
  return result
}

/// Where two lists of diagnostics first differ, said briefly; `nil` when they are equal.
private func difference(_ found: [FieldDiagnostic], _ expected: [FieldDiagnostic]) -> String? {
  guard found != expected else { return nil }
  guard let at = zip(found, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
  else {
    return
      "\(found.count) found, \(expected.count) expected; next: \((found + expected)[min(found.count, expected.count)])"
  }
  return "at \(at) of \(found.count) (\(expected.count) expected): \(found[at]) instead of \(expected[at])"
}

/// Each field of a line rule that checks something has exactly one registered line check, in
/// the order of their diagnostics on one line, each with a code of its own.
@Test(arguments: [
  ("blank", LineRule(lines: LineSpan(first: 2, last: 2), blank: true), "line-not-blank"),
  ("maxLength", LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 72), "line-too-long"),
  (
    "minLength",
    { () -> LineRule in
      var rule = LineRule(lines: LineSpan(first: 1, last: nil))
      rule.minLength = 3
      return rule
    }(), "under-limit"
  ),
])
func everyLineRuleFieldHasOneLineCheck(field: String, rule: LineRule, code: String) {
  let applying = LineChecks.all.filter { $0.applies(to: rule) }
  #expect(applying.map(\.field) == [field])
  #expect(applying.map(\.code.rawValue) == [code])
}

@Test func lineChecksAreRegisteredInTheOrderOfTheirDiagnostics() {
  #expect(LineChecks.all.map(\.code) == [.lineNotBlank, .lineTooLong, .underLimit])
  // The exemptions spare the length checks only.
  #expect(LineChecks.all.map(\.isExemptible) == [false, true, true])
}
