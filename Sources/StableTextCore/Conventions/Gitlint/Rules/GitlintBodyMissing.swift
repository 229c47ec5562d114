/// B6 `body-is-missing`: the message has a body (two lines after the title at least, not all
/// whitespace); merge commits are exempt unless `ignore-merge-commits` is false.
public struct GitlintBodyMissing: GitlintCommitRule {
  public init() {}
  public var id: String { "B6" }
  public var name: String { "body-is-missing" }
  public var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("ignore-merge-commits", .bool, .bool(true), "Ignore merge commits")]
  }

  public func validate(_ commit: GitlintCommit, _ options: GitlintOptions) -> [GitlintViolation] {
    if options.bool("ignore-merge-commits") ?? true, commit.isMergeCommit { return [] }
    guard commit.body.count < 2 || GitlintText.strip(commit.body.joined()).isEmpty else { return [] }
    return [GitlintViolation(id, "Body message is missing", nil, 3)]
  }
}
