/// T3 `title-trailing-punctuation`: the title does not end in one of `?:!.,;`.
package struct GitlintTitleTrailingPunctuation: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "T3" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "title-trailing-punctuation" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .title }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    guard let last = line.unicodeScalars.last, "?:!.,;".unicodeScalars.contains(last) else { return [] }
    return [GitlintViolation(id, "Title has trailing punctuation (\(last))", line)]
  }
}
