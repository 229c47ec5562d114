/// T3 `title-trailing-punctuation`: the title does not end in one of `?:!.,;`.
public struct GitlintTitleTrailingPunctuation: GitlintLineRule {
  public init() {}
  public var id: String { "T3" }
  public var name: String { "title-trailing-punctuation" }
  public var target: GitlintLineTarget { .title }

  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let last = line.unicodeScalars.last, "?:!.,;".unicodeScalars.contains(last) else { return [] }
    return [GitlintViolation(id, "Title has trailing punctuation (\(last))", line)]
  }
}
