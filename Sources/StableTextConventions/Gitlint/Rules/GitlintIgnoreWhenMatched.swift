/// What the ignore rules I1, I2 and I4 share: when their `regex` matches a part of the commit,
/// the rules in `ignore` are not applied to it, and gitlint logs which part matched. Each rule
/// says only which text it matches and how gitlint names it in that log line.
enum GitlintIgnoreWhenMatched {
  /// The effect of `rule` on a commit: `matched` tries the regex on the rule's texts and returns
  /// gitlint's words for the first that matched (`Commit title 'x'`), or `nil` when none did.
  static func effect(
    of rule: some GitlintConfigurationRule, _ options: GitlintOptions, regexStyleSearch: Bool,
    _ budget: inout GitlintMatchBudget,
    matched: (_ regex: GitlintRegex, _ budget: inout GitlintMatchBudget) -> String?
  ) -> GitlintConfigurationEffect {
    guard let regex = options.regex("regex") else { return GitlintConfigurationEffect() }
    let warnings = regexStyleSearch ? [] : [GitlintRegex.matchDeprecationWarning(rule)]
    guard let what = matched(regex, &budget) else { return GitlintConfigurationEffect(warnings: warnings) }
    let ignore = options.string("ignore") ?? ""
    return GitlintConfigurationEffect(
      ignore: GitlintIgnoredRules(ignore), warnings: warnings,
      log: [
        "Ignoring commit because of rule '\(rule.id)': \(what) matches the regex '\(regex.pattern)', "
          + "ignoring rules: \(ignore)"
      ])
  }
}
