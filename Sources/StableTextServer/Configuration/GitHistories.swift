import StableTextCore
import StableTextSystem
import Synchronization

/// What completion knows of each repository's history (Protocol/README.md, "Completion"): the
/// scopes of its last 1,000 commits, the people who wrote them (`.mailmap` applied) and git's
/// committer identity, read by git off the daemon's thread, on a thread of its own, at most once
/// a minute per folder. A completion never waits for it: until git answers it has nothing (and
/// says its list is incomplete, so the client asks again). A folder outside a work tree has an
/// empty history.
///
/// Bounded: at most `maxFolders` folders' histories, each at most `CommitHistory.maxScopes`
/// scopes and `CommitHistory.maxPeople` people (about 100 KB a folder for short names), and at
/// most `maxAsking` folders asked at once.
final class GitHistories: Sendable {
  /// How long an answer is kept before git is asked again.
  static let answerSeconds = 60.0
  /// How many of the last commits are read.
  static let commits = 1_000
  /// The most folders kept: past it the one asked longest ago is forgotten.
  static let maxFolders = 16
  /// The most folders asked at once.
  static let maxAsking = 2

  private struct Answer {
    var history: CommitHistory
    var asked: MonotonicTime
  }

  private struct State {
    var answers: [String: Answer] = [:]
    var asking: Set<String> = []
  }

  private let state = Mutex(State())

  /// The history of the repository of `folder` as last told, and whether git is being asked for
  /// it (its first answer, or a newer one); asks when there is none or it is a minute old.
  func history(forFolder folder: String) -> (history: CommitHistory, pending: Bool) {
    guard FileSystem.kind(of: folder) == .directory else { return (.none, false) }
    let now = MonotonicTime.now()
    let (known, ask, pending) = state.withLock { state -> (CommitHistory?, Bool, Bool) in
      let answer = state.answers[folder]
      let stale =
        answer.map {
          now.nanoseconds &- $0.asked.nanoseconds >= MonotonicTime.nanoseconds(Self.answerSeconds)
        } ?? true
      let asking = state.asking.contains(folder)
      guard stale, !asking, state.asking.count < Self.maxAsking else {
        return (answer?.history, false, asking || answer == nil)
      }
      if answer == nil, state.answers.count >= Self.maxFolders,
        let oldest = state.answers.min(by: { $0.value.asked.nanoseconds < $1.value.asked.nanoseconds })?.key
      {
        state.answers[oldest] = nil
      }
      state.asking.insert(folder)
      return (answer?.history, true, true)
    }
    if ask {
      SystemThread.detach(name: "st-git-history") { [self] in
        let history = Self.read(folder)
        state.withLock { state in
          state.asking.remove(folder)
          state.answers[folder] = Answer(history: history, asked: MonotonicTime.now())
        }
      }
    }
    return (known ?? .none, pending)
  }

  /// git's answers for `folder`: nothing outside a repository; else the last commits' scopes
  /// and people and the committer.
  private static func read(_ asked: String) -> CommitHistory {
    let folder = workTree(of: asked)
    // Outside a repository `git log` fails; so does it in one without commits, whose committer
    // is still worth offering.
    let log = run(
      folder,
      [
        "log", "-n", String(commits), "--use-mailmap", "--no-color",
        "--format=%aN <%aE>%x00%s%x00%(trailers:key=Co-authored-by,valueonly,separator=%x01)%x00",
      ])
    if log == nil && run(folder, ["rev-parse", "--git-dir"]) == nil { return .none }
    var scopes: [String] = []
    var authors: [String] = []
    var coAuthors: [String] = []
    if let log {
      let fields = log.split(separator: "\u{0}", omittingEmptySubsequences: false)
      var i = 0
      let parser = ConventionalCommitParser()
      while i + 2 < fields.count {
        // Each record ends with a NUL, then git's newline between records.
        var author = fields[i]
        while author.first == "\n" { author.removeFirst() }
        authors.append(String(author))
        if let scope = parser.parse(String(fields[i + 1]))?.scope, !scope.isEmpty { scopes.append(scope) }
        for person in fields[i + 2].split(separator: "\u{1}") {
          let trimmed = person.trimmingSpaces()
          if !trimmed.isEmpty { coAuthors.append(trimmed) }
        }
        i += 3
      }
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

  /// git's standard output for `arguments` in `folder`, or nil when it fails or is missing.
  private static func run(_ folder: String, _ arguments: [String]) -> String? {
    guard
      let child = try? ChildProcess(executable: "/usr/bin/env", arguments: ["git", "-C", folder] + arguments)
    else { return nil }
    child.closeInput()
    let result = child.collectOutput()
    guard result.status == 0 else { return nil }
    return String(decoding: result.output, as: UTF8.self)
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
