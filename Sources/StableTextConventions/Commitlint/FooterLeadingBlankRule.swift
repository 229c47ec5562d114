/// `footer-leading-blank`: the line before the footer's first line (found as commitlint finds it:
/// the first line of the message equal to it) is empty (`always`) or not (`never`). A message
/// without a footer passes.
package struct FooterLeadingBlankRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .footer }
  package var name: String { "footer-leading-blank" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let footer = commit.footer, !footer.isEmpty else { return CommitlintVerdict(true) }
    let negated = when == .never
    let rawLines = CommitlintEnsure.lines(commit.raw)
    let first = CommitlintEnsure.lines(footer)[0]
    let offset = rawLines.firstIndex { $0.utf8.elementsEqual(first.utf8) } ?? -1
    // `rawLines.slice(offset - 1)[0]`: a negative start counts from the end.
    let start = offset - 1 < 0 ? Swift.max(rawLines.count + offset - 1, 0) : offset - 1
    let succeeds = start < rawLines.count && rawLines[start].isEmpty
    return CommitlintVerdict(
      negated ? !succeeds : succeeds,
      CommitlintMessage.join(["footer", negated ? "may not" : "must", "have leading blank line"]))
  }
}
