/// B4 `body-first-line-empty`: the line after the title, when there is one, is empty.
package struct GitlintBodyFirstLineEmpty: GitlintCommitRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "B4" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "body-first-line-empty" }

  /// The commit's violations, worded and numbered as gitlint words and numbers them.
  package func validate(
    _ commit: GitlintCommit, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget
  )
    -> [GitlintViolation]
  {
    guard let first = commit.body.first, !first.isEmpty else { return [] }
    return [GitlintViolation(id, "Second line is not empty", first, 2)]
  }
}
