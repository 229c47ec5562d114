/// commitlint's fourteen length rules, `type-max-length` … `footer-min-length` and
/// `body-max-line-length`, `footer-max-line-length` (Protocol/README.md, "Team conventions"): the
/// part is at most (`max`) or at least (`min`) `value` UTF-16 code units long, as JavaScript counts
/// (`CommitlintEnsure.maxLength`, `minLength`), or each of its lines is at most `value` long unless
/// it holds a URL (`maxLine`, `CommitlintEnsure.maxLineLength`). The condition is not read
/// (commitlint ignores it too); no value is 0, and a value that is not a number is named.
///
/// The parts differ as commitlint's rules do: a message without the type, scope, subject, body or
/// footer (or with it empty) passes, while the header is always measured (a missing one fails) and
/// its message says the current length.
package struct CommitlintLengthRule: CommitlintRule, CommitlintValueChecking {
  /// Which way the bound goes, and over what.
  package enum Bound: String, Hashable, Sendable {
    case max
    case min
    /// Each line at most the value (the body and the footer only).
    case maxLine = "max-line"
  }

  package let part: CommitlintPart
  package let bound: Bound

  /// The rule on `part` (type, scope, subject, header, body or footer; `maxLine` only for body and
  /// footer) with `bound`.
  package init(_ part: CommitlintPart, _ bound: Bound) {
    guard let name = Self.names[part]?[bound] else {
      preconditionFailure("no \(bound) length rule on \(part)")
    }
    self.part = part
    self.bound = bound
    self.name = name
  }

  /// The fourteen rules' names, each written here so that searching for it reaches this file.
  private static let names: [CommitlintPart: [Bound: String]] = [
    .type: [.max: "type-max-length", .min: "type-min-length"],
    .scope: [.max: "scope-max-length", .min: "scope-min-length"],
    .subject: [.max: "subject-max-length", .min: "subject-min-length"],
    .header: [.max: "header-max-length", .min: "header-min-length"],
    .body: [.max: "body-max-length", .min: "body-min-length", .maxLine: "body-max-line-length"],
    .footer: [.max: "footer-max-length", .min: "footer-min-length", .maxLine: "footer-max-line-length"],
  ]

  /// Made once: a configuration's rules are looked up by name for every message.
  package let name: String

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let limit: Double
    switch CommitlintValueShape.number(value) {
    case .success(let number): limit = number
    case .failure(let problem): return problem.verdict(name)
    }
    let input = part.text(of: commit)
    let figure = JavaScriptText.number(limit)
    switch bound {
    case .maxLine:
      guard let input, !input.isEmpty else { return CommitlintVerdict(true) }
      return CommitlintVerdict(
        CommitlintEnsure.maxLineLength(input, limit),
        "\(part.rawValue)'s lines must not be longer than \(figure) characters")
    case .max, .min:
      var message =
        "\(part.rawValue) must not be \(bound == .max ? "longer" : "shorter") than \(figure) characters"
      if part == .header {
        // `${parsed.header?.length}`: `undefined` without a header.
        message += ", current length is \(input.map { String(JavaScriptText.length($0)) } ?? "undefined")"
      } else if input?.isEmpty ?? true {
        return CommitlintVerdict(true)
      }
      let valid =
        bound == .max ? CommitlintEnsure.maxLength(input, limit) : CommitlintEnsure.minLength(input, limit)
      return CommitlintVerdict(valid, message)
    }
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? {
    if case .failure(let problem) = CommitlintValueShape.number(value) { return problem }
    return nil
  }
}
