/// `minLength`: a covered message line that is not blank must be at least that long in the
/// rule's unit (`under-limit`, over the line's content; a `blank` rule speaks of blank lines).
/// Of the rules a line breaks, the largest minimum is reported (after the most severe).
struct LineUnderLimitCheck: LineCheck {
  var code: FieldDiagnostic.Code { .underLimit }
  var report: DiagnosticDeclaration {
    DiagnosticDeclaration(
      code: code, severity: .lineRule, message: "3/10 characters: 7 under the minimum",
      data: ["line", "length", "limit", "unit"], range: "the line's content")
  }
  var field: String { "minLength" }
  var isExemptible: Bool { true }

  func applies(to rule: LineRule) -> Bool { rule.minLength != nil }

  func mayBreak(_ rule: BoundLineRule, _ block: MessageLineTotals) -> Bool {
    block.shortest[rule.slot] < rule.rule.minLength!
  }

  // No `tally`: the blocks count no lines under a minimum, so they are read.

  func finding(_ rule: BoundLineRule, _ line: CheckedLine) -> Int? {
    guard !line.isBlank else { return nil }
    let length = line.facts.length(rule.slot)
    return length < rule.rule.minLength! ? length : nil
  }

  func outranks(_ rule: LineRule, _ held: LineRule) -> Bool { rule.minLength! > held.minLength! }

  func diagnostic(
    _ rule: LineRule, measured length: Int, on line: CheckedLine, in field: StableTextField
  ) -> FieldDiagnostic {
    let minimum = rule.minLength!
    return FieldDiagnostic(
      code: code, severity: rule.severity, range: line.content,
      message: "\(length)/\(minimum) \(rule.unit.word): \(minimum - length) under the minimum",
      data: .lineUnderLimit(line: line.index, length: length, limit: minimum, unit: rule.unit),
      line: line.anchor)
  }
}

extension FieldDiagnostic.Data {
  /// The data of a line's `under-limit`: the 0-based line in the document, its length, the
  /// rule's `minLength` as `limit`, and the unit (the fields of `line-too-long`'s data).
  public static func lineUnderLimit(line: Int, length: Int, limit: Int, unit: LengthUnit) -> Self {
    Self([
      ("line", .int(line)), ("length", .int(length)), ("limit", .int(limit)),
      ("unit", .string(unit.rawValue)),
    ])
  }
}
