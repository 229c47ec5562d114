/// T6 `title-leading-whitespace`: the title does not start with whitespace (Python's `^\s`).
public struct GitlintTitleLeadingWhitespace: GitlintLineRule {
  /// The rule; its options are given to each call.
  public init() {}
  /// gitlint's id for the rule.
  public var id: String { "T6" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  public var name: String { "title-leading-whitespace" }
  /// The lines the rule checks.
  public var target: GitlintLineTarget { .title }

  /// The violations of one line, worded as gitlint words them.
  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let first = line.unicodeScalars.first, GitlintText.isWhitespace(first) else { return [] }
    return [GitlintViolation(id, "Title has leading whitespace", line)]
  }
}
