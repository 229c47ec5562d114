/// T7 `title-match-regex`: the title matches `regex` (searched anywhere); no regex, no check.
package struct GitlintTitleRegexMatches: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "T7" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "title-match-regex" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .title }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("regex", .regex, .regex(nil), "Regex the title should match")]
  }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    guard let regex = options.regex("regex"), !regex.matches(line, atStart: false, &budget) else { return [] }
    return [GitlintViolation(id, "Title does not match regex (\(regex.pattern))", line)]
  }
}
