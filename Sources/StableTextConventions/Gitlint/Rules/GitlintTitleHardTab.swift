/// T4 `title-hard-tab`: the title holds no tab.
package struct GitlintTitleHardTab: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "T4" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "title-hard-tab" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .title }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    GitlintHardTab.validate(line, id, "Title contains hard tab characters (\\t)")
  }
}

/// gitlint's `HardTab` (T4, B3): `"\t" in line`.
enum GitlintHardTab {
  static func validate(_ line: String, _ id: String, _ message: String) -> [GitlintViolation] {
    line.unicodeScalars.contains("\t") ? [GitlintViolation(id, message, line)] : []
  }
}
