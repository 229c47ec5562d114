/// `references-empty`: the message references an issue (`never`, the default) or does not
/// (`always`).
public struct ReferencesEmptyRule: CommitlintRule {
  public init() {}
  public var name: String { "references-empty" }
  public var defaultCondition: CommitlintCondition { .never }

  public func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let negated = when == .always
    let notEmpty = !commit.references.isEmpty
    return CommitlintVerdict(
      negated ? !notEmpty : notEmpty,
      CommitlintLengths.message(["references", negated ? "must" : "may not", "be empty"]))
  }
}
