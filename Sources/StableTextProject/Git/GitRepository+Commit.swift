import StableTextCore
import StableTextSystem

/// What the commit being written is, as the commit-msg hook's `check` learns it from git: each
/// asked only when a rule or a fix reads it.
extension GitRepositories.Found {
  /// The author of the commit being written, as git will record it: `GIT_AUTHOR_NAME` and
  /// `GIT_AUTHOR_EMAIL`, which `git commit` exports to its hooks (from `--author`, an amended
  /// commit's author, else the configuration), so the hook asks git nothing for it; elsewhere
  /// (`check` by hand) `git var GIT_AUTHOR_IDENT`. Nil when git knows no identity. For a team's
  /// rules that read the author (Protocol/README.md, "Team conventions": "What is known of a
  /// commit").
  package var author: (name: String, email: String)? {
    let environment = ProcessScope.environment(adding: [:])
    if let name = environment["GIT_AUTHOR_NAME"], !name.isEmpty, let email = environment["GIT_AUTHOR_EMAIL"],
      !email.isEmpty
    {
      return (name, email)
    }
    return repository.ident(.author).flatMap(Git.person(ofIdent:))
  }

  /// Who signs a commit off, as `git commit -s` would (`git var GIT_COMMITTER_IDENT`): missing
  /// when git has no identity (Protocol/README.md, "Code actions and hover": "Fixes that write").
  package var signOff: SignOffIdentity {
    repository.ident(.committer).map(SignOffIdentity.init(ident:)) ?? .missing
  }

  /// The files the commit being written changes (`git diff --cached`, renames as a deletion and
  /// an addition, as `check --commits` reads a stored commit's), for gitlint's B7: asked with
  /// git's environment, whose `GIT_INDEX_FILE` is the index being committed (`git commit -a`'s
  /// and a partial commit's are not the repository's own).
  package var stagedFiles: [String] {
    guard let git = namedByEnvironment ? repository.git : Git(folder: repository.git.folder) else {
      return []
    }
    let staged = git.run(["diff", "--cached", "--name-only", "-z", "--no-renames"])
    guard staged.status == 0 else { return [] }
    return staged.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
  }
}
