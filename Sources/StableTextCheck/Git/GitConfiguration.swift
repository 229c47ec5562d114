import StableTextCore
import StableTextSystem

/// What `check` asks git about the repository a file is in: `core.commentString` (git 2.45) or
/// `core.commentChar`, `commit.cleanup` and `i18n.commitEncoding`, through `git config` (so `git -c …` of the
/// commit that runs the hook is seen: git passes it on in `GIT_CONFIG_PARAMETERS`). Nothing is
/// asked outside a repository, or when no `git` is on `PATH`.
package struct GitConfiguration {
  private let git: Git

  /// The repository holding `folder` (its work tree or its git directory), if any.
  package init?(folder: String) {
    guard let git = Git(folder: folder), git.run(["rev-parse", "--git-dir"]).status == 0 else { return nil }
    self.git = git
    configuredCommentPrefix = Self.value("core.commentString", git) ?? Self.value("core.commentChar", git)
  }

  /// A configured value, or nil when it is not set.
  package func value(_ key: String) -> String? { Self.value(key, git) }

  private static func value(_ key: String, _ git: Git) -> String? {
    let result = git.run(["config", "--get", key])
    return result.status == 0 && !result.text.isEmpty ? result.text : nil
  }

  /// Whether a cherry-pick or a revert stopped at a conflict is in progress (`CHERRY_PICK_HEAD`
  /// or `REVERT_HEAD`): `git cherry-pick --continue` and `git revert --continue` then commit
  /// with `--no-edit --cleanup=strip` when they open no editor, so that git's `C Conflicts:`
  /// lines go (Protocol/README.md, "Which lines git keeps", step 3).
  package var concludesAPick: Bool {
    ["CHERRY_PICK_HEAD", "REVERT_HEAD"].contains { git.run(["rev-parse", "-q", "--verify", $0]).status == 0 }
  }

  /// Whether a rebase stopped in the middle (`git rebase -i`'s reword, edit or a conflict):
  /// a refused message is then committed again with `--amend`, and the rebase continued.
  package var rebaseInProgress: Bool {
    ["rebase-merge", "rebase-apply"].contains { name in
      let path = git.run(["rev-parse", "--git-path", name])
      guard path.status == 0 else { return false }
      let found = path.text.hasPrefix("/") ? path.text : FileSystem.join(git.folder, path.text)
      return FileSystem.kind(of: found) == .directory
    }
  }

  /// The author of the commit being written, as git will record it: `git var GIT_AUTHOR_IDENT`,
  /// which reads `GIT_AUTHOR_NAME` and `GIT_AUTHOR_EMAIL` (git sets them for its hooks from
  /// `--author`, or the amended commit's author), else `author.name`/`user.name` and their
  /// e-mails. Nil when git knows no identity. For a team's rules that read the author
  /// (Protocol/README.md, "Team conventions": "What is known of a commit").
  package var author: (name: String, email: String)? {
    let ident = git.run(["var", "GIT_AUTHOR_IDENT"])
    guard ident.status == 0 else { return nil }
    return Self.author(ofIdent: ident.text)
  }

  /// Who signs a commit off, as `git commit -s` would (`git var GIT_COMMITTER_IDENT`): missing
  /// when git has no identity (Protocol/README.md, "Code actions and hover": "Fixes that write").
  package var signOff: SignOffIdentity {
    let ident = git.run(["var", "GIT_COMMITTER_IDENT"])
    return ident.status == 0 ? SignOffIdentity(ident: ident.text) : .missing
  }

  /// `Name <email> TIMESTAMP ZONE` as `git var` writes an identity, read.
  package static func author(ofIdent ident: String) -> (name: String, email: String)? {
    guard let open = ident.firstIndex(of: "<"), let close = ident.lastIndex(of: ">"), open < close else {
      return nil
    }
    var name = String(ident[..<open])
    while name.hasSuffix(" ") { name.removeLast() }
    return (name, String(ident[ident.index(after: open)..<close]))
  }

  /// The files the commit being written changes (`git diff --cached`, renames as a deletion and
  /// an addition, as `check --commits` reads a stored commit's), for gitlint's B7.
  package var stagedFiles: [String] {
    let staged = git.run(["diff", "--cached", "--name-only", "-z", "--no-renames"])
    guard staged.status == 0 else { return [] }
    return staged.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The comment prefix git writes its template with: `core.commentString`, else
  /// `core.commentChar`, unless `auto` (which the scissors line tells instead).
  package var commentPrefix: String? {
    guard let value = configuredCommentPrefix, value != "auto" else { return nil }
    return value
  }

  /// `core.commentString`, else `core.commentChar`, as configured (`auto` included); nil when
  /// neither is set. Asked once.
  package let configuredCommentPrefix: String?
}
