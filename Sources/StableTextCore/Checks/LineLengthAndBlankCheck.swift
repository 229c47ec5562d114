/// The per-line diagnostics ("Lines, comments and commit messages"): `line-too-long` and
/// `line-not-blank` on numbered message lines, with their fixes (rewrap a paragraph, insert a blank
/// line: `LineFixes.swift`).
struct LineLengthAndBlankCheck: FieldCheck {
  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    field.forEachLineDiagnostic(limit: field.rules.maxDiagnostics) { result.append($0) }
  }

  func forEachUncapped(_ field: StableTextField, _ body: (FieldDiagnostic) -> Void) {
    field.forEachLineDiagnostic(limit: nil, body)
  }

  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  {
    field.lineFixes(found, stopping: shouldStop)
  }
}

extension FieldDiagnostic.Code {
  /// A message line is longer than a line rule's `maxLength`.
  public static let lineTooLong = Self(rawValue: "line-too-long")
  /// A message line that a `blank` line rule covers holds text.
  public static let lineNotBlank = Self(rawValue: "line-not-blank")
  /// More lines break a line rule than `maxDiagnostics` lets the field report.
  public static let tooManyDiagnostics = Self(rawValue: "too-many-diagnostics")
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

  /// The data of `too-many-diagnostics`: how many lines that break a rule are not reported.
  public static func tooManyDiagnostics(omitted: Int) -> Self { Self([("omitted", .int(omitted))]) }
}

extension QuickFix.Kind {
  /// Rewraps a paragraph to the line rule's width.
  public static let rewrap = Self(rawValue: "rewrap")
  /// Inserts a blank line before a line that should be blank.
  public static let insertBlankLine = Self(rawValue: "insertBlankLine")
}
