/// commitlint's `header-case` (Protocol/README.md, "Team conventions"): the header is in one of
/// the cases (or in none, under `never`); a header that does not start with an ASCII letter
/// passes (a version, `1.0.0`, or a header in another script). The value is a case name or a
/// list of them (`{"when", "case"}` objects among them), as `CommitlintCaseRules` reads it; no
/// value is an empty list.
package struct HeaderCaseRule: CommitlintRule, CommitlintValueChecking {
  package let name = "header-case"

  package init() {}
  package var part: CommitlintPart { .header }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let checks: [CommitlintCaseCheck]
    switch CommitlintCaseRules.checks(value) {
    case .success(let read): checks = read
    case .failure(let problem): return problem.verdict(name)
    }
    // `/^[a-z]/i`: without the `u` flag, only ASCII letters match.
    guard let part = commit.header, let first = part.unicodeScalars.first,
      ("a"..."z").contains(first) || ("A"..."Z").contains(first)
    else { return CommitlintVerdict(true) }
    return CommitlintCaseRules.verdict("header", when, checks) { CommitlintEnsure.isCase(part, $0) }
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? {
    if case .failure(let problem) = CommitlintCaseRules.checks(value) { return problem }
    return nil
  }
}
