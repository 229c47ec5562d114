/// B8 `body-match-regex`: the body matches `regex` (searched anywhere); no regex, no check. The
/// body is its lines after the first (the blank line under the title) without a last empty one,
/// joined by `\n`, as gitlint reads it.
public struct GitlintBodyRegexMatches: GitlintCommitRule {
  public init() {}
  public var id: String { "B8" }
  public var name: String { "body-match-regex" }
  public var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("regex", .regex, .regex(nil), "Regex the body should match")]
  }

  public func validate(_ commit: GitlintCommit, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let regex = options.regex("regex") else { return [] }
    var lines = commit.body.count > 1 ? Array(commit.body.dropFirst()) : []
    if lines.last == "" { lines.removeLast() }
    guard !regex.search(lines.joined(separator: "\n")) else { return [] }
    return [GitlintViolation(id, "Body does not match regex (\(regex.pattern))", nil, commit.body.count + 1)]
  }
}
