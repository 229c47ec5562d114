/// commitlint's `subject-case` (Protocol/README.md, "Team conventions"): the subject is in one of
/// the cases (or in none, under `never`). A subject that does not start with a cased letter
/// passes: one in an uncased script (Han, Hangul, Arabic, Hebrew), or starting with a digit or a
/// symbol, is in no case commitlint can tell (commitlint #364, #3585); Cyrillic, Greek and other
/// cased scripts are checked like Latin (#4620). The value is a case name or a list of them
/// (`{"when", "case"}` objects among them), as `CommitlintCaseRules` reads it; no value is an
/// empty list.
package struct SubjectCaseRule: CommitlintRule, CommitlintValueChecking {
  package let name = "subject-case"

  package init() {}
  package var part: CommitlintPart { .subject }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let checks: [CommitlintCaseCheck]
    switch CommitlintCaseRules.checks(value) {
    case .success(let read): checks = read
    case .failure(let problem): return problem.verdict(name)
    }
    guard let part = commit.subject, let first = part.unicodeScalars.first, Self.isCasedLetter(first) else {
      return CommitlintVerdict(true)
    }
    return CommitlintCaseRules.verdict("subject", when, checks) { CommitlintEnsure.isCase(part, $0) }
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? {
    if case .failure(let problem) = CommitlintCaseRules.checks(value) { return problem }
    return nil
  }

  /// `/^[\p{Ll}\p{Lu}\p{Lt}]/iu`: a letter of those categories, or (by the `i` flag's case
  /// folding) a scalar whose simple case mapping is one (U+0345, which folds to `ι`).
  static func isCasedLetter(_ scalar: Unicode.Scalar) -> Bool {
    func isCased(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.properties.generalCategory {
      case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter: true
      default: false
      }
    }
    if isCased(scalar) { return true }
    let properties = scalar.properties
    return [properties.uppercaseMapping, properties.lowercaseMapping].contains { mapping in
      let scalars = mapping.unicodeScalars
      return scalars.count == 1 && scalars.first.map(isCased) == true
    }
  }
}
