/// B5 `body-min-length`: a body, when there is one, is at least `min-length` (20) code points long,
/// its lines counted without line breaks; an empty body passes (B6 is for that).
package struct GitlintBodyMinLength: GitlintCommitRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "B5" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "body-min-length" }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("min-length", .int(allowNegative: false), .int(20), "Minimum body length")]
  }

  /// The commit's violations, worded and numbered as gitlint words and numbers them.
  package func validate(
    _ commit: GitlintCommit, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget
  )
    -> [GitlintViolation]
  {
    guard let minimum = options.int("min-length") else { return [] }
    let body = commit.body.joined()
    let length = GitlintText.length(body)
    guard length > 0, length < minimum else { return [] }
    return [GitlintViolation(id, "Body message is too short (\(length)<\(minimum))", body, 3)]
  }
}
