/// commitlint's `type-empty` (Protocol/README.md, "Team conventions"): under `always` the type is
/// empty (or missing), under `never` it is not (config-conventional's `[2, "never"]`). It takes
/// no value.
package struct TypeEmptyRule: CommitlintRule, CommitlintValueChecking {
  package let name = "type-empty"

  package init() {}
  package var part: CommitlintPart { .type }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let filled = CommitlintEnsure.notEmpty(commit.type ?? "")
    return when == .never
      ? CommitlintVerdict(filled, CommitlintMessage.join(["type", "may not", "be empty"]))
      : CommitlintVerdict(!filled, CommitlintMessage.join(["type", "must", "be empty"]))
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? { nil }
}
