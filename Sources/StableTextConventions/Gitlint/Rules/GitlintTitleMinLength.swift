/// T8 `title-min-length`: the title is at least `min-length` (5) code points long.
package struct GitlintTitleMinLength: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "T8" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "title-min-length" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .title }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("min-length", .int(allowNegative: false), .int(5), "Minimum required title length")]
  }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    guard let minimum = options.int("min-length") else { return [] }
    let length = GitlintText.length(line)
    guard length < minimum else { return [] }
    return [GitlintViolation(id, "Title is too short (\(length)<\(minimum))", line, 1)]
  }
}
