/// The minimum of the whole text ("Rules", `minLength`): `under-limit` when the counted text is
/// shorter, unless it is empty after trimming (that is `empty-after-trim`'s to say).
struct UnderLimitCheck: RuleCheck {
  var fields: [RuleField] {
    [
      RuleField(
        "minLength", .integer(0...Int.max, nullable: true), \.minLength, \.minLength,
        option: "--min-length", help: "The fewest the text may hold, or none (default none)",
        meaning: Self.minLengthMeaning, read: { $0.int }, write: { .int($0) }
      ).documented(
        readme:
          "the fewest the text may hold (`under-limit`, a warning; an empty text is `empty-after-trim`'s), or `null`",
        manual:
          "The fewest the whole text may hold, or none (the default): a shorter text that is not empty after trimming gets `under-limit`. A minimum above `--max-length` is a usage error (exit 2)."
      )
    ]
  }

  static let minLengthMeaning =
    "the fewest the text may hold, in `unit` (`under-limit`); `null` for none. A layer that sets both bounds with `minLength` above `maxLength` is refused (`-32602` naming `rules.minLength`: `expected at most maxLength (10), got 20`; `check`: `--min-length: expected at most --max-length (10), got 20`, exit 2); `stableText/configure` builds one layer across its requests, so a request that makes that layer's bounds cross is refused the same way (naming the bound it set: `params.rules.maxLength: expected at least minLength (8), which an earlier stableText/configure set, got 7`) and changes nothing; bounds from different layers are both applied, and a text between them gets both diagnostics"

  var measures: [RuleMeasure] { [.length] }
  func applies(to rules: Rules) -> Bool { rules.minLength != nil }
  var reports: [DiagnosticDeclaration] {
    [
      DiagnosticDeclaration(
        code: .underLimit, severity: .fixed(.warning), message: "3/10 characters: 7 under the minimum",
        data: ["length", "limit", "unit"],
        range:
          "the counted text (the whole document, less a final terminator under `\(RuleField.finalTerminator.name)`)"
      )
    ]
  }

  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    let rules = field.rules
    guard let minimum = rules.minLength, !field.isEmptyAfterTrim else { return }
    let length = field.length
    guard length < minimum else { return }
    result.append(
      FieldDiagnostic(
        code: .underLimit, severity: .warning, range: field.countedRange,
        message: "\(length)/\(minimum) \(rules.lengthUnit.word): \(minimum - length) under the minimum",
        data: .underLimit(length: length, limit: minimum, unit: rules.lengthUnit)))
  }

  // No fix: what is missing is the user's to write.
}

extension FieldDiagnostic.Code {
  /// The text is shorter than `minLength`.
  public static let underLimit = Self(rawValue: "under-limit")
}

extension FieldDiagnostic.Data {
  /// The data of `under-limit`: the length, the minimum and the unit.
  public static func underLimit(length: Int, limit: Int, unit: LengthUnit) -> Self {
    overLimit(length: length, limit: limit, unit: unit)
  }
}

extension RulePatch {
  /// What is wrong with this layer's bounds taken together, if anything: a minimum above the
  /// maximum the same layer sets (the problem, the maximum named `maximum`, as JSON or the
  /// command line spells it). Bounds from different layers are not refused: both diagnostics can
  /// then hold at once ("Rules").
  package func boundsProblem(maximum name: String = "maxLength") -> String? {
    guard let minimum = minimumSet, let maximum = limitSet, minimum > maximum else { return nil }
    return "expected at most \(name) (\(maximum)), got \(minimum)"
  }

  /// Whether this layer sets the minimum or removes it (`minLength`, `null` included);
  /// otherwise the earlier layer's holds.
  package var setsMinimum: Bool { minLength != nil }

  /// The minimum this layer sets: `nil` when it sets none or removes it.
  package var minimumSet: Int? { minLength ?? nil }
}

extension Rules {
  /// Where these rules set a limit above what its unit allows: `("maxLength", problem)` for the
  /// whole text's, a line rule's where `lineLimitProblem` finds it; `nil` when none does.
  package var unitLimitProblem: (field: String, problem: String)? {
    if let problem = limitProblemInUnit { return ("maxLength", problem) }
    return lineLimitProblem
  }
}
