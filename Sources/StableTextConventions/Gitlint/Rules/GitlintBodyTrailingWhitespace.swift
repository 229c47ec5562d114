/// B2 `body-trailing-whitespace`: no body line ends in whitespace.
package struct GitlintBodyTrailingWhitespace: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "B2" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "body-trailing-whitespace" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .body }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    GitlintTrailingWhitespace.validate(line, id, "Line has trailing whitespace")
  }
}
