/// T6 `title-leading-whitespace`: the title does not start with whitespace (Python's `^\s`).
public struct GitlintTitleLeadingWhitespace: GitlintLineRule {
  public init() {}
  public var id: String { "T6" }
  public var name: String { "title-leading-whitespace" }
  public var target: GitlintLineTarget { .title }

  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let first = line.unicodeScalars.first, GitlintText.isWhitespace(first) else { return [] }
    return [GitlintViolation(id, "Title has leading whitespace", line)]
  }
}
