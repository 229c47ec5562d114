import StableTextCheck
import StableTextConventions
import StableTextCore
import StableTextSystem

/// `check --commits RANGE`: the message of every commit in `git rev-list RANGE`, oldest first, as
/// `git log --reverse --encoding=UTF-8` gives them, checked with the rules of the work tree's
/// `.git/COMMIT_EDITMSG` (so the `gitCommit` preset, the work tree's `.stabletext.json` and
/// `.editorconfig`, and the command line's options), every line a message line: git stored the
/// messages cleaned up, so they hold no comments. A diagnostic's source is the commit
/// (`SHA:LINE:COLUMN`, LINE in the message).
///
/// The same `git log` gives each commit's author, parents and (when a rule reads them) changed
/// files (`CommitLog`): the team's rules read them from `Rules.conventions?.facts` (gitlint's
/// `ignore-merge-commits`, I4, M1, B7), and `--ignore-author` skips a bot's commits (`AuthorFilter`).
///
/// git's output is read as it comes and each commit checked when its message is complete, so
/// what is held is one message, however long the history.
enum CheckCommits {
  static func run(
    _ range: String, rules resolver: CheckRules, ignoring authors: AuthorFilter = AuthorFilter(),
    configuration: inout ConfigurationReport, report: inout CheckReport
  ) -> Int32 {
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
    let resolved = resolver.rules(forPath: messagePath, standingFor: standIn)
    // The problems a hook would say for a message of this work tree; an invalid file leaves
    // every commit unjudged, as its own tool would.
    guard configuration.say(resolved.problems, report: &report) else { return 2 }
    for warning in resolved.warnings { report.problem(.warning, warning) }
    let rules = resolver.storedMessageRules(resolved)
    let readsFiles = rules.conventions?.readsChangedFiles ?? false
    var splitter = RecordSplitter(separator: 0)
    var log = CommitLog(changedFiles: readsFiles)
    var skipped = 0
    // Each commit's facts go where the team's rules read them (`TeamConventions.facts`); a
    // commit whose author `--ignore-author` names is not checked at all.
    func take(_ commit: CommitLog.Commit, _ message: UnsafeRawBufferPointer) {
      if authors.matches(name: commit.facts.authorName, email: commit.facts.authorEmail) {
        skipped += 1
        return
      }
      var commitRules = rules
      commitRules.conventions?.facts = commit.facts
      commitRules.conventions?.facts.isStored = true
      check(commit.hash, message, rules: commitRules, report: &report)
    }
    // Read a commit at a time, so what is held is one commit, however long the range; and for
    // as long as git takes (a CI job's own time limit bounds a long history).
    let unbounded = ChildProcess.Bounds(maxOutputBytes: .max, seconds: nil)
    let result = git.stream(CommitLog.arguments(range: range, changedFiles: readsFiles), within: unbounded) {
      piece in
      splitter.read(piece) { log.read($0, take) }
      return true
    }
    splitter.finish { log.read($0, take) }
    log.finish(take)
    guard result.status == 0 else {
      report.problem(.error, "--commits \(range): git says \(result.reason)")
      return 2
    }
    if !authors.isEmpty { report.skipped(skipped, by: "--ignore-author") }
    return 0
  }

  /// One commit's message, as `git log --format=%B` gives it.
  static func check(
    _ hash: String, _ message: UnsafeRawBufferPointer, rules: Rules, report: inout CheckReport
  ) {
    var builder = TextBufferBuilder()
    let valid = builder.append(message)
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
