/// commitlint's `type-max-length` (Protocol/README.md, "Team conventions"): the type is
/// at most `value` UTF-16 code units long, as JavaScript counts; a message without a type
/// passes. The condition is not read (commitlint ignores it too); no value is 0.
package struct TypeMaxLengthRule: CommitlintRule, CommitlintValueChecking {
  package let name = "type-max-length"

  package init() {}

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let limit: Double
    switch CommitlintValueShape.number(value) {
    case .success(let number): limit = number
    case .failure(let problem): return problem.verdict(name)
    }
    guard let input = commit.type, !input.isEmpty else { return CommitlintVerdict(true) }
    return CommitlintVerdict(
      CommitlintEnsure.maxLength(input, limit),
      "type must not be longer than \(JavaScriptString.number(limit)) characters")
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? {
    if case .failure(let problem) = CommitlintValueShape.number(value) { return problem }
    return nil
  }
}
