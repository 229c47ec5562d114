/// commitlint's `scope-empty` (Protocol/README.md, "Team conventions"): under `always` the scope is
/// empty (or missing), under `never` it is not; commitlint's default condition here is `never`.
/// It takes no value.
package struct ScopeEmptyRule: CommitlintRule, CommitlintValueChecking {
  package let name = "scope-empty"

  package init() {}
  package var part: CommitlintPart { .scope }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let filled = CommitlintEnsure.notEmpty(commit.scope ?? "")
    return when == .never
      ? CommitlintVerdict(filled, CommitlintMessage.join(["scope", "may not", "be empty"]))
      : CommitlintVerdict(!filled, CommitlintMessage.join(["scope", "must", "be empty"]))
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? { nil }
}
