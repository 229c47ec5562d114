/// B2 `body-trailing-whitespace`: no body line ends in whitespace.
public struct GitlintBodyTrailingWhitespace: GitlintLineRule {
  public init() {}
  public var id: String { "B2" }
  public var name: String { "body-trailing-whitespace" }
  public var target: GitlintLineTarget { .body }

  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    GitlintTrailingWhitespace.validate(line, id, "Line has trailing whitespace")
  }
}
