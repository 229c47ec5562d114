/// T7 `title-match-regex`: the title matches `regex` (searched anywhere); no regex, no check.
public struct GitlintTitleRegexMatches: GitlintLineRule {
  public init() {}
  public var id: String { "T7" }
  public var name: String { "title-match-regex" }
  public var target: GitlintLineTarget { .title }
  public var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("regex", .regex, .regex(nil), "Regex the title should match")]
  }

  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let regex = options.regex("regex"), !regex.search(line) else { return [] }
    return [GitlintViolation(id, "Title does not match regex (\(regex.pattern))", line)]
  }
}
