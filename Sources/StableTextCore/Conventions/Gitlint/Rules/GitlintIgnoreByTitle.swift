/// I1 `ignore-by-title`: when the title matches `regex`, the rules in `ignore` (all by default) are
/// not applied to this commit.
public struct GitlintIgnoreByTitle: GitlintConfigurationRule {
  public init() {}
  public var id: String { "I1" }
  public var name: String { "ignore-by-title" }
  public var optionSpecs: [GitlintOptionSpec] {
    [
      GitlintOptionSpec(
        "regex", .regex, .regex(nil), "Regex matching the titles of commits this rule should apply to"),
      GitlintOptionSpec("ignore", .string, .string("all"), "Comma-separated list of rules to ignore"),
    ]
  }

  public func apply(_ commit: inout GitlintCommit, _ options: GitlintOptions, regexStyleSearch: Bool)
    -> GitlintConfigurationEffect
  {
    guard let regex = options.regex("regex") else { return GitlintConfigurationEffect() }
    let warnings = regexStyleSearch ? [] : [GitlintRegex.matchDeprecationWarning(self)]
    guard regex.matches(commit.title, regexStyleSearch: regexStyleSearch) else {
      return GitlintConfigurationEffect(warnings: warnings)
    }
    let ignore = options.string("ignore") ?? ""
    return GitlintConfigurationEffect(
      ignore: GitlintIgnoredRules(ignore), warnings: warnings,
      log: [
        "Ignoring commit because of rule '\(id)': Commit title '\(commit.title)' matches the regex "
          + "'\(regex.pattern)', ignoring rules: \(ignore)"
      ])
  }
}
