import StableTextConventions
import StableTextCore
import StableTextSystem

/// What completion knows of a repository's history, as git tells it (Protocol/README.md,
/// "Completion"): the scopes of its last commits and the people who wrote them (`.mailmap`
/// applied); and which repository a folder is in (its common git
/// directory, which the work trees `git worktree add` made share). The daemon's `GitHistories`
/// and the MCP tools ask it off their threads and keep the answers a minute.
package enum GitHistoryReader {
  /// The repository `folder` is in, as git names it: its common git directory (the main
  /// repository's `.git` for a linked work tree), real and absolute; nil outside one. git writes
  /// it relative to where it ran (`../.git`, `.`) unless asked for `--path-format=absolute`,
  /// which gits before 2.31 do not know: the relative answer is made absolute here.
  package static func repository(of folder: String) -> String? {
    let at = workTree(of: folder)
    guard let output = run(at, ["rev-parse", "--git-common-dir"]),
      let line = output.split(separator: "\n").first, !line.isEmpty
    else { return nil }
    let path = line.first == "/" ? String(line) : at + "/" + line
    return FileSystem.real(path) ?? path
  }

  /// git's answers for `folder`, in a repository: the last commits' scopes and people (none
  /// in a repository without commits, where `git log` fails). Not the committer, which the
  /// daemon has from its ask for the comment character.
  ///
  /// The log is read as it comes, a field at a time, each field cut to `maxFieldBytes` (a longer
  /// subject has no scope anyone types, a longer person is not offered), within `logBounds`:
  /// ten commits of 30 MB subjects took the daemon from 13 MB to 579 MB when it was read whole.
  package static func read(_ asked: String, commits: Int) -> CommitHistory {
    let folder = workTree(of: asked)
    var scopes: [String] = []
    var authors: [String] = []
    var coAuthors: [String] = []
    var field = 0
    let parser = ConventionalCommitParser()
    // Each record is three fields, each ended by a NUL, then git's newline between records. git
    // keeps the bytes a commit was given: a field that is not UTF-8 is left out, not offered
    // with U+FFFD in place of what it holds (which would write another name than git has).
    func take(_ bytes: UnsafeRawBufferPointer, whole: Bool) {
      defer { field = (field + 1) % 3 }
      guard whole else { return }
      switch field {
      case 0:
        guard var text = String(validating: bytes, as: UTF8.self)?[...] else { return }
        while text.first == "\n" { text.removeFirst() }
        authors.append(String(text))
      case 1:
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        if let scope = parser.parse(text)?.scope, !scope.isEmpty { scopes.append(scope) }
      default:
        for person in bytes.split(separator: 1) {
          guard let text = String(validating: person, as: UTF8.self) else { continue }
          let trimmed = text[...].trimmingSpaces()
          if !trimmed.isEmpty { coAuthors.append(trimmed) }
        }
      }
    }
    var splitter = RecordSplitter(separator: 0, maxRecordBytes: maxFieldBytes)
    // In a repository without commits `git log` fails: no scopes and no people.
    _ = stream(
      folder,
      [
        "log", "-n", String(commits), "--use-mailmap", "--no-color",
        "--format=%aN <%aE>%x00%s%x00%(trailers:key=Co-authored-by,valueonly,separator=%x01)%x00",
      ], within: logBounds
    ) { piece in
      splitter.readRecords(piece, take)
      return true
    }
    // Co-authors are written by hand: the mailmap maps them to the names authors have.
    let mapped = mailmapped(folder, coAuthors)
    // No committer: the daemon has git's identity from the ask that gives the comment character
    // (`git var` once per repository, not once for each reader).
    return CommitHistory(
      scopes: CommitHistory.ranked(scopes, limit: CommitHistory.maxScopes),
      people: CommitHistory.ranked(authors + mapped, limit: CommitHistory.maxPeople))
  }

  /// Where git is run for `folder`: git's message files are in the repository's `.git` folder
  /// (`.git/COMMIT_EDITMSG`, `.git/worktrees/NAME/…`), where git sees no work tree and so no
  /// `.mailmap`; the folder above `.git` is the work tree, whose `.mailmap` applies.
  static func workTree(of folder: String) -> String {
    let components = folder.split(separator: "/", omittingEmptySubsequences: false)
    guard let git = components.firstIndex(of: ".git"), git > 0 else { return folder }
    let above = components[..<git].joined(separator: "/")
    return above.isEmpty ? "/" : above
  }

  /// `people` through `git check-mailmap` (one call for all, each distinct one once); as written
  /// when git cannot map them.
  private static func mailmapped(_ folder: String, _ people: [String]) -> [String] {
    var distinct: [String] = []
    var seen: Set<String> = []
    for person in people where person.hasSuffix(">") && person.contains("<") && seen.insert(person).inserted {
      distinct.append(person)
    }
    guard !distinct.isEmpty, let output = run(folder, ["check-mailmap"] + distinct) else { return people }
    let lines = output.split(separator: "\n").map(String.init)
    guard lines.count == distinct.count else { return people }
    let map = Dictionary(uniqueKeysWithValues: zip(distinct, lines))
    return people.map { map[$0] ?? $0 }
  }

  /// The longest field of the log kept (a subject, a person, a commit's co-authors).
  static let maxFieldBytes = 64 * 1024
  /// What the log may print and how long it may take; past either git is stopped, and what was
  /// read is the history.
  static let logBounds = ChildProcess.Bounds(maxOutputBytes: 16 << 20, seconds: 10)
  /// What any other question to git may take (`rev-parse`, `var`, `check-mailmap`).
  package static let askBounds = ChildProcess.Bounds(maxOutputBytes: 1 << 20, seconds: 10)

  /// git's standard output for `arguments` in `folder`, or nil when it fails, is missing, is
  /// stopped by `askBounds`, or is not UTF-8.
  private static func run(_ folder: String, _ arguments: [String]) -> String? {
    var output: [UInt8] = []
    let outcome = stream(folder, arguments, within: askBounds) { piece in
      output += piece
      return true
    }
    guard outcome?.status == 0, outcome?.cut == nil else { return nil }
    // Not UTF-8: no answer, rather than one with U+FFFD for what git said.
    return String(validating: output, as: UTF8.self)
  }

  /// Runs git with `arguments` in `folder`, its output to `body` as it is read, within `bounds`;
  /// nil when there is no git.
  private static func stream(
    _ folder: String, _ arguments: [String], within bounds: ChildProcess.Bounds,
    _ body: (UnsafeRawBufferPointer) -> Bool
  ) -> Git.Result? {
    Git(folder: folder)?.stream(arguments, within: bounds, body)
  }
}

extension Substring {
  /// Without spaces and tabs at either end.
  fileprivate func trimmingSpaces() -> String {
    var text = self
    while text.first == " " || text.first == "\t" || text.first == "\n" { text.removeFirst() }
    while text.last == " " || text.last == "\t" || text.last == "\n" { text.removeLast() }
    return String(text)
  }
}
