import StableTextCore
import StableTextProject
import StableTextSystem
import Synchronization

/// The comment character git writes a repository's message files with (`core.commentString`,
/// else `core.commentChar`), for the daemon's git's message files (Protocol/README.md, "Which
/// lines git keeps"): without it a repository that sets `;` has git's template counted as the
/// message in the editor, while the hook (`check`, which asks git) leaves it out. The same git
/// call gives git's identity (`author.name`, else `user.name`, and the e-mail alike), the author
/// of the commit being written, which a team's rules read (gitlint's I4 and M1: Protocol/README.md,
/// "Team conventions"), as the hook reads it from git.
///
/// git is asked (through StableTextProject's `Git` and `GitConfig`: one `git config -z --get-regexp`,
/// then `git var`) off the daemon's thread, on a thread of its own, at most once a minute per
/// folder; until it answers a document keeps the preset's `#` (and its detection of git's
/// scissors line), and when the answer changes the prefix its documents are published again. A
/// slow or missing `git` delays nothing else. A git that gives no answer (it cannot start, or
/// is stopped by its bounds on a loaded machine) is asked again a second later, up to
/// `maxRetries` times, and what an earlier answer said is kept meanwhile: a sign-off is not
/// withheld for a minute because one ask was slow.
final class GitCommentPrefixes: Sendable {
  /// How long an answer is kept before git is asked again (a changed setting is seen within it).
  static let answerSeconds = 60.0
  /// How long until git is asked again when it gave no answer, and how many times.
  static let retrySeconds = 1.0
  static let maxRetries = 5

  /// What git says of a folder's repository.
  struct Facts: Equatable, Sendable {
    /// The configured comment prefix, nil when none is set or it is `auto`.
    var prefix: String?
    /// The commit author git would write: its name and e-mail, each nil when not configured.
    var authorName: String?
    var authorEmail: String?
    /// Who signs the message off (`git commit -s` writes the committer), as `git var
    /// GIT_COMMITTER_IDENT` says in the same ask, read by `SignOffIdentity(ident:)` as `check
    /// --fix` reads it; missing when git refuses (Protocol/README.md, "Code actions and hover":
    /// "Fixes that write").
    var signOff: SignOffIdentity = .missing
  }

  private struct Answer {
    var facts: Facts
    var asked: MonotonicTime
  }

  /// At most this many asks at once, and this many answers kept: a client that opens message
  /// files in ever new folders starts no more (a document opened while two asks are out keeps
  /// `#` until its configuration is next looked at).
  static let maxAsking = 2
  static let maxAnswers = 10_000

  private struct State {
    var answers: [String: Answer] = [:]
    var asking: Set<String> = []
    /// Folders answered since `takeAnswered` last ran.
    var answered: [String] = []
  }

  private let state = Mutex(State())

  /// How a folder's facts are found: `GitCommentPrefixes.ask` (git itself), or a test's stand-in.
  /// Its `answered` is false when git said nothing (`Git.Result.isAnswer`).
  typealias Asker = @Sendable (_ folder: String) -> (facts: Facts, answered: Bool)
  private let asker: Asker

  init(asker: @escaping Asker = GitCommentPrefixes.ask) {
    self.asker = asker
  }

  /// The configured prefix for documents in `folder` (nil when none is set, or `auto`, or not
  /// yet known); asks git when the answer is missing or a minute old.
  func prefix(forFolder folder: String) -> String? { facts(forFolder: folder)?.prefix }

  /// What git said of `folder` (nil until it has answered); asks git when the answer is missing
  /// or a minute old.
  func facts(forFolder folder: String) -> Facts? {
    // A folder that is not there (a scripted session's made-up path) has no repository.
    guard FileSystem.kind(of: folder) == .directory else { return nil }
    let now = MonotonicTime.now()
    let (known, ask) = state.withLock { state -> (Facts?, Bool) in
      let answer = state.answers[folder]
      let stale =
        answer.map {
          now.nanoseconds &- $0.asked.nanoseconds >= MonotonicTime.nanoseconds(Self.answerSeconds)
        } ?? true
      guard stale, !state.asking.contains(folder), state.asking.count < Self.maxAsking else {
        return (answer?.facts, false)
      }
      if state.answers.count >= Self.maxAnswers { state.answers.removeAll() }
      state.asking.insert(folder)
      return (answer?.facts, true)
    }
    if ask {
      SystemThread.detach(name: "st-git-config") { [self] in
        var (asked, answered) = asker(folder)
        for _ in 0..<Self.maxRetries where !answered {
          MonotonicTime.sleep(seconds: Self.retrySeconds)
          (asked, answered) = asker(folder)
        }
        state.withLock { state in
          state.asking.remove(folder)
          let before = state.answers[folder]
          // Still no answer: what was known stays (until the answer is next due).
          let facts = answered ? asked : before?.facts ?? asked
          state.answers[folder] = Answer(facts: facts, asked: MonotonicTime.now())
          if before == nil || before?.facts != facts { state.answered.append(folder) }
        }
      }
    }
    return known
  }

  /// Whether git is being asked (the daemon then looks again soon: `wakeTime`).
  var isAsking: Bool { state.withLock { !$0.asking.isEmpty } }

  /// The folders whose answer is new or changed since the last call.
  func takeAnswered() -> [String] {
    state.withLock { state in
      defer { state.answered.removeAll() }
      return state.answered
    }
  }

  /// One `git config -z --get-regexp` in `folder` (`GitConfig`): the prefix is `core.commentString`,
  /// else `core.commentChar` (none when it is `auto`: git then picks a character per message,
  /// which the preset's detection of the scissors line follows); the author is
  /// `GIT_AUTHOR_NAME` and `GIT_AUTHOR_EMAIL` from the daemon's environment, else `author.name`
  /// and `author.email`, else `user.name` and `user.email`, as git decides who authors a commit.
  /// Nothing when there is no git.
  @Sendable static func ask(_ folder: String) -> (facts: Facts, answered: Bool) {
    guard let git = Git(folder: folder) else { return (Facts(), true) }
    var configured = false
    var identified = false
    var facts = facts(git.config(within: GitHistoryReader.askBounds, answered: &configured))
    // The committer is git's own word, as `check --fix` and `git commit -s` take it (`git var
    // GIT_COMMITTER_IDENT`, so the editor and the hook agree): git cleans a name of its "crud"
    // (`John Smith Jr.` signs as `John Smith Jr`), falls back on the user and the host, or
    // refuses under `user.useConfigOnly`; the configuration alone says none of that exactly.
    facts.signOff =
      git.ident(.committer, within: GitHistoryReader.askBounds, answered: &identified)
      .map(SignOffIdentity.init(ident:)) ?? .missing
    return (facts, configured && identified)
  }

  /// The facts in `git config -z --get-regexp`'s output (`KEY\nVALUE\0` each,
  /// the last value of a key winning, as `git config --get` decides), with the author from
  /// `environment`.
  static func facts(
    fromConfig output: [UInt8],
    environment: [String: String] = ProcessScope.environment(adding: [:])
  ) -> Facts {
    facts(GitConfig(listing: output), environment: environment)
  }

  static func facts(
    _ config: GitConfig, environment: [String: String] = ProcessScope.environment(adding: [:])
  ) -> Facts {
    let author = config.author(environment: environment)
    return Facts(
      prefix: config.commentString, authorName: author.name, authorEmail: author.email, signOff: .missing)
  }
}
