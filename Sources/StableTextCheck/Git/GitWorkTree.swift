import StableTextSystem

/// The work tree a file in a git directory belongs to, so that a message git writes there gets
/// the configuration of the work tree being committed (Protocol/README.md, "Command line", "check
/// and git"). git writes a linked worktree's `COMMIT_EDITMSG` in
/// `MAIN/.git/worktrees/NAME/` and a submodule's in `SUPER/.git/modules/NAME/`: looked up from
/// there, the main checkout's or the superproject's `.stabletext.json` would apply. Such a file
/// stands for `WORKTREE/.git/FILE`, as the plain repository's `.git/COMMIT_EDITMSG` does.
package enum GitWorkTree {
  /// The path whose configuration the file at the absolute path `path` gets: `WORKTREE/.git/`
  /// and the file's path inside its git directory, when the file is in a git directory whose
  /// work tree is known; else `path` itself.
  package static func standIn(for path: String) -> String {
    let folder = FileSystem.folder(of: path)
    // git's messages are written in the git directory itself, which always holds a `HEAD`: a
    // file anywhere else costs no git.
    guard case .file = FileSystem.entry(at: FileSystem.join(folder, "HEAD")) else { return path }
    guard let (gitDirectory, workTree) = repository(holding: folder) else { return path }
    let inside = path.dropFirst(gitDirectory.count).drop { $0 == "/" }
    return FileSystem.join(FileSystem.join(workTree, ".git"), String(inside))
  }

  /// The git directory `folder` is in (as `folder` spells it) and its work tree, when `folder`
  /// is inside a git directory that has one.
  package static func repository(holding folder: String) -> (gitDirectory: String, workTree: String)? {
    let environment = ProcessScope.environment(adding: [:])
    let here = FileSystem.currentDirectory() ?? "/"
    // The hook of a worktree, a submodule or `git --git-dir`: git names the repository itself.
    if let named = environment["GIT_DIR"], !named.isEmpty,
      let gitDirectory = FileSystem.absolute(named.hasPrefix("/") ? named : FileSystem.join(here, named)),
      let real = FileSystem.real(gitDirectory), FileSystem.real(folder) == real
    {
      if let tree = environment["GIT_WORK_TREE"], !tree.isEmpty,
        let workTree = FileSystem.absolute(tree.hasPrefix("/") ? tree : FileSystem.join(here, tree))
      {
        return (folder, workTree)
      }
      if let workTree = workTree(of: gitDirectory) { return (folder, workTree) }
      // git's own rule for a `GIT_DIR` without a work tree: the working directory is its top.
      if let git = Git(folder: here) {
        let top = git.run(["rev-parse", "--show-toplevel"])
        if top.status == 0 && !top.text.isEmpty { return (folder, top.text) }
      }
      return nil
    }
    // Anywhere else, git finds the repository from the folder.
    guard let git = Git(folder: folder, isolated: true) else { return nil }
    let asked = git.run(["rev-parse", "--is-inside-git-dir", "--absolute-git-dir"])
    let lines = asked.text.split(separator: "\n", omittingEmptySubsequences: false)
    guard asked.status == 0, lines.count == 2, lines[0] == "true" else { return nil }
    let gitDirectory = String(lines[1])
    guard let workTree = workTree(of: gitDirectory) else { return nil }
    // The folder's own spelling of the git directory: `folder` or an ancestor of it.
    var spelled = folder
    while FileSystem.real(spelled) != FileSystem.real(gitDirectory) {
      let up = FileSystem.folder(of: spelled)
      guard up != spelled else { return nil }
      spelled = up
    }
    return (spelled, workTree)
  }

  /// The work tree of the git directory `gitDirectory` (absolute), as git knows it: a linked
  /// worktree's `gitdir` file (the path of `WORKTREE/.git`), else `core.worktree` (a
  /// submodule's), else the folder holding a directory named `.git`; nil for a bare repository.
  package static func workTree(of gitDirectory: String) -> String? {
    if case .success(let bytes) = FileSystem.smallFile(
      at: FileSystem.join(gitDirectory, "gitdir"), limit: 64 * 1024)
    {
      var named = String(decoding: bytes, as: UTF8.self)
      while named.hasSuffix("\n") || named.hasSuffix("\r") { named.removeLast() }
      if !named.isEmpty,
        let dotGit = FileSystem.absolute(named.hasPrefix("/") ? named : FileSystem.join(gitDirectory, named))
      {
        return FileSystem.folder(of: dotGit)
      }
    }
    if let git = Git(folder: gitDirectory, isolated: true) {
      let top = git.run(["rev-parse", "--show-toplevel"])
      if top.status == 0 && !top.text.isEmpty { return top.text }
    }
    if FileSystem.lastComponent(of: gitDirectory) == ".git" { return FileSystem.folder(of: gitDirectory) }
    return nil
  }
}
