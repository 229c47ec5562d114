/// B7 `body-changed-file-mention`: each of `files` that the commit changes is named in the body
/// (as a substring of its lines joined by spaces). It needs the commit's changed files.
public struct GitlintBodyChangedFileMention: GitlintCommitRule {
  public init() {}
  public var id: String { "B7" }
  public var name: String { "body-changed-file-mention" }
  public var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("files", .list, .list([]), "Files that need to be mentioned")]
  }

  public func validate(_ commit: GitlintCommit, _ options: GitlintOptions) -> [GitlintViolation] {
    let body = commit.body.joined(separator: " ")
    return (options.list("files") ?? []).compactMap { file in
      guard commit.changedFiles.contains(where: { GitlintText.equal($0, file) }),
        !GitlintText.contains(body, file)
      else { return nil }
      return GitlintViolation(id, "Body does not mention changed file '\(file)'", nil, commit.body.count + 1)
    }
  }
}
