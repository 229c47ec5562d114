/// T4 `title-hard-tab`: the title holds no tab.
public struct GitlintTitleHardTab: GitlintLineRule {
  public init() {}
  public var id: String { "T4" }
  public var name: String { "title-hard-tab" }
  public var target: GitlintLineTarget { .title }

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
