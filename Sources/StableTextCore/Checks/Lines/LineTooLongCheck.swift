/// `maxLength`: a covered message line's content may be at most that long in the rule's unit
/// (`line-too-long`, from the first cluster past the limit to the end of the content). Of the
/// rules a line breaks, the smallest limit is reported (after the most severe).
struct LineTooLongCheck: LineCheck {
  var code: FieldDiagnostic.Code { .lineTooLong }
  var report: DiagnosticDeclaration {
    DiagnosticDeclaration(
      code: code, severity: .lineRule, message: "58/50 columns: 8 over the limit",
      data: ["line", "length", "limit", "unit"],
      range:
        "from the start of the first cluster that does not fit entirely within the limit to the end of the line's content"
    )
  }
  var field: String { "maxLength" }
  var isExemptible: Bool { true }

  func applies(to rule: LineRule) -> Bool { rule.maxLength != nil }

  func mayBreak(_ rule: BoundLineRule, _ block: MessageLineTotals) -> Bool {
    block.longest[rule.slot] > rule.rule.maxLength!
  }

  /// The block's lines past the limit, when the index counts them (it tracks the first
  /// `LineFacts.maxTracked` limits). Lines past a limit hold those past any larger one in the
  /// same unit: one family a unit.
  func tally(
    _ rule: BoundLineRule, _ block: MessageLineTotals, numbered numbers: Range<Int>,
    _ shape: MessageLineIndex.Shape
  ) -> LineTally? {
    let limit = MessageLineIndex.Shape.LineLimit(unit: rule.rule.unit, limit: rule.rule.maxLength!)
    guard let tracked = shape.limits.firstIndex(of: limit) else { return nil }
    return LineTally(family: LineTally.Family(code: code, unit: limit.unit), lines: block.over[tracked])
  }

  func finding(_ rule: BoundLineRule, _ line: CheckedLine) -> Int? {
    let length = line.facts.length(rule.slot)
    return length > rule.rule.maxLength! ? length : nil
  }

  func outranks(_ rule: LineRule, _ held: LineRule) -> Bool { rule.maxLength! < held.maxLength! }

  func diagnostic(
    _ rule: LineRule, measured length: Int, on line: CheckedLine, in field: StableTextField
  ) -> FieldDiagnostic {
    let limit = rule.maxLength!
    let firstOver = field.firstCluster(ofLineAt: line.start, line.facts, pastUnits: limit, rule.unit)
    return FieldDiagnostic(
      code: code, severity: rule.severity, range: firstOver..<line.content.upperBound,
      message: "\(length)/\(limit) \(rule.unit.word): \(length - limit) over the limit",
      data: .lineTooLong(line: line.index, length: length, limit: limit, unit: rule.unit), line: line.anchor)
  }
}

extension StableTextField {
  /// The hover line of `maxLength` ("Code actions and hover"): `Line N: L/M <unit>` for the
  /// numbered message line holding UTF-8 `offset`, measured by the smallest limit among the
  /// `maxLength` rules covering it (the first on ties); on line 1 by the limit that decides the
  /// subject, the team's header limit among them (`subjectCount`); `nil` elsewhere.
  public func lineSummary(at offset: Int) -> (number: Int, length: Int, limit: Int, unit: LengthUnit)? {
    guard rules.checksLines || rules.conventionsInForce != nil else { return nil }
    let index = messageIndex
    let line = text.line(containing: offset)
    guard let number = index.number(ofLine: line) else { return nil }
    if number == 1 {
      return subjectCount(line: line, index[line], in: index).map {
        (1, $0.length, $0.limit.limit, $0.limit.unit)
      }
    }
    guard let rule = rules.shownLengthLimit(onLine: number), let limit = rule.maxLength else { return nil }
    return (number, index.length(of: index[line], rule.unit), limit, rule.unit)
  }
}

extension FieldDiagnostic.Code {
  /// A message line is longer than a line rule's `maxLength`.
  public static let lineTooLong = Self(rawValue: "line-too-long")
}

extension FieldDiagnostic.Data {
  /// The data of `line-too-long`; `line` is 0-based in the document.
  public static func lineTooLong(line: Int, length: Int, limit: Int, unit: LengthUnit) -> Self {
    Self([
      ("line", .int(line)), ("length", .int(length)), ("limit", .int(limit)),
      ("unit", .string(unit.rawValue)),
    ])
  }
}
