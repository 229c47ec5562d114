/// commitlint's `subject-empty` (Protocol/README.md, "Team conventions"): under `always` the
/// subject is empty (or missing), under `never` it is not (config-conventional's
/// `[2, "never"]`). It takes no value.
public struct SubjectEmptyRule: CommitlintRule, CommitlintValueChecking {
  public let name = "subject-empty"

  public init() {}

  public func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let filled = CommitlintEnsure.notEmpty(commit.subject ?? "")
    return when == .never
      ? CommitlintVerdict(filled, CommitlintMessage.join(["subject", "may not", "be empty"]))
      : CommitlintVerdict(!filled, CommitlintMessage.join(["subject", "must", "be empty"]))
  }

  public func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? { nil }
}
