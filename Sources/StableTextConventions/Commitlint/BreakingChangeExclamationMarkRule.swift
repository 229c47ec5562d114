/// `breaking-change-exclamation-mark`: the header's `!` (`type(scope)!: subject`) and a footer line
/// starting `BREAKING CHANGE:` or `BREAKING-CHANGE:` go together (`always`), or do not. A message
/// with neither header nor footer passes.
package struct BreakingChangeExclamationMarkRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .header }
  package var name: String { "breaking-change-exclamation-mark" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let header = commit.header ?? ""
    let footer = commit.footer ?? ""
    if header.isEmpty && footer.isEmpty { return CommitlintVerdict(true) }
    let headerBytes = Array(header.utf8)
    let hasExclamationMark =
      !header.isEmpty
      && ConventionalCommitPatterns.header(headerBytes, 0..<headerBytes.count, .required) != nil
    let hasBreakingChange = !footer.isEmpty && Self.hasBreakingChangeLine(footer)
    let negated = when == .never
    let check = hasExclamationMark == hasBreakingChange
    return CommitlintVerdict(
      negated ? !check : check,
      CommitlintMessage.join([
        "breaking changes", negated ? "must not" : "must", "have both an exclamation mark in the header",
        "and BREAKING CHANGE in the footer", "to identify a breaking change",
      ]))
  }

  /// `/^BREAKING[ -]CHANGE:/m`: at the start of the text or after any line terminator.
  static func hasBreakingChangeLine(_ footer: String) -> Bool {
    let bytes = Array(footer.utf8)
    var lineStart = true
    var position = 0
    while position < bytes.count {
      if lineStart, bytes[position...].starts(with: "BREAKING".utf8), position + 16 <= bytes.count,
        bytes[position + 8] == UInt8(ascii: " ") || bytes[position + 8] == UInt8(ascii: "-"),
        bytes[(position + 9)...].starts(with: "CHANGE:".utf8)
      {
        return true
      }
      let terminator = JavaScriptText.lineTerminatorLength(bytes, position, bytes.count)
      lineStart = terminator > 0
      position += max(terminator, 1)
    }
    return false
  }
}
