/// `body-full-stop`: the body's last UTF-16 code unit is the value (`.` by default), or is not.
/// A message without a body passes.
package struct BodyFullStopRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .body }
  package var name: String { "body-full-stop" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let body = commit.body, !body.isEmpty else { return CommitlintVerdict(true) }
    let negated = when == .never
    let stop = CommitlintValueShape.string(value, default: ".")
    let hasStop = stop.utf16.count == 1 && body.utf16.last == stop.utf16.first
    return CommitlintVerdict(
      negated ? !hasStop : hasStop,
      CommitlintMessage.join(["body", negated ? "may not" : "must", "end with full stop"]))
  }
}
