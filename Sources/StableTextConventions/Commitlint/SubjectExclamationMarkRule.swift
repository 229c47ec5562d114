/// `subject-exclamation-mark`: the header has the breaking `!` before its colon (`always`) or not.
/// A message without a header passes (with an empty message, as commitlint gives).
package struct SubjectExclamationMarkRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .header }
  package var name: String { "subject-exclamation-mark" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let header = commit.header, !header.isEmpty else { return CommitlintVerdict(true, "") }
    let negated = when == .never
    let bytes = Array(header.utf8)
    let hasExclamationMark = ConventionalCommitPatterns.header(bytes, 0..<bytes.count, .required) != nil
    return CommitlintVerdict(
      negated ? !hasExclamationMark : hasExclamationMark,
      CommitlintMessage.join([
        "subject", negated ? "must not" : "must",
        "have an exclamation mark in the subject to identify a breaking change",
      ]))
  }
}
