/// I4 `ignore-by-author-name`: when the author's name matches `regex`, the rules in `ignore` (all
/// by default) are not applied to this commit. Without a known author name gitlint warns and
/// skips the rule.
package struct GitlintIgnoreByAuthorName: GitlintConfigurationRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "I4" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "ignore-by-author-name" }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [
      GitlintOptionSpec(
        "regex", .regex, .regex(nil), "Regex matching the author name of commits this rule should apply to"),
      GitlintOptionSpec("ignore", .string, .string("all"), "Comma-separated list of rules to ignore"),
    ]
  }

  /// What the rule changes for `commit`, before any other rule checks it.
  package func apply(
    _ commit: inout GitlintCommit, _ options: GitlintOptions, regexStyleSearch: Bool,
    _ budget: inout GitlintMatchBudget
  ) -> GitlintConfigurationEffect {
    // No regex: nothing to skip, and no warning about the author either.
    guard options.regex("regex") != nil else { return GitlintConfigurationEffect() }
    guard let author = commit.authorName else {
      return GitlintConfigurationEffect(warnings: [
        "\(name) - \(id): skipping - commit.author_name unknown. Suggested fix: Use the --staged flag (or set "
          + "general.staged=True in .gitlint). More details: "
          + "https://jorisroovers.com/gitlint/configuration/#staged"
      ])
    }
    return GitlintIgnoreWhenMatched.effect(of: self, options, regexStyleSearch: regexStyleSearch, &budget) {
      regex, budget in
      regex.matches(author, regexStyleSearch: regexStyleSearch, &budget)
        ? "Commit Author Name '\(author)'" : nil
    }
  }
}
