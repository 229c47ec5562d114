/// `footer-max-length`: the footer holds at most the value's UTF-16 code units (0 by default). A message
/// without a footer passes.
package struct FooterMaxLengthRule: CommitlintRule {
  package init() {}
  package var name: String { "footer-max-length" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let text = commit.footer, !text.isEmpty else { return CommitlintVerdict(true) }
    let limit = CommitlintLengths.number(value, default: 0)
    return CommitlintVerdict(
      CommitlintLengths.max(text, limit),
      "footer must not be longer than \(CommitlintLengths.text(limit)) characters")
  }
}
