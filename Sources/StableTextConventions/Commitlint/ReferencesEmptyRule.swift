/// `references-empty`: the message references an issue (`never`, the default) or does not
/// (`always`).
package struct ReferencesEmptyRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .message }
  package var name: String { "references-empty" }
  package var defaultCondition: CommitlintCondition { .never }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let negated = when == .always
    let notEmpty = !commit.references.isEmpty
    return CommitlintVerdict(
      negated ? !notEmpty : notEmpty,
      CommitlintMessage.join(["references", negated ? "must" : "may not", "be empty"]))
  }
}
