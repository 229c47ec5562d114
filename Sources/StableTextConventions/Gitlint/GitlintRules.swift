/// gitlint's rules in the order gitlint applies them (its `LintConfig.default_rule_classes`), and
/// the contrib rules StableText has (enabled by `[general] contrib`).
package enum GitlintRules {
  /// The built-in rules: the ignore rules, then the title's, the body's and the author's.
  package static let builtIn: [any GitlintRule] = [
    GitlintIgnoreByTitle(), GitlintIgnoreByBody(), GitlintIgnoreBodyLines(), GitlintIgnoreByAuthorName(),
    GitlintTitleMaxLength(), GitlintTitleTrailingWhitespace(), GitlintTitleLeadingWhitespace(),
    GitlintTitleTrailingPunctuation(), GitlintTitleHardTab(), GitlintTitleMustNotContainWord(),
    GitlintTitleRegexMatches(), GitlintTitleMinLength(), GitlintBodyMaxLineLength(), GitlintBodyMinLength(),
    GitlintBodyMissing(), GitlintBodyTrailingWhitespace(), GitlintBodyHardTab(), GitlintBodyFirstLineEmpty(),
    GitlintBodyChangedFileMention(), GitlintBodyRegexMatches(), GitlintAuthorValidEmail(),
  ]

  /// The contrib rules StableText implements.
  package static let contrib: [any GitlintRule] = [
    GitlintContribConventionalCommit(), GitlintContribSignedOffBy(),
  ]

  /// gitlint's other contrib rules, which `contrib` may name but StableText does not check
  /// (`CC2` disallow-cleanup-commits, `CC3` allowed-authors, which reads an AUTHORS file).
  package static let contribNotImplemented: [(id: String, name: String)] = [
    ("CC2", "contrib-disallow-cleanup-commits"), ("CC3", "contrib-allowed-authors"),
  ]

  /// The rule `reference` names, by id or by name, among `rules`.
  package static func find(_ reference: String, in rules: [any GitlintRule]) -> (any GitlintRule)? {
    rules.first { $0.id == reference } ?? rules.first { $0.name == reference }
  }
}
