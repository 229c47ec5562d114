/// T7 `title-match-regex`: the title matches `regex` (searched anywhere); no regex, no check.
public struct GitlintTitleRegexMatches: GitlintLineRule {
  /// The rule; its options are given to each call.
  public init() {}
  /// gitlint's id for the rule.
  public var id: String { "T7" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  public var name: String { "title-match-regex" }
  /// The lines the rule checks.
  public var target: GitlintLineTarget { .title }
  /// The options gitlint declares for the rule, with their types and defaults.
  public var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("regex", .regex, .regex(nil), "Regex the title should match")]
  }

  /// The violations of one line, worded as gitlint words them.
  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let regex = options.regex("regex"), !regex.search(line) else { return [] }
    return [GitlintViolation(id, "Title does not match regex (\(regex.pattern))", line)]
  }
}
