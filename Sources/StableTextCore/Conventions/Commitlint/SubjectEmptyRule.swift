/// commitlint's `subject-empty` (Protocol/README.md, "Team conventions"): under `always` the
/// subject is empty (or missing), under `never` it is not (config-conventional's
/// `[2, "never"]`). It takes no value.
package struct SubjectEmptyRule: CommitlintRule, CommitlintValueChecking {
  package let name = "subject-empty"

  package init() {}
  package var part: CommitlintPart { .subject }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let filled = CommitlintEnsure.notEmpty(commit.subject ?? "")
    return when == .never
      ? CommitlintVerdict(filled, CommitlintMessage.join(["subject", "may not", "be empty"]))
      : CommitlintVerdict(!filled, CommitlintMessage.join(["subject", "must", "be empty"]))
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? { nil }
}
