/// `footer-max-line-length`: each line of the footer holds at most the value's UTF-16 code units (0 by default),
/// unless it holds a URL. A message without a footer passes.
package struct FooterMaxLineLengthRule: CommitlintRule {
  package init() {}
  package var name: String { "footer-max-line-length" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let text = commit.footer, !text.isEmpty else { return CommitlintVerdict(true) }
    let limit = CommitlintLengths.number(value, default: 0)
    return CommitlintVerdict(
      CommitlintLengths.maxLine(text, limit),
      "footer's lines must not be longer than \(CommitlintLengths.text(limit)) characters")
  }
}
