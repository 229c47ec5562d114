/// I1 `ignore-by-title`: when the title matches `regex`, the rules in `ignore` (all by default) are
/// not applied to this commit.
package struct GitlintIgnoreByTitle: GitlintConfigurationRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "I1" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "ignore-by-title" }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [
      GitlintOptionSpec(
        "regex", .regex, .regex(nil), "Regex matching the titles of commits this rule should apply to"),
      GitlintOptionSpec("ignore", .string, .string("all"), "Comma-separated list of rules to ignore"),
    ]
  }

  /// What the rule changes for `commit`, before any other rule checks it.
  package func apply(
    _ commit: inout GitlintCommit, _ options: GitlintOptions, regexStyleSearch: Bool,
    _ budget: inout GitlintMatchBudget
  ) -> GitlintConfigurationEffect {
    let title = commit.title
    return GitlintIgnoreWhenMatched.effect(of: self, options, regexStyleSearch: regexStyleSearch, &budget) {
      regex, budget in
      regex.matches(title, regexStyleSearch: regexStyleSearch, &budget) ? "Commit title '\(title)'" : nil
    }
  }
}
