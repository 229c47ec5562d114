/// B3 `body-hard-tab`: no body line holds a tab.
package struct GitlintBodyHardTab: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "B3" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "body-hard-tab" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .body }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    GitlintHardTab.validate(line, id, "Line contains hard tab characters (\\t)")
  }
}
