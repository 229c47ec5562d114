/// `body-leading-blank`: the message's second line is empty (`always`) or not (`never`). A
/// message without a body passes.
package struct BodyLeadingBlankRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .body }
  package var name: String { "body-leading-blank" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let body = commit.body, !body.isEmpty else { return CommitlintVerdict(true) }
    let negated = when == .never
    let lines = CommitlintEnsure.lines(commit.raw)
    let succeeds = lines.count > 1 && lines[1].isEmpty
    return CommitlintVerdict(
      negated ? !succeeds : succeeds,
      CommitlintMessage.join(["body", negated ? "may not" : "must", "have leading blank line"]))
  }
}
