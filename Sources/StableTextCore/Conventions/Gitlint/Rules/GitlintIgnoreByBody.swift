/// I2 `ignore-by-body`: when a body line matches `regex`, the rules in `ignore` (all by default)
/// are not applied to this commit.
public struct GitlintIgnoreByBody: GitlintConfigurationRule {
  public init() {}
  public var id: String { "I2" }
  public var name: String { "ignore-by-body" }
  public var optionSpecs: [GitlintOptionSpec] {
    [
      GitlintOptionSpec(
        "regex", .regex, .regex(nil), "Regex matching lines of the body of commits this rule should apply to"),
      GitlintOptionSpec("ignore", .string, .string("all"), "Comma-separated list of rules to ignore"),
    ]
  }

  public func apply(_ commit: inout GitlintCommit, _ options: GitlintOptions, regexStyleSearch: Bool)
    -> GitlintConfigurationEffect
  {
    guard let regex = options.regex("regex") else { return GitlintConfigurationEffect() }
    let warnings = regexStyleSearch ? [] : [GitlintRegex.matchDeprecationWarning(self)]
    guard let line = commit.body.first(where: { regex.matches($0, regexStyleSearch: regexStyleSearch) })
    else {
      return GitlintConfigurationEffect(warnings: warnings)
    }
    let ignore = options.string("ignore") ?? ""
    return GitlintConfigurationEffect(
      ignore: GitlintIgnoredRules(ignore), warnings: warnings,
      log: [
        "Ignoring commit because of rule '\(id)': Commit message line '\(line)' matches the regex "
          + "'\(regex.pattern)', ignoring rules: \(ignore)"
      ])
  }
}
