import StableTextCore

/// `header-full-stop`: the header's last UTF-16 code unit is the value (`.` by default), or is not.
package struct HeaderFullStopRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .header }
  package var name: String { "header-full-stop" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let negated = when == .never
    let stop = CommitlintValueShape.string(value, default: ".")
    let last = commit.header?.utf16.last
    let hasStop = last != nil && stop.utf16.count == 1 && last == stop.utf16.first
    return CommitlintVerdict(
      negated ? !hasStop : hasStop,
      CommitlintMessage.join(["header", negated ? "may not" : "must", "end with full stop"]))
  }

  /// Removing the full stop under `never`, as `subject-full-stop` does.
  package var fixDeclaration: FixDeclaration? { SubjectFullStopRule.fullStopFix }

  package func fix(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintFix?
  { SubjectFullStopRule.removingStop(commit, when, value) }
}
