/// B7 `body-changed-file-mention`: each of `files` that the commit changes is named in the body
/// (as a substring of its lines joined by spaces). It needs the commit's changed files.
package struct GitlintBodyChangedFileMention: GitlintCommitRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "B7" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "body-changed-file-mention" }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("files", .list, .list([]), "Files that need to be mentioned")]
  }

  /// The commit's violations, worded and numbered as gitlint words and numbers them.
  package func validate(
    _ commit: GitlintCommit, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget
  )
    -> [GitlintViolation]
  {
    let body = commit.body.joined(separator: " ")
    return (options.list("files") ?? []).compactMap { file in
      guard commit.changedFiles.contains(where: { GitlintText.equal($0, file) }),
        !GitlintText.contains(body, file)
      else { return nil }
      return GitlintViolation(id, "Body does not mention changed file '\(file)'", nil, commit.body.count + 1)
    }
  }
}
