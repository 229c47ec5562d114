/// `header-trim`: the header neither starts nor ends with white space (JavaScript's `trim`).
package struct HeaderTrimRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .header }
  package var name: String { "header-trim" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    guard let header = commit.header, !header.isEmpty else { return CommitlintVerdict(true) }
    let bytes = Array(header.utf8)
    let kept = JavaScriptText.trimmed(bytes, 0, bytes.count)
    let startsWithWhitespace = kept.lowerBound > 0
    let endsWithWhitespace = kept.upperBound < bytes.count || kept.isEmpty
    if startsWithWhitespace && endsWithWhitespace {
      return CommitlintVerdict(
        false, CommitlintMessage.join(["header", "must not be surrounded by whitespace"]))
    }
    if startsWithWhitespace {
      return CommitlintVerdict(
        false, CommitlintMessage.join(["header", "must not start with whitespace"]))
    }
    if endsWithWhitespace {
      return CommitlintVerdict(false, CommitlintMessage.join(["header", "must not end with whitespace"]))
    }
    return CommitlintVerdict(true)
  }
}
