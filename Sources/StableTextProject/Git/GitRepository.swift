import StableTextSystem
import Synchronization

/// What git says of the repository holding a folder, asked once (Protocol/README.md, "Command
/// line", "How git is asked"): one `git rev-parse` with every question `check`, `init`, `rules`
/// and the MCP tools have of it (`questions`), then, when first wanted, one `git config -z
/// --get-regexp` of the keys read (`config`), and git's identity (`git var`) only when a rule or a fix reads it. The hook's
/// check of one message starts two git processes: the `rev-parse` and the configuration.
///
/// `rev-parse` prints its answers in the order asked and stops at the first it cannot give:
/// outside a repository the first fails and nothing is known; in a git directory without a work
/// tree (`.git` itself, where git writes its message files) only `--show-toplevel`, asked last,
/// fails, and the others stand.
package final class GitRepository: Sendable {
  /// git in the folder asked about.
  package let git: Git
  /// Whether the folder is inside the git directory (`.git/`, `.git/worktrees/NAME/`).
  package let isInsideGitDirectory: Bool
  /// Whether the folder is inside the work tree.
  package let isInsideWorkTree: Bool
  /// The git directory, absolute (a linked worktree's own, `MAIN/.git/worktrees/NAME`).
  package let gitDirectory: String
  /// The directory shared by every worktree of the repository (the main `.git`), absolute.
  package let commonDirectory: String
  /// The top of the work tree, when git knows one from the folder (not in a bare repository,
  /// nor in a git directory whose work tree only its `gitdir` file or its place names).
  package let topLevel: String?
  /// The absolute paths `git rev-parse --git-path NAME` gives for each of `pathNames`.
  private let paths: [String: String]

  /// The names asked with `--git-path`: the hooks folder (`core.hooksPath` when set), the
  /// sequencer's and a rebase's files, and `init`'s record.
  static let pathNames = [
    "hooks", "CHERRY_PICK_HEAD", "REVERT_HEAD", "rebase-merge", "rebase-apply", "stabletext-init",
  ]

  /// The one `rev-parse`: `--show-toplevel` last, as the one answer that fails in a git directory.
  package static let questions =
    ["rev-parse", "--is-inside-git-dir", "--is-inside-work-tree", "--absolute-git-dir", "--git-common-dir"]
    + pathNames.flatMap { ["--git-path", $0] } + ["--show-toplevel"]

  private struct Later {
    var config: GitConfig?
    var identities: [Git.Identity: String?] = [:]
  }

  private let later = Mutex(Later())

  /// Why git gave no repository: git's first line on standard error, or how it was stopped.
  package struct Refusal: Error {
    package var reason: String
  }

  /// The repository holding `folder` (its work tree or its git directory), asked through `git`
  /// (`isolated` or not: `Git`); nil outside one, or when no `git` is on `PATH`.
  package static func holding(folder: String, isolated: Bool = false) -> GitRepository? {
    guard let git = Git(folder: folder, isolated: isolated) else { return nil }
    return try? asking(git).get()
  }

  /// The repository `git` runs in, or why there is none.
  package static func asking(_ git: Git) -> Result<GitRepository, Refusal> {
    let asked = git.run(questions)
    if let answers = answers(asked.output, status: asked.status, cut: asked.cut != nil) {
      return .success(GitRepository(git, answers))
    }
    // git answered, but a path holds a line break (a folder named so): one question a process,
    // each answer its whole output.
    guard asked.cut == nil, !asked.output.isEmpty else { return .failure(Refusal(reason: asked.reason)) }
    var answers: [String] = []
    for question in questionsOneByOne {
      let one = git.run(["rev-parse"] + question)
      guard one.status == 0, one.cut == nil, var text = String(validating: one.output, as: UTF8.self) else {
        // Only the top may be missing (a git directory has none).
        guard question == ["--show-toplevel"] else { return .failure(Refusal(reason: one.reason)) }
        break
      }
      if text.hasSuffix("\n") { text.removeLast() }
      answers.append(text)
    }
    return .success(GitRepository(git, answers))
  }

  /// `questions`, each with its own arguments.
  static let questionsOneByOne =
    [["--is-inside-git-dir"], ["--is-inside-work-tree"], ["--absolute-git-dir"], ["--git-common-dir"]]
    + pathNames.map { ["--git-path", $0] } + [["--show-toplevel"]]

  private init(_ git: Git, _ answers: [String]) {
    self.git = git
    let folder = FileSystem.absolute(git.folder) ?? git.folder
    // `--git-common-dir` and `--git-path` answer relative to the folder git ran in, unless
    // asked for `--path-format=absolute`, which gits before 2.31 do not know.
    func absolute(_ path: String) -> String {
      path.hasPrefix("/") ? path : FileSystem.absolute(FileSystem.join(folder, path)) ?? path
    }
    isInsideGitDirectory = answers[0] == "true"
    isInsideWorkTree = answers[1] == "true"
    gitDirectory = answers[2]
    commonDirectory = absolute(answers[3])
    var paths: [String: String] = [:]
    for (index, name) in Self.pathNames.enumerated() { paths[name] = absolute(answers[4 + index]) }
    self.paths = paths
    let top = answers.count > 4 + Self.pathNames.count ? answers[4 + Self.pathNames.count] : ""
    topLevel = top.isEmpty ? nil : top
  }

  /// `rev-parse`'s answers to `questions` in `output`, one a line: all of them, or all but
  /// `--show-toplevel` when git failed there; nil when it failed before (outside a repository),
  /// was stopped, or said something else than an answer a line.
  static func answers(_ output: [UInt8], status: Int32, cut: Bool) -> [String]? {
    guard !cut, let text = String(validating: output, as: UTF8.self) else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    // An answer a question: four flags, a path a name, the top.
    let all = 4 + pathNames.count + 1
    guard lines.count == (status == 0 ? all : all - 1) else { return nil }
    guard ["true", "false"].contains(lines[0]), ["true", "false"].contains(lines[1]), lines[2].hasPrefix("/")
    else { return nil }
    return lines
  }

  /// The absolute path `git rev-parse --git-path NAME` gives, for a name of `pathNames`.
  package func path(_ name: String) -> String {
    paths[name] ?? FileSystem.join(gitDirectory, name)
  }

  /// The hooks folder: `core.hooksPath` when set (relative to the work tree's top), else the
  /// repository's (a linked worktree's common one).
  package var hooksFolder: String { path("hooks") }

  /// The configuration git reads here (one `git config -z --get-regexp`, the first time it is
  /// wanted).
  package var config: GitConfig {
    if let known = later.withLock({ $0.config }) { return known }
    let read = git.config()
    later.withLock { $0.config = read }
    return read
  }

  /// git's identity (`git var`), asked the first time it is wanted; nil when git refuses.
  package func ident(_ identity: Git.Identity) -> String? {
    if let known = later.withLock({ $0.identities[identity] }) { return known }
    let asked = git.ident(identity)
    later.withLock { $0.identities[identity] = .some(asked) }
    return asked
  }

  /// Whether a cherry-pick or a revert stopped at a conflict is in progress (`CHERRY_PICK_HEAD`
  /// or `REVERT_HEAD` in the git directory): `git cherry-pick --continue` and `git revert
  /// --continue` then commit with `--no-edit --cleanup=strip` when they open no editor, so that
  /// git's `C Conflicts:` lines go (Protocol/README.md, "Which lines git keeps", step 3).
  package var concludesAPick: Bool {
    ["CHERRY_PICK_HEAD", "REVERT_HEAD"].contains { FileSystem.kind(of: path($0)) == .file }
  }

  /// Whether a rebase stopped in the middle (`git rebase -i`'s reword, edit or a conflict): a
  /// refused message is then committed again with `--amend`, and the rebase continued.
  package var rebaseInProgress: Bool {
    ["rebase-merge", "rebase-apply"].contains { FileSystem.kind(of: path($0)) == .directory }
  }
}

extension GitRepository {
  /// Runs `git log ARGUMENTS` here, handing its standard output to `body` as it is read (which
  /// returns false when it has read enough), within `bounds`: `check --commits` and `init` read
  /// the history so, a commit at a time.
  package func log(
    _ arguments: [String], within bounds: ChildProcess.Bounds, _ body: (UnsafeRawBufferPointer) -> Bool
  ) -> Git.Result {
    git.stream(["log"] + arguments, within: bounds, body)
  }

  /// Whether `HEAD` names a commit (not on a branch without commits yet): asked only after a
  /// `log` of `HEAD` failed, to tell an empty history from a failure.
  package var hasCommits: Bool {
    git.run(["rev-parse", "-q", "--verify", "HEAD"]).status == 0
  }
}
