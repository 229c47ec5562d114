/// B8 `body-match-regex`: the body matches `regex` (searched anywhere); no regex, no check. The
/// body is its lines after the first (the blank line under the title) without a last empty one,
/// joined by `\n`, as gitlint reads it.
package struct GitlintBodyRegexMatches: GitlintCommitRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "B8" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "body-match-regex" }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("regex", .regex, .regex(nil), "Regex the body should match")]
  }

  /// The commit's violations, worded and numbered as gitlint words and numbers them.
  package func validate(
    _ commit: GitlintCommit, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget
  )
    -> [GitlintViolation]
  {
    guard let regex = options.regex("regex") else { return [] }
    var lines = commit.body.count > 1 ? Array(commit.body.dropFirst()) : []
    if lines.last == "" { lines.removeLast() }
    guard !regex.matches(lines.joined(separator: "\n"), atStart: false, &budget) else { return [] }
    return [GitlintViolation(id, "Body does not match regex (\(regex.pattern))", nil, commit.body.count + 1)]
  }
}
