/// T2 `title-trailing-whitespace`: the title does not end in whitespace (Python's `\s$`).
package struct GitlintTitleTrailingWhitespace: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "T2" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "title-trailing-whitespace" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .title }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    GitlintTrailingWhitespace.validate(line, id, "Title has trailing whitespace")
  }
}

/// gitlint's `TrailingWhiteSpace` (T2, B2): `\s$` searched, which holds when the last code point
/// is whitespace (a line never holds the `\n` before which `$` could also match).
enum GitlintTrailingWhitespace {
  static func validate(_ line: String, _ id: String, _ message: String) -> [GitlintViolation] {
    guard let last = line.unicodeScalars.last, GitlintText.isWhitespace(last) else { return [] }
    return [GitlintViolation(id, message, line)]
  }
}
