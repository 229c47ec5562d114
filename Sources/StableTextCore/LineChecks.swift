/// §11's per-line diagnostics: `line-too-long` and `line-not-blank` on numbered message lines,
/// with their fixes (rewrap a paragraph, insert a blank line: `LineFixes.swift`).
struct LineLengthAndBlankCheck: FieldCheck {
  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    result += field.lineDiagnostics
  }

  func fixes(for found: [FieldDiagnostic], in field: StableTextField) -> [QuickFix] {
    field.lineFixes(found)
  }
}

extension FieldDiagnostic.Code {
  /// A message line is longer than a line rule's `maxLength`.
  public static let lineTooLong = Self(rawValue: "line-too-long")
  /// A message line that a `blank` line rule covers holds text.
  public static let lineNotBlank = Self(rawValue: "line-not-blank")
}

extension FieldDiagnostic.Data {
  /// `line` is 0-based in the document.
  public static func lineTooLong(line: Int, length: Int, limit: Int, unit: LengthUnit) -> Self {
    Self([
      ("line", .int(line)), ("length", .int(length)), ("limit", .int(limit)),
      ("unit", .string(unit.rawValue)),
    ])
  }

  /// The data of `line-not-blank`: the 0-based line in the document.
  public static func lineNotBlank(line: Int) -> Self { Self([("line", .int(line))]) }
}

extension QuickFix.Kind {
  /// Rewraps a paragraph to the line rule's width.
  public static let rewrap = Self(rawValue: "rewrap")
  /// Inserts a blank line before a line that should be blank.
  public static let insertBlankLine = Self(rawValue: "insertBlankLine")
}

/// Found through the per-line index: only the numbered lines the rules cover are visited, and a
/// block of lines whose longest line fits every limit (and holds nothing a `blank` rule could
/// flag) is stepped over whole, so a publish costs about the diagnostics it holds.
extension StableTextField {
  /// The line checks' diagnostics in document order (on one line `line-not-blank` first).
  var lineDiagnostics: [FieldDiagnostic] {
    guard !rules.lineRules.isEmpty else { return [] }
    let index = messageIndex
    let lineRules = rules.lineRules
    let from = lineRules.map(\.lines.first).min() ?? 1
    let last =
      lineRules.contains { $0.lines.last == nil } ? Int.max : lineRules.compactMap(\.lines.last).max()!
    var result: [FieldDiagnostic] = []
    index.forEachNumberedLine(from: from) { totals, numbers in
      // A block can hold a diagnostic only under a rule covering one of its numbers.
      for rule in lineRules
      where rule.lines.first < numbers.upperBound && (rule.lines.last ?? .max) >= numbers.lowerBound {
        if rule.blank && totals.filled > 0 { return false }
        if let limit = rule.maxLength, totals.longest[rule.unit] > limit { return false }
      }
      return true
    } _: { line, number, facts, start in
      guard number <= last else { return false }
      check(line: line, number: number, facts: facts, start: start, into: &result)
      return true
    }
    return result
  }

  private func check(
    line: Int, number: Int, facts: LineFacts, start: Int, into result: inout [FieldDiagnostic]
  ) {
    // One pass over the rules (no list of the covering ones: this runs for every visited line).
    var blankSeverity: Severity?
    var exceeded: (rule: LineRule, length: Int)?
    for rule in rules.lineRules where rule.lines.contains(number) {
      // Line 1 is never blank, so a `blank` rule does not apply to it.
      if rule.blank && number > 1 { blankSeverity = min(blankSeverity ?? rule.severity, rule.severity) }
      guard let limit = rule.maxLength else { continue }
      let length = facts.length(rule.unit)
      guard length > limit else { continue }
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
      let cut = firstCluster(ofLineAt: start, facts, pastUnits: limit, rule.unit)
      result.append(
        FieldDiagnostic(
          code: .lineTooLong, severity: rule.severity, range: cut..<content.upperBound,
          message: "\(length)/\(limit) \(rule.unit.word): \(length - limit) over the limit",
          data: .lineTooLong(line: line, length: length, limit: limit, unit: rule.unit), line: anchor))
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
    return (number, index[line].length(rule.unit), limit, rule.unit)
  }
}
