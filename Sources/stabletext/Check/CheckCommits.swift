import StableTextCore
import StableTextSystem

/// `check --commits RANGE`: the message of every commit in `git rev-list RANGE`, oldest first, as
/// `git log --reverse --encoding=UTF-8` gives them, checked with the rules of the work tree's
/// `.git/COMMIT_EDITMSG` (so the `gitCommit` preset, the work tree's `.stabletext.json` and
/// `.editorconfig`, and the command line's options), every line a message line: git stored the
/// messages cleaned up, so they hold no comments. A diagnostic's source is the commit
/// (`SHA:LINE:COLUMN`, LINE in the message).
///
/// git's output is read as it comes and each commit checked when its message is complete, so
/// what is held is one message, however long the history.
enum CheckCommits {
  static func run(_ range: String, rules resolver: CheckRules, report: inout CheckReport) -> Int32 {
    guard let git = Git(folder: FileSystem.currentDirectory() ?? ".") else {
      report.problem(.error, "--commits needs git on PATH")
      return 2
    }
    let directory = git.run(["rev-parse", "--absolute-git-dir"])
    guard directory.status == 0 else {
      report.problem(.error, "--commits needs a git repository here: git says \(directory.reason)")
      return 2
    }
    // The work tree here (a linked worktree's, a submodule's) decides the configuration; a bare
    // repository has none, and its own `COMMIT_EDITMSG` stands in.
    let messagePath = FileSystem.join(directory.text, "COMMIT_EDITMSG")
    let top = git.run(["rev-parse", "--show-toplevel"])
    let standIn =
      top.status == 0 && !top.text.isEmpty
      ? FileSystem.join(FileSystem.join(top.text, ".git"), "COMMIT_EDITMSG") : messagePath
    let resolved: CheckRules.Resolved
    switch resolver.rules(forPath: messagePath, standingFor: standIn) {
    case .success(let found): resolved = found
    case .failure(let problem):
      report.problem(.error, problem.problem, about: .file(problem.path))
      return 2
    }
    for warning in resolved.warnings { report.problem(.warning, warning) }
    let rules = resolver.storedMessageRules(resolved)
    // `--end-of-options`: a range that starts with `-` is a revision, never an option of git's.
    let arguments = [
      "-C", git.folder, "log", "--reverse", "--encoding=UTF-8", "-z", "--format=%H%n%B", "--end-of-options",
      range, "--",
    ]
    guard
      let process = try? ChildProcess(
        executable: git.executable, arguments: arguments, environment: git.environment)
    else {
      report.problem(.error, "--commits: cannot start \(git.executable)")
      return 2
    }
    var splitter = RecordSplitter(separator: 0)
    let (status, errors) = process.streamOutput { piece in
      splitter.read(piece) { check($0, rules: rules, report: &report) }
    }
    splitter.finish { check($0, rules: rules, report: &report) }
    guard status == 0 else {
      let result = Git.Result(status: status, output: [], errors: errors)
      report.problem(.error, "--commits \(range): git says \(result.reason)")
      return 2
    }
    return 0
  }

  /// One commit as `git log --format=%H%n%B` gives it: its hash, a line break, its message.
  static func check(_ entry: UnsafeRawBufferPointer, rules: Rules, report: inout CheckReport) {
    guard let newline = entry.firstIndex(of: 0x0A) else { return }
    let hash = String(decoding: entry[..<newline], as: UTF8.self)
    var builder = TextBufferBuilder()
    let valid = builder.append(UnsafeRawBufferPointer(rebasing: entry[(newline + 1)...]))
    guard valid, let text = builder.finish() else {
      // git stores a message without an encoding header as the bytes it was given.
      report.problem(
        .warning, "not valid UTF-8 at byte \(builder.invalidOffset ?? 0); the message was not checked",
        about: .commit(hash))
      return
    }
    let field = StableTextField(buffer: text, rules: rules)
    report.beginSource(hash, field)
    field.forEachDiagnostic { report.diagnostic($0, of: hash, in: field) }
    report.endSource()
  }
}
