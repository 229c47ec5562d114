/// I3 `ignore-body-lines`: body lines matching `regex` are removed before any rule checks the
/// commit (the original message is kept).
package struct GitlintIgnoreBodyLines: GitlintConfigurationRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "I3" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "ignore-body-lines" }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [
      GitlintOptionSpec(
        "regex", .regex, .regex(nil), "Regex matching lines of the body that should be ignored")
    ]
  }

  /// What the rule changes for `commit`, before any other rule checks it.
  package func apply(
    _ commit: inout GitlintCommit, _ options: GitlintOptions, regexStyleSearch: Bool,
    _ budget: inout GitlintMatchBudget
  ) -> GitlintConfigurationEffect {
    guard let regex = options.regex("regex") else { return GitlintConfigurationEffect() }
    var kept: [String] = []
    var log: [String] = []
    for line in commit.body {
      if regex.matches(line, regexStyleSearch: regexStyleSearch, &budget) {
        log.append("Ignoring line '\(line)' because it matches '\(regex.pattern)'")
      } else {
        kept.append(line)
      }
    }
    commit.body = kept
    commit.full = ([commit.title] + kept).joined(separator: "\n")
    let warnings = regexStyleSearch ? [] : [GitlintRegex.matchDeprecationWarning(self)]
    return GitlintConfigurationEffect(warnings: warnings, log: log)
  }
}
