/// T8 `title-min-length`: the title is at least `min-length` (5) code points long.
public struct GitlintTitleMinLength: GitlintLineRule {
  public init() {}
  public var id: String { "T8" }
  public var name: String { "title-min-length" }
  public var target: GitlintLineTarget { .title }
  public var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("min-length", .int(allowNegative: false), .int(5), "Minimum required title length")]
  }

  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let minimum = options.int("min-length") else { return [] }
    let length = GitlintText.length(line)
    guard length < minimum else { return [] }
    return [GitlintViolation(id, "Title is too short (\(length)<\(minimum))", line, 1)]
  }
}
