import StableTextConventions
import StableTextCore
import StableTextSystem
import Synchronization

/// What completion knows of each repository's history (Protocol/README.md, "Completion"): the
/// scopes of its last 1,000 commits, the people who wrote them (`.mailmap` applied) and git's
/// committer identity, read by git off the daemon's thread, on a thread of its own, at most once
/// a minute per repository. A completion never waits for it: until git answers it has nothing
/// (and says its list is incomplete, so the client asks again). A folder outside a work tree has
/// an empty history.
///
/// A folder's repository is git's common directory (`git rev-parse --git-common-dir`, asked once
/// a minute per folder, off the thread too): the folders of one work tree, its `.git` folder
/// and the work trees `git worktree add` made share one history, read once.
///
/// Bounded: at most `CommitHistory.maxRepositories` repositories' histories, each at most
/// `CommitHistory.maxScopes` scopes and `CommitHistory.maxPeople` people of at most
/// `CommitHistory.maxNameBytes` bytes (`stabletext-bench completion` measures what one holds),
/// at most `maxFolders` folders' repositories, and at most `maxAsking` threads asking git at once.
package final class GitHistories: Sendable {
  /// How long an answer (a history, or a folder's repository) is kept before git is asked again.
  static let answerSeconds = 60.0
  /// How many of the last commits are read.
  static let commits = 1_000
  /// The most folders whose repository is remembered: past it the one found longest ago is
  /// forgotten.
  static let maxFolders = 64
  /// The most threads asking git at once.
  static let maxAsking = 2

  private struct Answer {
    var history: CommitHistory
    var asked: MonotonicTime
  }

  /// A folder's repository (its common git directory), or nil outside one, as git said when.
  private struct FolderAnswer {
    var repository: String?
    var asked: MonotonicTime
  }

  private struct State {
    var folders: [String: FolderAnswer] = [:]
    /// Folders whose repository git is being asked for.
    var finding: Set<String> = []
    var answers: [String: Answer] = [:]
    /// Repositories whose history git is being asked for.
    var asking: Set<String> = []
    /// Threads asking git.
    var threads = 0

    /// The history of `repository` as known, whether more is coming, and whether the caller
    /// (which holds a thread slot when `holdsThread`) is to read it: when there is none or it
    /// is a minute old, none is being read, and a thread may ask.
    mutating func history(of repository: String, now: MonotonicTime, holdsThread: Bool)
      -> (history: CommitHistory?, pending: Bool, read: Bool)
    {
      let answer = answers[repository]
      guard GitHistories.isStale(answer?.asked, now), !asking.contains(repository),
        holdsThread || threads < GitHistories.maxAsking
      else { return (answer?.history, asking.contains(repository) || answer == nil, false) }
      if answer == nil, answers.count >= CommitHistory.maxRepositories,
        let oldest = answers.min(by: { $0.value.asked.nanoseconds < $1.value.asked.nanoseconds })?.key
      {
        answers[oldest] = nil
      }
      asking.insert(repository)
      if !holdsThread { threads += 1 }
      return (answer?.history, true, true)
    }
  }

  private let state = Mutex(State())

  package init() {}

  static func isStale(_ asked: MonotonicTime?, _ now: MonotonicTime) -> Bool {
    asked.map { now.nanoseconds &- $0.nanoseconds >= MonotonicTime.nanoseconds(answerSeconds) } ?? true
  }

  /// The history of the repository of `folder` as last told, and whether git is being asked for
  /// it (its first answer, or a newer one); asks when there is none or it is a minute old.
  package func history(forFolder folder: String) -> (history: CommitHistory, pending: Bool) {
    guard FileSystem.kind(of: folder) == .directory else { return (.none, false) }
    let now = MonotonicTime.now()
    enum Next {
      case find
      case read(String)
      case none
    }
    let (known, pending, next) = state.withLock { state -> (CommitHistory?, Bool, Next) in
      let found = state.folders[folder]
      if let found, !Self.isStale(found.asked, now) {
        guard let repository = found.repository else { return (nil, false, .none) }
        let (history, pending, read) = state.history(of: repository, now: now, holdsThread: false)
        return (history, pending, read ? .read(repository) : .none)
      }
      // Not known, or a minute old: what was known serves while git is asked again.
      let history = found?.repository.flatMap { state.answers[$0]?.history }
      guard !state.finding.contains(folder), state.threads < Self.maxAsking else {
        return (history, true, .none)
      }
      state.finding.insert(folder)
      state.threads += 1
      return (history, true, .find)
    }
    switch next {
    case .none: break
    case .find: SystemThread.detach(name: "st-git-history") { [self] in find(folder) }
    case .read(let repository):
      SystemThread.detach(name: "st-git-history") { [self] in read(repository, in: folder) }
    }
    return (known ?? .none, pending)
  }

  /// The history as `history(forFolder:)` gives it, but waiting for git's answer when it is being
  /// asked (at most `seconds`): for a caller off the daemon's thread that has no later request to
  /// give a newer list to (an MCP tool).
  package func historyWaiting(forFolder folder: String, seconds: Double = 10) -> CommitHistory {
    let deadline = MonotonicTime.after(seconds: seconds)
    while true {
      let (history, pending) = history(forFolder: folder)
      if !pending || MonotonicTime.now().nanoseconds >= deadline.nanoseconds { return history }
      MonotonicTime.sleep(seconds: 0.002)
    }
  }

  /// On a thread holding a slot: asks git for `folder`'s repository, then reads its history if
  /// no one has, or gives the slot back.
  private func find(_ folder: String) {
    let repository = Self.repository(of: folder)
    let read = state.withLock { state -> Bool in
      state.finding.remove(folder)
      if state.folders[folder] == nil, state.folders.count >= Self.maxFolders,
        let oldest = state.folders.min(by: { $0.value.asked.nanoseconds < $1.value.asked.nanoseconds })?.key
      {
        state.folders[oldest] = nil
      }
      let now = MonotonicTime.now()
      state.folders[folder] = FolderAnswer(repository: repository, asked: now)
      guard let repository, state.history(of: repository, now: now, holdsThread: true).read else {
        state.threads -= 1
        return false
      }
      return true
    }
    if read, let repository { self.read(repository, in: folder) }
  }

  /// On a thread holding a slot: reads `repository`'s history through `folder`, then gives the
  /// slot back.
  private func read(_ repository: String, in folder: String) {
    let history = Self.read(folder)
    state.withLock { state in
      state.asking.remove(repository)
      state.answers[repository] = Answer(history: history, asked: MonotonicTime.now())
      state.threads -= 1
    }
  }

  /// The repository `folder` is in, as git names it: its common git directory (the main
  /// repository's `.git` for a linked work tree), real and absolute; nil outside one. git writes
  /// it relative to where it ran (`../.git`, `.`) unless asked for `--path-format=absolute`,
  /// which gits before 2.31 do not know: the relative answer is made absolute here.
  static func repository(of folder: String) -> String? {
    let at = workTree(of: folder)
    guard let output = run(at, ["rev-parse", "--git-common-dir"]),
      let line = output.split(separator: "\n").first, !line.isEmpty
    else { return nil }
    let path = line.first == "/" ? String(line) : at + "/" + line
    return FileSystem.real(path) ?? path
  }

  /// git's answers for `folder`, in a repository: the last commits' scopes and people (none
  /// in a repository without commits, where `git log` fails) and the committer.
  ///
  /// The log is read as it comes, a field at a time, each field cut to `maxFieldBytes` (a longer
  /// subject has no scope anyone types, a longer person is not offered), within `logBounds`:
  /// ten commits of 30 MB subjects took the daemon from 13 MB to 579 MB when it was read whole.
  private static func read(_ asked: String) -> CommitHistory {
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
    // In a repository without commits `git log` fails; its committer is still worth offering.
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
    var committer: String?
    if let ident = run(folder, ["var", "GIT_COMMITTER_IDENT"]), let close = ident.lastIndex(of: ">") {
      committer = String(ident[...close])
    }
    return CommitHistory(
      scopes: CommitHistory.ranked(scopes, limit: CommitHistory.maxScopes),
      people: CommitHistory.ranked(authors + mapped, limit: CommitHistory.maxPeople), committer: committer)
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
  static let askBounds = ChildProcess.Bounds(maxOutputBytes: 1 << 20, seconds: 10)

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
  /// nil when it cannot start.
  private static func stream(
    _ folder: String, _ arguments: [String], within bounds: ChildProcess.Bounds,
    _ body: (UnsafeRawBufferPointer) -> Bool
  ) -> ChildProcess.Outcome? {
    guard
      let child = try? ChildProcess(executable: "/usr/bin/env", arguments: ["git", "-C", folder] + arguments)
    else { return nil }
    return child.streamOutput(within: bounds, body)
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
