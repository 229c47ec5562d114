/// B2 `body-trailing-whitespace`: no body line ends in whitespace.
public struct GitlintBodyTrailingWhitespace: GitlintLineRule {
  /// The rule; its options are given to each call.
  public init() {}
  /// gitlint's id for the rule.
  public var id: String { "B2" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  public var name: String { "body-trailing-whitespace" }
  /// The lines the rule checks.
  public var target: GitlintLineTarget { .body }

  /// The violations of one line, worded as gitlint words them.
  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    GitlintTrailingWhitespace.validate(line, id, "Line has trailing whitespace")
  }
}
