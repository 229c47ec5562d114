/// B4 `body-first-line-empty`: the line after the title, when there is one, is empty.
public struct GitlintBodyFirstLineEmpty: GitlintCommitRule {
  public init() {}
  public var id: String { "B4" }
  public var name: String { "body-first-line-empty" }

  public func validate(_ commit: GitlintCommit, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let first = commit.body.first, !first.isEmpty else { return [] }
    return [GitlintViolation(id, "Second line is not empty", first, 2)]
  }
}
