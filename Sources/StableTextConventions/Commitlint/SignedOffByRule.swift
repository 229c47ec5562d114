/// `signed-off-by`: the last line of the message that is not empty, a comment (`#`) or
/// `(cherry picked from commit …)` starts with the value (`always`) or does not (`never`).
package struct SignedOffByRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .trailers }
  package var name: String { "signed-off-by" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let prefix = CommitlintValueShape.string(value, default: "")
    let last = CommitlintEnsure.lines(commit.raw).last { line in
      !line.isEmpty && line.utf8.first != UInt8(ascii: "#") && !Self.isCherryPick(line)
    }
    let negated = when == .never
    let hasSignedOffBy = last.map { $0.utf8.starts(with: prefix.utf8) } ?? false
    return CommitlintVerdict(
      negated ? !hasSignedOffBy : hasSignedOffBy,
      CommitlintMessage.join(["message", negated ? "must not" : "must", "be signed off"]))
  }

  /// `/^\(cherry picked from commit [0-9a-f]{7,64}\)$/i` on the line trimmed.
  static func isCherryPick(_ line: Substring) -> Bool {
    let bytes = Array(line.utf8)
    let kept = JavaScriptText.trimmed(bytes, 0, bytes.count)
    let text = bytes[kept]
    let head = Array("(cherry picked from commit ".utf8)
    guard text.count >= head.count + 8,
      JavaScriptText.match(head, in: bytes, at: kept.lowerBound, end: kept.upperBound, ignoringCase: true)
        == kept.lowerBound + head.count,
      text.last == UInt8(ascii: ")")
    else { return false }
    let hash = bytes[(kept.lowerBound + head.count)..<(kept.upperBound - 1)]
    return (7...64).contains(hash.count)
      && hash.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
  }
}
