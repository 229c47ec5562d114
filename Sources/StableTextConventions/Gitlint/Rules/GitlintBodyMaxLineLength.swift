/// B1 `body-max-line-length`: each body line is at most `line-length` (80) code points long.
package struct GitlintBodyMaxLineLength: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "B1" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "body-max-line-length" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .body }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("line-length", .int(allowNegative: false), .int(80), "Max line length")]
  }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    GitlintMaxLength.validate(line, options, id, "Line exceeds max length")
  }
}
