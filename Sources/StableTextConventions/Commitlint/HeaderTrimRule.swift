import StableTextCore

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

  /// Removing the white space around the header.
  static let trimFix = FixDeclaration(
    kind: .commitlintHeaderTrim, title: "Trim the header", appliedByCheck: true)
  package var fixDeclaration: FixDeclaration? { Self.trimFix }

  /// The header's leading and trailing white space removed (JavaScript's, as the rule reads it).
  package func fix(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintFix?
  {
    guard let header = commit.ranges.header, let text = commit.header else { return nil }
    let bytes = Array(text.utf8)
    let kept = JavaScriptText.trimmed(bytes, 0, bytes.count)
    var edits: [(Range<Int>, String)] = []
    if kept.lowerBound > 0 {
      edits.append((header.lowerBound..<header.lowerBound + kept.lowerBound, ""))
    }
    if kept.upperBound < bytes.count {
      edits.append((header.lowerBound + max(kept.upperBound, kept.lowerBound)..<header.upperBound, ""))
    }
    guard !edits.isEmpty else { return nil }
    return CommitlintFix(kind: .commitlintHeaderTrim, title: "Trim the header", edits: edits)
  }
}

extension QuickFix.Kind {
  /// Removes the white space around the header that `header-trim` forbids.
  public static let commitlintHeaderTrim = Self(rawValue: "trimHeader")
}
