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
  /// work tree is known; else `path` itself. `repository` is what git said of the file's folder
  /// (`GitRepositories`).
  package static func standIn(for path: String, in repository: GitRepositories.Found?) -> String {
    let folder = FileSystem.folder(of: path)
    // git's messages are written in the git directory itself, which always holds a `HEAD`.
    guard case .file = FileSystem.entry(at: FileSystem.join(folder, "HEAD")), let repository,
      let (gitDirectory, workTree) = Self.repository(holding: folder, repository)
    else { return path }
    let inside = path.dropFirst(gitDirectory.count).drop { $0 == "/" }
    return FileSystem.join(FileSystem.join(workTree, ".git"), String(inside))
  }

  /// The git directory `folder` is in (as `folder` spells it) and its work tree, when `folder`
  /// is inside a git directory that has one, from what git said of it (`found`).
  static func repository(holding folder: String, _ found: GitRepositories.Found)
    -> (gitDirectory: String, workTree: String)?
  {
    // The hook of a worktree, a submodule or `git --git-dir`: git names the repository itself.
    if found.namedByEnvironment {
      let environment = ProcessScope.environment(adding: [:])
      let here = FileSystem.currentDirectory() ?? "/"
      if let tree = environment["GIT_WORK_TREE"], !tree.isEmpty,
        let workTree = FileSystem.absolute(tree.hasPrefix("/") ? tree : FileSystem.join(here, tree))
      {
        return (folder, workTree)
      }
      if let workTree = workTree(of: found.repository.gitDirectory, found.repository) {
        return (folder, workTree)
      }
      // git's own rule for a `GIT_DIR` without a work tree: `core.worktree`, else the working
      // directory is its top (the repository was asked from there).
      if let top = found.repository.topLevel { return (folder, top) }
      return nil
    }
    // Anywhere else, git found the repository from the folder.
    guard found.repository.isInsideGitDirectory else { return nil }
    let gitDirectory = found.repository.gitDirectory
    guard let workTree = workTree(of: gitDirectory, found.repository) else { return nil }
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
  /// worktree's `gitdir` file (the path of `WORKTREE/.git`), else the top git gave
  /// (`core.worktree`, a submodule's, when asked from inside the git directory), else the
  /// folder holding a directory named `.git`; nil for a bare repository.
  static func workTree(of gitDirectory: String, _ repository: GitRepository) -> String? {
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
    if repository.isInsideGitDirectory, let top = repository.topLevel { return top }
    if FileSystem.lastComponent(of: gitDirectory) == ".git" { return FileSystem.folder(of: gitDirectory) }
    return nil
  }
}
