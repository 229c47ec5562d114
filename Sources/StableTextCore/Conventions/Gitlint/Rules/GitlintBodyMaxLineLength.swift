/// B1 `body-max-line-length`: each body line is at most `line-length` (80) code points long.
public struct GitlintBodyMaxLineLength: GitlintLineRule {
  public init() {}
  public var id: String { "B1" }
  public var name: String { "body-max-line-length" }
  public var target: GitlintLineTarget { .body }
  public var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("line-length", .int(allowNegative: false), .int(80), "Max line length")]
  }

  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    GitlintMaxLength.validate(line, options, id, "Line exceeds max length")
  }
}
