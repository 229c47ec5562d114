import StableTextSystem
import Synchronization

/// The comment character git writes a repository's message files with (`core.commentString`,
/// else `core.commentChar`), for the daemon's git's message files (Protocol/README.md, "Which
/// lines git keeps"): without it a repository that sets `;` has git's template counted as the
/// message in the editor, while the hook (`check`, which asks git) leaves it out.
///
/// git is asked off the daemon's thread, on a thread of its own, at most once a minute per
/// folder; until it answers a document keeps the preset's `#` (and its detection of git's
/// scissors line), and when the answer changes the prefix its documents are published again. A
/// slow or missing `git` delays nothing else.
final class GitCommentPrefixes: Sendable {
  /// How long an answer is kept before git is asked again (a changed setting is seen within it).
  static let answerSeconds = 60.0

  private struct Answer {
    var prefix: String?
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

  /// The configured prefix for documents in `folder` (nil when none is set, or `auto`, or not
  /// yet known); asks git when the answer is missing or a minute old.
  func prefix(forFolder folder: String) -> String? {
    // A folder that is not there (a scripted session's made-up path) has no repository.
    guard FileSystem.kind(of: folder) == .directory else { return nil }
    let now = MonotonicTime.now()
    let (known, ask) = state.withLock { state -> (String?, Bool) in
      let answer = state.answers[folder]
      let stale =
        answer.map {
          now.nanoseconds &- $0.asked.nanoseconds >= MonotonicTime.nanoseconds(Self.answerSeconds)
        } ?? true
      guard stale, !state.asking.contains(folder), state.asking.count < Self.maxAsking else {
        return (answer?.prefix, false)
      }
      if state.answers.count >= Self.maxAnswers { state.answers.removeAll() }
      state.asking.insert(folder)
      return (answer?.prefix, true)
    }
    if ask {
      SystemThread.detach(name: "st-git-config") { [self] in
        let prefix = Self.ask(folder)
        state.withLock { state in
          state.asking.remove(folder)
          let before = state.answers[folder]
          state.answers[folder] = Answer(prefix: prefix, asked: MonotonicTime.now())
          if before == nil || before?.prefix != prefix { state.answered.append(folder) }
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

  /// `git config --get` of `core.commentString`, else `core.commentChar`, in `folder`; nil when
  /// neither is set, when it is `auto` (git then picks a character per message, which the
  /// preset's detection of the scissors line follows), or when there is no git.
  private static func ask(_ folder: String) -> String? {
    for key in ["core.commentString", "core.commentChar"] {
      guard
        let child = try? ChildProcess(
          executable: "/usr/bin/env", arguments: ["git", "-C", folder, "config", "--get", key])
      else { return nil }
      child.closeInput()
      let result = child.collectOutput()
      var value = String(decoding: result.output, as: UTF8.self)
      while value.hasSuffix("\n") || value.hasSuffix("\r") { value.removeLast() }
      if result.status == 0 && !value.isEmpty { return value == "auto" ? nil : value }
    }
    return nil
  }
}
