/// B6 `body-is-missing`: the message has a body (two lines after the title at least, not all
/// whitespace); merge commits are exempt unless `ignore-merge-commits` is false.
package struct GitlintBodyMissing: GitlintCommitRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "B6" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "body-is-missing" }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("ignore-merge-commits", .bool, .bool(true), "Ignore merge commits")]
  }

  /// The commit's violations, worded and numbered as gitlint words and numbers them.
  package func validate(
    _ commit: GitlintCommit, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget
  )
    -> [GitlintViolation]
  {
    if options.bool("ignore-merge-commits") ?? true, commit.isMergeCommit { return [] }
    guard commit.body.count < 2 || GitlintText.strip(commit.body.joined()).isEmpty else { return [] }
    return [GitlintViolation(id, "Body message is missing", nil, 3)]
  }
}
