/// §11's per-line diagnostics: `line-too-long` and `line-not-blank` on numbered message lines.
extension StableTextField {
  /// The line checks' diagnostics in document order (on one line `line-not-blank` first).
  public var lineDiagnostics: [FieldDiagnostic] {
    rules.lineRules.isEmpty ? [] : lineDiagnostics(lines: messageLines)
  }

  func lineDiagnostics(lines: [MessageLine]) -> [FieldDiagnostic] {
    guard !rules.lineRules.isEmpty else { return [] }
    var result: [FieldDiagnostic] = []
    for line in lines {
      guard let number = line.number else { continue }
      let covering = rules.lineRules.filter { $0.lines.contains(number) }
      guard !covering.isEmpty else { continue }
      // Line 1 is never blank, so a `blank` rule does not apply to it.
      let blankRules = covering.filter { $0.blank && number > 1 }
      if let severity = blankRules.map(\.severity).min(), !Whitespace.isBlank(text.slice(line.content)) {
        result.append(
          FieldDiagnostic(
            code: .lineNotBlank, severity: severity, range: line.content,
            message: "line \(number) should be blank", data: .lineNotBlank(line: line.index)))
      }
      if let (rule, length) = mostSevereExceeded(covering, line) {
        let limit = rule.maxLength!
        let cut = firstCluster(of: line, pastUnits: limit, rule.unit)
        result.append(
          FieldDiagnostic(
            code: .lineTooLong, severity: rule.severity, range: cut..<line.content.upperBound,
            message: "\(length)/\(limit) \(rule.unit.word): \(length - limit) over the limit",
            data: .lineTooLong(line: line.index, length: length, limit: limit, unit: rule.unit)))
      }
    }
    return result
  }

  /// Among the rules whose `maxLength` the line exceeds, the most severe (ties: the smallest
  /// limit, then the first rule), with the line's length in its unit.
  private func mostSevereExceeded(_ rules: [LineRule], _ line: MessageLine) -> (LineRule, Int)? {
    var best: (LineRule, Int)?
    for rule in rules {
      guard let limit = rule.maxLength else { continue }
      let length = contentLength(line, rule.unit)
      guard length > limit else { continue }
      if let current = best {
        let (held, _) = current
        if rule.severity < held.severity || (rule.severity == held.severity && limit < held.maxLength!) {
          best = (rule, length)
        }
      } else {
        best = (rule, length)
      }
    }
    return best
  }

  /// `Line N: L/M <unit>` for the numbered message line holding UTF-8 `offset`, measured by the
  /// smallest limit among the `maxLength` rules covering it (the first on ties); `nil` elsewhere.
  public func lineSummary(at offset: Int) -> (number: Int, length: Int, limit: Int, unit: LengthUnit)? {
    guard !rules.lineRules.isEmpty else { return nil }
    let index = text.line(containing: offset)
    guard let line = messageLines.first(where: { $0.index == index }), let number = line.number else {
      return nil
    }
    var chosen: LineRule?
    for rule in rules.lineRules where rule.lines.contains(number) {
      guard let limit = rule.maxLength else { continue }
      if chosen == nil || limit < chosen!.maxLength! { chosen = rule }
    }
    guard let rule = chosen, let limit = rule.maxLength else { return nil }
    return (number, contentLength(line, rule.unit), limit, rule.unit)
  }
}
