/// T6 `title-leading-whitespace`: the title does not start with whitespace (Python's `^\s`).
package struct GitlintTitleLeadingWhitespace: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "T6" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "title-leading-whitespace" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .title }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    guard let first = line.unicodeScalars.first, GitlintText.isWhitespace(first) else { return [] }
    return [GitlintViolation(id, "Title has leading whitespace", line)]
  }
}
