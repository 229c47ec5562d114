import StableTextSystem
import Synchronization

/// What git said of each folder's repository during one run (a `check`, `rules` or `init`, one
/// MCP tool call): asked once a folder, so that the files of one folder, or a message and the
/// work tree it stands for, cost one `rev-parse` and one configuration read. A new run asks
/// afresh (Protocol/README.md, "Command line", "How git is asked").
package final class GitRepositories: Sendable {
  /// A folder's repository, and whether git's environment named it.
  package struct Found: Sendable {
    package var repository: GitRepository
    /// The folder is the git directory `GIT_DIR` names (git runs its hooks so for a linked
    /// worktree, a submodule, `git --git-dir`): git was asked from the working directory with
    /// git's environment, as git itself decided the work tree. Otherwise git was asked from the
    /// folder without the variables that name a repository (`Git.repositoryVariables`), so
    /// that the folder decides.
    package var namedByEnvironment: Bool
  }

  private let known = Mutex<[String: Found?]>([:])

  package init() {}

  /// The repository holding `folder` (absolute), or nil outside one or without `git`.
  package func holding(folder: String) -> Found? {
    if let found = known.withLock({ $0[folder] }) { return found }
    let found = Self.ask(folder)
    known.withLock { $0[folder] = .some(found) }
    return found
  }

  /// Adds what git said, asked with git's environment from the working directory (`init`'s and
  /// `--commits`' repository), as the repository of `folder` (its message file's folder).
  package func remember(_ repository: GitRepository, for folder: String) {
    let named = ProcessScope.environment(adding: [:])["GIT_DIR"].map { !$0.isEmpty } ?? false
    known.withLock { $0[folder] = .some(Found(repository: repository, namedByEnvironment: named)) }
  }

  private static func ask(_ folder: String) -> Found? {
    let environment = ProcessScope.environment(adding: [:])
    let here = FileSystem.currentDirectory() ?? "/"
    if let named = environment["GIT_DIR"], !named.isEmpty,
      let gitDirectory = FileSystem.absolute(named.hasPrefix("/") ? named : FileSystem.join(here, named)),
      let real = FileSystem.real(gitDirectory), FileSystem.real(folder) == real
    {
      return GitRepository.holding(folder: here).map { Found(repository: $0, namedByEnvironment: true) }
    }
    return GitRepository.holding(folder: folder, isolated: true).map {
      Found(repository: $0, namedByEnvironment: false)
    }
  }
}
