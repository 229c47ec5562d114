/// `body-min-length`: the body holds at least the value's UTF-16 code units (0 by default). A message
/// without a body passes.
package struct BodyMinLengthRule: CommitlintRule {
  package init() {}
  package var name: String { "body-min-length" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let text = commit.body, !text.isEmpty else { return CommitlintVerdict(true) }
    let limit = CommitlintLengths.number(value, default: 0)
    return CommitlintVerdict(
      CommitlintLengths.min(text, limit),
      "body must not be shorter than \(CommitlintLengths.text(limit)) characters")
  }
}
