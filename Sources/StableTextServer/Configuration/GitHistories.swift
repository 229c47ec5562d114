import StableTextCore
import StableTextProject
import StableTextSystem
import Synchronization

/// What completion knows of each repository's history (Protocol/README.md, "Completion"): the
/// scopes of its last 1,000 commits and the people who wrote them (`.mailmap` applied; git's
/// committer identity comes from `GitCommentPrefixes`), read by git (`GitHistoryReader`, where
/// git is asked) off the daemon's
/// thread, on a thread of its own, at most once a minute per repository. A completion never waits for it: until git answers it has nothing
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

  /// Whether `folder` is in a repository, as git last said (nil until it has; never asks).
  package func isInRepository(folder: String) -> Bool? {
    state.withLock { state in state.folders[folder].map { $0.repository != nil } }
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
    let repository = GitHistoryReader.repository(of: folder)
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
    let history = GitHistoryReader.read(folder, commits: Self.commits)
    state.withLock { state in
      state.asking.remove(repository)
      state.answers[repository] = Answer(history: history, asked: MonotonicTime.now())
      state.threads -= 1
    }
  }
}
