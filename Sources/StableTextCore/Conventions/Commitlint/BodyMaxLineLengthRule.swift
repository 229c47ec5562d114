/// `body-max-line-length`: each line of the body holds at most the value's UTF-16 code units (0 by default),
/// unless it holds a URL. A message without a body passes.
package struct BodyMaxLineLengthRule: CommitlintRule {
  package init() {}
  package var name: String { "body-max-line-length" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let text = commit.body, !text.isEmpty else { return CommitlintVerdict(true) }
    let limit = CommitlintLengths.number(value, default: 0)
    return CommitlintVerdict(
      CommitlintLengths.maxLine(text, limit),
      "body's lines must not be longer than \(CommitlintLengths.text(limit)) characters")
  }
}
