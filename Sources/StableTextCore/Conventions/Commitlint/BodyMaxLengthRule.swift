/// `body-max-length`: the body holds at most the value's UTF-16 code units (0 by default). A message
/// without a body passes.
package struct BodyMaxLengthRule: CommitlintRule {
  package init() {}
  package var name: String { "body-max-length" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let text = commit.body, !text.isEmpty else { return CommitlintVerdict(true) }
    let limit = CommitlintLengths.number(value, default: 0)
    return CommitlintVerdict(
      CommitlintLengths.max(text, limit),
      "body must not be longer than \(CommitlintLengths.text(limit)) characters")
  }
}
