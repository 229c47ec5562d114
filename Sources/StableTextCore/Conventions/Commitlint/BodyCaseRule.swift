/// commitlint's `body-case` (Protocol/README.md, "Team conventions"): the body is in one of the
/// cases (or in none, under `never`); a message without a body passes. The value is a case name
/// or a list of them (`{"when", "case"}` objects among them), as `CommitlintCaseRules` reads it;
/// no value is an empty list.
package struct BodyCaseRule: CommitlintRule, CommitlintValueChecking {
  package let name = "body-case"

  package init() {}
  package var part: CommitlintPart { .body }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let checks: [CommitlintCaseCheck]
    switch CommitlintCaseRules.checks(value) {
    case .success(let read): checks = read
    case .failure(let problem): return problem.verdict(name)
    }
    guard let part = commit.body, !part.isEmpty else { return CommitlintVerdict(true) }
    return CommitlintCaseRules.verdict("body", when, checks) { CommitlintEnsure.isCase(part, $0) }
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? {
    if case .failure(let problem) = CommitlintCaseRules.checks(value) { return problem }
    return nil
  }
}
