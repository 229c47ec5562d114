/// A named set of rule values that a layer can ask for with `preset`.
public enum Preset: String, Hashable, Sendable, CaseIterable {
  /// Git's commit message convention: a subject of 50 columns (72 at most), a blank second
  /// line, a body wrapped at 72, `#` comments and everything below the `git commit -v` scissors
  /// line ignored.
  case gitCommit

  // Its scissors line (`scissors`) is the end marker's, with the rules of comments.

  /// The comment characters git accepts for `core.commentChar` (and `auto` picks from).
  public static let commentCharacters: [UInt8] = Array("#;@!$%^&|:".utf8)

  /// The values the preset sets, applied before the naming layer's own fields.
  public var rules: RulePatch {
    switch self {
    case .gitCommit:
      // git's own comments: `#` lines, and all from its scissors line on, left out.
      var patch = RulePatch.gitComments("#").merging(
        RulePatch(
          maxLength: .some(nil), requireNonEmpty: true,
          lineRules: [
            LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 72, severity: .error),
            LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 50),
            LineRule(lines: LineSpan(first: 2, last: 2), blank: true),
            LineRule(lines: LineSpan(first: 3, last: nil), maxLength: 72),
          ], tabSize: 8))
      patch.exemptions = Set(Exemption.allCases)
      return patch
    }
  }

  /// Overrides every configuration has, after `initializationOptions.rules` and before the
  /// user's own: git's message files by language id and by name.
  package static let builtInOverrides: [RuleOverride] = [
    RuleOverride(languageId: "gitcommit", rules: RulePatch(preset: .some(.gitCommit))),
    RuleOverride(languageId: "git-commit", rules: RulePatch(preset: .some(.gitCommit))),
    RuleOverride(
      pattern: "**/{COMMIT_EDITMSG,MERGE_MSG,SQUASH_MSG,TAG_EDITMSG}",
      rules: RulePatch(preset: .some(.gitCommit))),
  ]
}
