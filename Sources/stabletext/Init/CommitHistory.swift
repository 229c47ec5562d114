import StableTextConventions
import StableTextCore
import StableTextProject
import StableTextSystem

/// What `stabletext init` learns from a repository's history (Protocol/README.md, "Command
/// line", `init`): for each of the last `maxCommits` non-merge commits, its subject's length and
/// its longest body line's (lines 3 on). Without a team's conventions they are in columns as the
/// gitCommit preset counts them, a line the preset exempts (a generated subject, a trailer, one
/// long word) counting 0; where commitlint or gitlint decides they are in that tool's unit, every
/// line counted, and each commit is also judged by the team's rules (`refusedBy`).
struct CommitHistory {
  /// The unit the lengths are in: the preset's columns, commitlint's UTF-16 code units (its
  /// `header-max-length` counts as JavaScript does) or gitlint's characters (Python's `len`).
  enum Unit: String {
    case columns
    case utf16 = "UTF-16 code units"
    case characters

    /// The unit of the conventions that decide, the preset's columns without any.
    init(_ conventions: TeamConventions?) {
      self = conventions?.commitlint != nil ? .utf16 : conventions?.gitlint != nil ? .characters : .columns
    }

    /// How long `line` is in this unit (the columns are the core's, not this).
    func length(_ line: Substring) -> Int {
      self == .utf16 ? line.utf16.count : line.unicodeScalars.count
    }
  }

  var unit: Unit = .columns
  /// With a team's conventions: how many commits each of its error rules refused, by code, and
  /// how many any of them refused.
  var refusedBy: [String: Int] = [:]
  var refusedByAny = 0
  /// The rules the team's conventions judge a stored message with (no comments, the preset's
  /// own line rules given way), nil without conventions.
  private var judging: Rules?

  /// The most commits read: enough to know a team's habits, few enough to read at once.
  static let maxCommits = 1_000
  /// The longest message measured, in bytes: a longer one (a generated or hostile message, a
  /// 30 MB subject) is skipped, and only this much of it is held while it is read.
  static let maxMessageBytes = 1 << 20
  /// What `git log` may print and how long it may take (docs/bounds.md): past either it is
  /// stopped, and the commits read until then are the history.
  static let logBounds = ChildProcess.Bounds(maxOutputBytes: 64 << 20, seconds: 60)

  /// Subject lengths and longest body lines, one of each per commit, newest commit first.
  var subjects: [Int] = []
  var bodies: [Int] = []
  /// Commits whose message is not UTF-8 (git keeps the bytes it was given): not counted.
  var skipped = 0
  /// Commits whose message is longer than `maxMessageBytes`: not counted.
  var tooLong = 0
  /// Why git's log was stopped before its end, if it was.
  var cut: ChildProcess.Cut?

  var count: Int { subjects.count }

  /// The rules the lengths are measured with: the preset's, on a stored message (no comments,
  /// git removed them), with its length limits at 0 so every line it does not exempt reports
  /// its length. The core measures: the same code as the hook's check.
  static let measuring: Rules = {
    let layer = RulePatch.storedMessage.merging(
      RulePatch(lineRules: [
        LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 0),
        LineRule(lines: LineSpan(first: 3, last: nil), maxLength: 0),
      ]))
    return RuleConfiguration(defaults: .editor).resolve(
      uri: "file:///.git/COMMIT_EDITMSG", languageId: "", configured: layer)
  }()

  /// git's reason for failing.
  struct Failure: Error {
    var reason: String
  }

  /// The rules a stored message is judged with under `conventions`: the preset's grammar, every
  /// line a message line, the team's rules and no line rule of the preset's.
  static func judging(_ conventions: TeamConventions) -> Rules {
    let layer = RulePatch.storedMessage
    var rules = RuleConfiguration(defaults: .editor).resolve(
      uri: "file:///.git/COMMIT_EDITMSG", languageId: "", configured: layer,
      files: FileLayers(conventions: conventions))
    rules.conventions?.facts.isStored = true
    return rules
  }

  /// Reads the history of the repository that `git` is in, measured for `conventions` (the
  /// preset's columns without any), or git's reason when it fails.
  static func read(_ repository: GitRepository, conventions: TeamConventions? = nil)
    -> Swift.Result<CommitHistory, Failure>
  {
    var history = CommitHistory()
    history.unit = Unit(conventions)
    history.judging = conventions.flatMap { $0.isEmpty ? nil : judging($0) }
    // Read as it comes, a message at a time (it was read whole: ten commits of 30 MB subjects
    // took `init` to 554 MB and past two minutes).
    var splitter = RecordSplitter(separator: 0, maxRecordBytes: maxMessageBytes)
    func take(_ message: UnsafeRawBufferPointer, whole: Bool) {
      if whole { history.measure(message) } else { history.tooLong += 1 }
    }
    let log = repository.log(
      [
        "--no-merges", "-n", String(maxCommits), "--encoding=UTF-8", "-z", "--format=%B", "HEAD", "--",
      ],
      within: logBounds
    ) { piece in
      splitter.readRecords(piece, take)
      return true
    }
    history.cut = log.cut
    // A message cut off by the stop is not a message.
    guard log.cut == nil else { return .success(history) }
    // No commit yet: nothing to read (git log fails on the unborn branch), asked only then.
    guard log.status == 0 else {
      return repository.hasCommits ? .failure(Failure(reason: log.reason)) : .success(history)
    }
    splitter.finishRecords(take)
    return .success(history)
  }

  /// One message's lengths.
  mutating func measure(_ message: UnsafeRawBufferPointer) {
    var builder = TextBufferBuilder()
    guard builder.append(message), let text = builder.finish() else {
      skipped += 1
      return
    }
    if let judging {
      measure(String(decoding: message, as: UTF8.self), text, judging)
      return
    }
    var subject = 0
    var body = 0
    StableTextField(buffer: text, rules: Self.measuring).forEachDiagnostic { diagnostic in
      guard diagnostic.code == .lineTooLong, let line = diagnostic.line?.index,
        let length = diagnostic.data?.int("length")
      else { return }
      if line == 0 { subject = max(subject, length) } else { body = max(body, length) }
    }
    subjects.append(subject)
    bodies.append(body)
  }

  /// One message's lengths in the team's tool's unit, and the team's error rules that refuse it.
  private mutating func measure(_ message: String, _ text: TextBuffer, _ rules: Rules) {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    subjects.append(lines.first.map(unit.length) ?? 0)
    bodies.append(lines.dropFirst(2).map(unit.length).max() ?? 0)
    var codes: Set<String> = []
    StableTextField(buffer: text, rules: rules).forEachDiagnostic { diagnostic in
      if diagnostic.severity == .error { codes.insert(diagnostic.code.rawValue) }
    }
    for code in codes { refusedBy[code, default: 0] += 1 }
    if !codes.isEmpty { refusedByAny += 1 }
  }

  /// How many of `lengths` are over `limit` (would have been refused).
  static func refused(_ lengths: [Int], over limit: Int) -> Int { lengths.count { $0 > limit } }

  /// The 95th percentile (nearest rank): the least length that at least 95 % of `lengths` are
  /// within; 0 for none.
  static func percentile95(_ lengths: [Int]) -> Int {
    guard !lengths.isEmpty else { return 0 }
    let sorted = lengths.sorted()
    let rank = (sorted.count * 95 + 99) / 100  // ceil(0.95 n), at least 1
    return sorted[max(rank, 1) - 1]
  }

  /// Whether at least 95 % of `lengths` are within `limit` (an empty history passes anything).
  static func passes(_ lengths: [Int], _ limit: Int) -> Bool {
    (lengths.count - refused(lengths, over: limit)) * 100 >= lengths.count * 95
  }

  /// The limit to write: the preset's when the history passes it, else the smallest candidate
  /// (the standard ones and the 95th percentile) over it that the history passes.
  static func chosen(_ lengths: [Int], preset: Int) -> Int {
    if passes(lengths, preset) { return preset }
    let candidates = (InitCommand.candidates + [percentile95(lengths)]).filter { $0 > preset }.sorted()
    return candidates.first { passes(lengths, $0) } ?? percentile95(lengths)
  }
}
