import Foundation
import StableTextConventions
import StableTextCore
import StableTextProject

/// Issue 55's readers and matchers at ten times the sizes it found them hanging or slow at
/// (docs/bounds.md): the worst `.gitlint` expressions, named rules, interpolation, commitlint's
/// YAML values, and completion in the `twitter` unit on a line of combining marks. Each line
/// says the time and what came of it; the tests assert what comes of it. Each gives the time on
/// the clock and the CPU time of the thread that measured it: on a machine shared with builds,
/// the clock says more about the others than about the reader.
extension Benchmarks {
  func hardening() {
    expressions()
    readers()
    twitterCompletion()
  }

  /// The lint of a message under each hostile expression, in process: the time until its budget
  /// is spent and the expression is refused.
  func expressions() {
    let title = String(repeating: "a", count: 200) + "!"
    let lines = String(repeating: "aaaaaaaaaa!\n", count: 2_000)
    let cases: [(String, String, String)] = [
      ("title-match-regex", "^(a+)+$", title),
      ("title-match-regex", "(a|aa)+$", title),
      ("title-match-regex", "^(\\w+\\s?)*$", title),
      ("title-match-regex", ".*.*.*.*.*[xy]", String(repeating: "a", count: 2_000)),
      (
        "body-match-regex", "(x+x+)+[yz]",
        "Title\n\n" + String(repeating: String(repeating: "x", count: 70) + "\n", count: 2_000)
      ),
      ("ignore-body-lines", "^(a+)+$", "Title\n\n" + lines),
      (
        "body-match-regex", "\\w{60000}[xy]",
        "Title\n\n" + Array(repeating: String(repeating: "w", count: 59_999), count: 4).joined(separator: " ")
      ),
    ]
    for (section, pattern, message) in cases {
      guard
        let setup = GitlintFile.read(Array("[\(section)]\nregex=\(pattern)\n".utf8), path: "/x/.gitlint")
          .setup
      else { continue }
      let start = Self.started()
      let violations = GitlintLinter.lint(GitlintCommit(message: message), setup.configuration)
      let elapsed = Self.since(start, digits: 1)
      let refused = violations.count == 1 && violations[0].message.contains("Invalid regular expression")
      report(
        "bounds gitlint [\(section)] \(pattern) on \(message.utf8.count) bytes: \(elapsed), \(refused ? "refused by name" : "\(violations.count) violations")"
      )
    }
  }

  /// `.gitlint` and commitlint's YAML, read at the issue's sizes and ten times them.
  func readers() {
    for count in [20_000, 200_000] {
      var text = ""
      for instance in 0..<count { text += "[T5:w\(instance)]\nwords=w\(instance)\n" }
      let start = Self.started()
      let read = GitlintFile.read(Array(text.utf8), path: "/x/.gitlint")
      let elapsed = Self.since(start)
      let rules = read.setup?.configuration.rules.count ?? 0
      report("bounds gitlint \(count) named rules read: \(elapsed), \(rules) rules")
    }
    // A 26 KB `ignore-body-lines` pattern over 2,000 body lines (ten times the 200 that took
    // 13.5 s when it was compiled again per line): compiled once, with the file.
    let words = (0..<2_400).map { "word\($0)" }.joined(separator: "|")
    let body = (0..<2_000).map { $0 % 2 == 0 ? "word\($0)" : "kept line \($0)" }.joined(separator: "\n")
    let pattern = "[ignore-body-lines]\nregex=^(\(words))$\n"
    var start = Self.started()
    if let setup = GitlintFile.read(Array(pattern.utf8), path: "/x/.gitlint").setup {
      let violations = GitlintLinter.lint(
        GitlintCommit(message: "Title\n\n" + body + "\n"), setup.configuration)
      report(
        "bounds gitlint a \(pattern.utf8.count / 1000) KB ignore-body-lines pattern read and 2,000 body lines linted: \(Self.since(start)), \(violations.count) violations"
      )
    }
    var bomb = "[DEFAULT]\nk0 = " + String(repeating: "x", count: 3_000) + "\n"
    for level in 1...10 { bomb += "k\(level) = " + String(repeating: "%(k\(level - 1))s", count: 10) + "\n" }
    bomb += "[T5]\nwords = %(k10)s\n"
    start = Self.started()
    let outcome = IniSections.parse(bomb)
    report(
      "bounds gitlint interpolation of ten levels of ten references (\(bomb.utf8.count) bytes): \(Self.since(start)), \(outcome.isSuccess ? "read" : "refused")"
    )
    for count in [40_000, 400_000] {
      let yaml = "v: [" + Array(repeating: "a", count: count).joined(separator: ",") + "]"
      start = Self.started()
      let values = YAMLDocument.parse(Array(yaml.utf8))
      report(
        "bounds commitlint YAML of \(count) values (\(yaml.utf8.count) bytes): \(Self.since(start)), \(values.isSuccess ? "read" : "refused")"
      )
      // The whole reader: a `type-enum` of that many types.
      let file =
        "rules:\n  type-enum: [2, always, [" + Array(repeating: "a", count: count).joined(separator: ",")
        + "]]\n"
      start = Self.started()
      let setup = CommitlintFile.read(Array(file.utf8), path: "/x/.commitlintrc.yml", format: .yaml)
      report(
        "bounds commitlint .commitlintrc.yml with a type-enum of \(count) types: \(Self.since(start)), \(setup?.setup != nil && setup?.problems.isEmpty == true ? "read" : "refused")"
      )
    }
  }

  /// Completion of types (config-conventional's) at the start of a subject of 60 KB of combining
  /// marks, and of words, counted in the `twitter` unit: the word each type goes into is weighed
  /// per item, the rest of the line once (the marks are one word past the bound: no words).
  func twitterCompletion() {
    let marks = String(repeating: "\u{301}\u{302}", count: 15_000)
    let rules = RuleConfiguration().resolve(
      uri: "file:///x/.git/COMMIT_EDITMSG", languageId: "text",
      configured: RulePatch(lineRules: [
        LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 280, unit: .twitter)
      ]),
      files: FileLayers(
        conventions: TeamConventions(
          commitlint: CommitlintSetup(
            configuration: CommitlintSharedConfigurations.conventional, file: "/x/.commitlintrc.json"))))
    for (name, line) in [("combining marks", marks), ("words", String(repeating: "word ", count: 12_000))] {
      let field = StableTextField(text: line + "\n\nBody.\n", rules: rules)
      let start = Self.started()
      let list = field.commitCompletion(at: 0, history: .none)
      report(
        "bounds completion in twitter on a \(line.utf8.count / 1000) KB subject of \(name): \(Self.since(start, digits: 1)), \(list.items.count) items, \(list.items.filter { $0.detail != nil }.count) with what they leave"
      )
    }
  }
}

extension Benchmarks {
  /// The CPU time this thread has spent, in seconds.
  fileprivate static func threadCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// "W ms (C ms CPU)" for what ran since `start`, a clock and a CPU reading.
  fileprivate static func since(_ start: (clock: Double, cpu: Double), digits: Int = 0) -> String {
    let clock = (now() - start.clock) * 1000
    let cpu = (threadCPU() - start.cpu) * 1000
    return String(format: "%.\(digits)f ms (%.\(digits)f ms CPU)", clock, cpu)
  }

  fileprivate static func started() -> (clock: Double, cpu: Double) { (now(), threadCPU()) }
}

extension Result {
  fileprivate var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}
