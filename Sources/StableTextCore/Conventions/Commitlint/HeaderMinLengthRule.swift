/// `header-min-length`: the header holds at least the value's UTF-16 code units (0 by default); a message
/// without a header fails.
package struct HeaderMinLengthRule: CommitlintRule {
  package init() {}
  package var name: String { "header-min-length" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let limit = CommitlintLengths.number(value, default: 0)
    // `${parsed.header?.length}`: `undefined` without a header.
    let length = commit.header.map { String(JavaScriptText.length($0)) } ?? "undefined"
    return CommitlintVerdict(
      CommitlintLengths.min(commit.header, limit),
      "header must not be shorter than \(CommitlintLengths.text(limit)) characters, current length is \(length)"
    )
  }
}
