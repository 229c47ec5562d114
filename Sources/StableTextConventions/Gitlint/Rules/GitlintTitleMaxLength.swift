/// T1 `title-max-length`: the title is at most `line-length` (72) code points long.
package struct GitlintTitleMaxLength: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "T1" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "title-max-length" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .title }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("line-length", .int(allowNegative: false), .int(72), "Max line length")]
  }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    GitlintMaxLength.validate(line, options, id, "Title exceeds max length")
  }
}

/// gitlint's `MaxLineLength`, which T1 and B1 share: `len(line) > line-length`.
enum GitlintMaxLength {
  static func validate(_ line: String, _ options: GitlintOptions, _ id: String, _ message: String)
    -> [GitlintViolation]
  {
    guard let maximum = options.int("line-length") else { return [] }
    let length = GitlintText.length(line)
    guard length > maximum else { return [] }
    return [GitlintViolation(id, "\(message) (\(length)>\(maximum))", line)]
  }
}
