/// `footer-min-length`: the footer holds at least the value's UTF-16 code units (0 by default). A message
/// without a footer passes.
package struct FooterMinLengthRule: CommitlintRule {
  package init() {}
  package var name: String { "footer-min-length" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let text = commit.footer, !text.isEmpty else { return CommitlintVerdict(true) }
    let limit = CommitlintLengths.number(value, default: 0)
    return CommitlintVerdict(
      CommitlintLengths.min(text, limit),
      "footer must not be shorter than \(CommitlintLengths.text(limit)) characters")
  }
}
