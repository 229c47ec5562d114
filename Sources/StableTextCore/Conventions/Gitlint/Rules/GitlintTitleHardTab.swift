/// T4 `title-hard-tab`: the title holds no tab.
public struct GitlintTitleHardTab: GitlintLineRule {
  /// The rule; its options are given to each call.
  public init() {}
  /// gitlint's id for the rule.
  public var id: String { "T4" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  public var name: String { "title-hard-tab" }
  /// The lines the rule checks.
  public var target: GitlintLineTarget { .title }

  /// The violations of one line, worded as gitlint words them.
  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    GitlintHardTab.validate(line, id, "Title contains hard tab characters (\\t)")
  }
}

/// gitlint's `HardTab` (T4, B3): `"\t" in line`.
enum GitlintHardTab {
  static func validate(_ line: String, _ id: String, _ message: String) -> [GitlintViolation] {
    line.unicodeScalars.contains("\t") ? [GitlintViolation(id, message, line)] : []
  }
}
