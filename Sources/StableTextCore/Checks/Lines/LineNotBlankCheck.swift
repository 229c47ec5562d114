/// `blank`: a covered message line must be blank after trimming (`line-not-blank`, over the
/// line's content). Line 1 is never blank, so no `blank` rule applies to it; no exemption spares
/// a line from it.
struct LineNotBlankCheck: LineCheck {
  var code: FieldDiagnostic.Code { .lineNotBlank }
  var report: DiagnosticDeclaration {
    DiagnosticDeclaration(
      code: code, severity: .lineRule, message: "line N should be blank", data: ["line"],
      range: "the line's content")
  }
  var field: String { "blank" }

  func applies(to rule: LineRule) -> Bool { rule.blank }

  func mayBreak(_ rule: BoundLineRule, _ block: MessageLineTotals) -> Bool { block.filled > 0 }

  /// The block's filled lines, unless it holds line 1 (which the count does not tell apart).
  func tally(
    _ rule: BoundLineRule, _ block: MessageLineTotals, numbered numbers: Range<Int>,
    _ shape: MessageLineIndex.Shape
  ) -> LineTally? {
    guard numbers.lowerBound > 1 else { return nil }
    return LineTally(family: LineTally.Family(code: code, unit: nil), lines: block.filled)
  }

  func finding(_ rule: BoundLineRule, _ line: CheckedLine) -> Int? {
    line.number > 1 && !line.isBlank ? 0 : nil
  }

  func diagnostic(
    _ rule: LineRule, measured: Int, on line: CheckedLine, in field: StableTextField
  ) -> FieldDiagnostic {
    FieldDiagnostic(
      code: code, severity: rule.severity, range: line.content,
      message: "line \(line.number) should be blank",
      data: .lineNotBlank(line: line.index), line: line.anchor)
  }
}

extension FieldDiagnostic.Code {
  /// A message line that a `blank` line rule covers holds text.
  public static let lineNotBlank = Self(rawValue: "line-not-blank")
}

extension FieldDiagnostic.Data {
  /// The data of `line-not-blank`: the 0-based line in the document.
  public static func lineNotBlank(line: Int) -> Self { Self([("line", .int(line))]) }
}
