/// A commit as gitlint's rules see it (gitlint's `GitCommit` and `GitCommitMessage`): the message
/// without its comment lines and what follows the scissors line, split into a title and body
/// lines as Python's `splitlines()` splits, and what gitlint knows of the commit besides (author,
/// parents, changed files) when it reads it from a repository.
package struct GitlintCommit: Hashable, Sendable {
  /// The message as given.
  package var original: String
  /// The message's lines joined by `\n`, comments and the part after the scissors line removed;
  /// `ignore-body-lines` (I3) rewrites it.
  package var full: String
  /// The first line, or "" for an empty message.
  package var title: String
  /// The lines after the title (the first is the blank line a well-formed message has there).
  package var body: [String]
  /// `nil` when unknown (a message given on standard input); `author-valid-email` (M1) then
  /// checks nothing and `ignore-by-author-name` (I4) warns and skips.
  package var authorName: String?
  /// The author's email address, when known.
  package var authorEmail: String?
  /// The number of parents when the commit was read from a repository; `nil` for a message alone.
  package var parentCount: Int?
  /// The paths the commit changes (git's `diff-tree --numstat` names), for
  /// `body-changed-file-mention` (B7).
  package var changedFiles: [String]

  /// Reads `message` as gitlint's `GitCommitMessage.from_full_message` does: lines from
  /// `splitlines()`, up to `<comment> ------------------------ >8 ------------------------`,
  /// without those starting with the comment character.
  package init(
    message: String, commentCharacter: String = "#", authorName: String? = nil, authorEmail: String? = nil,
    parentCount: Int? = nil, changedFiles: [String] = []
  ) {
    let allLines = GitlintText.splitLines(message)
    let cutLine = "\(commentCharacter) ------------------------ >8 ------------------------"
    let end = allLines.firstIndex { GitlintText.equal($0, cutLine) } ?? allLines.count
    let lines = allLines[..<end].filter { !GitlintText.hasPrefix($0, commentCharacter) }
    self.original = message
    self.full = lines.joined(separator: "\n")
    self.title = lines.first ?? ""
    self.body = Array(lines.dropFirst())
    self.authorName = authorName
    self.authorEmail = authorEmail
    self.parentCount = parentCount
    self.changedFiles = changedFiles
  }

  /// A merge commit: one with more than one parent when read from a repository, otherwise (a
  /// message alone) one whose title starts with `Merge`, as gitlint decides.
  package var isMergeCommit: Bool {
    if let parentCount { return parentCount > 1 }
    return GitlintText.hasPrefix(title, "Merge")
  }

  /// A title starting with `fixup!` (what `git commit --fixup` writes).
  package var isFixupCommit: Bool { GitlintText.hasPrefix(title, "fixup!") }

  /// A title starting with `amend!` (`git commit --fixup=amend:`).
  package var isFixupAmendCommit: Bool { GitlintText.hasPrefix(title, "amend!") }

  /// A title starting with `squash!`.
  package var isSquashCommit: Bool { GitlintText.hasPrefix(title, "squash!") }

  /// A title starting with `Revert` (what `git revert` writes, and any title so spelled).
  package var isRevertCommit: Bool { GitlintText.hasPrefix(title, "Revert") }
}
