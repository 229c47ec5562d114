import StableTextCore
import StableTextSystem

/// `check --commits RANGE`: the message of every commit in `git rev-list RANGE`, oldest first, as
/// `git log --reverse --encoding=UTF-8` gives them, checked with the rules of the repository's
/// `.git/COMMIT_EDITMSG` (so the `gitCommit` preset, the repository's `.stabletext.json` and
/// `.editorconfig`, git's comment character and the command line's options). A diagnostic's
/// source is the commit (`SHA:LINE:COLUMN`, LINE in the message).
enum CheckCommits {
  static func run(_ range: String, rules resolver: CheckRules, report: inout CheckReport) -> Int32 {
    guard let git = Git(folder: FileSystem.currentDirectory() ?? ".") else {
      return Usage.refuse("--commits needs git on PATH")
    }
    let directory = git.run(["rev-parse", "--absolute-git-dir"])
    guard directory.status == 0 else {
      return Usage.refuse("--commits needs a git repository here: git says \(directory.reason)")
    }
    let messagePath = FileSystem.join(directory.text, "COMMIT_EDITMSG")
    let resolved: CheckRules.Resolved
    switch resolver.rules(forPath: messagePath) {
    case .success(let found): resolved = found
    case .failure(let problem):
      Standard.error("\(problem.path): error: \(problem.problem)\n")
      return 2
    }
    // `--end-of-options`: a range that starts with `-` is a revision, never an option of git's.
    let log = git.run([
      "log", "--reverse", "--encoding=UTF-8", "-z", "--format=%H%n%B", "--end-of-options", range, "--",
    ])
    guard log.status == 0 else {
      return Usage.refuse("--commits \(range): git says \(log.reason)")
    }
    for entry in log.output.split(separator: 0, omittingEmptySubsequences: true) {
      guard let newline = entry.firstIndex(of: 0x0A) else { continue }
      let hash = String(decoding: entry[..<newline], as: UTF8.self)
      var builder = TextBufferBuilder()
      let message = Array(entry[(newline + 1)...])
      let valid = message.withUnsafeBytes { builder.append($0) }
      guard valid, let text = builder.finish() else {
        // git stores a message without an encoding header as the bytes it was given.
        report.flush()
        Standard.error(
          "\(hash.prefix(12)): warning: not valid UTF-8 at byte \(builder.invalidOffset ?? 0); the message was not checked\n"
        )
        continue
      }
      let field = StableTextField(buffer: text, rules: resolved.rules)
      report.beginSource(hash, field)
      field.forEachDiagnostic { report.diagnostic($0, of: hash, in: field) }
      report.endSource()
    }
    return 0
  }
}
