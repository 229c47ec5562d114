/// T3 `title-trailing-punctuation`: the title does not end in one of `?:!.,;`.
public struct GitlintTitleTrailingPunctuation: GitlintLineRule {
  /// The rule; its options are given to each call.
  public init() {}
  /// gitlint's id for the rule.
  public var id: String { "T3" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  public var name: String { "title-trailing-punctuation" }
  /// The lines the rule checks.
  public var target: GitlintLineTarget { .title }

  /// The violations of one line, worded as gitlint words them.
  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let last = line.unicodeScalars.last, "?:!.,;".unicodeScalars.contains(last) else { return [] }
    return [GitlintViolation(id, "Title has trailing punctuation (\(last))", line)]
  }
}
