/// `header-max-length`: the header holds at most the value's UTF-16 code units (0 by default); a message
/// without a header fails.
package struct HeaderMaxLengthRule: CommitlintRule {
  package init() {}
  package var name: String { "header-max-length" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let limit = CommitlintLengths.number(value, default: 0)
    // `${parsed.header?.length}`: `undefined` without a header.
    let length = commit.header.map { String(JavaScriptText.length($0)) } ?? "undefined"
    return CommitlintVerdict(
      CommitlintLengths.max(commit.header, limit),
      "header must not be longer than \(CommitlintLengths.text(limit)) characters, current length is \(length)"
    )
  }
}
