import Foundation
import Testing

/// git is asked in one place (Protocol/README.md, "Command line", "How git is asked"):
/// StableTextProject's `Git/` folder holds the runner of git and every question `check`,
/// `init`, `rules`, the MCP tools and the daemon ask it. Elsewhere under `Sources/` no code
/// spawns git, names one of its questions, or runs a question of its own through the runner;
/// the benchmark builds its repositories through the runner, as the module lets it.
@Suite struct GitAskedInOnePlaceTests {
  /// The folder that asks git.
  static let gitModule = "StableTextProject/Git/"

  /// What only the git module may write, with the folders (under `Sources/`) that may write it
  /// too and why: a pattern, then the allowed prefixes.
  static let rules: [(what: String, pattern: String, allowed: [String])] = [
    // git as a program: its name as a string, its path.
    ("git named as a program", #""git"|/usr/bin/git|"git "|\["git""#, []),
    // git's questions, spelled as arguments.
    (
      "a question of git's",
      #""rev-parse"|"--git-path"|"--show-toplevel"|"--git-dir"|"--absolute-git-dir"|"--get-regexp"|"--list", "-z"|GIT_COMMITTER_IDENT"|GIT_AUTHOR_IDENT"|"check-mailmap"|"--cached""#,
      []
    ),
    // A child process: the module's runner, the client's server, and what the benchmark and
    // the tests' helpers start (the daemon, Python clients, editors: never git, as above).
    (
      "a child process started",
      #"ChildProcess\(|\bProcess\(\)|posix_spawn|\bexecv|\bpopen\(|\bsystem\("#,
      [
        "StableTextSystem/Processes/", "StableTextClient/Process/ServerProcess.swift", "stabletext-bench/",
        "StableTextSessionSupport/",
      ]
    ),
    // A question of one's own through the runner: only the benchmark builds repositories so.
    (
      "git's runner run directly", #"\bgit\.(run|stream)\(|Git\([^)]*\)\??\.(run|stream)\("#,
      ["stabletext-bench/"]
    ),
  ]

  /// Each Swift file under `Sources/` (its path from there) and its lines that are code (comment
  /// lines left out: they may say what git is asked).
  static func sources() throws -> [(path: String, lines: [(number: Int, text: String)])] {
    let sources = DocumentationTests.root.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    return try files.map { file in
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      let lines = text.components(separatedBy: "\n").enumerated().compactMap { index, line in
        line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? nil : (index + 1, line)
      }
      return (file, lines)
    }
  }

  @Test func onlyTheGitModuleAsksGit() throws {
    let sources = try Self.sources()
    #expect(sources.count > 300, "the sources should be found")
    for rule in Self.rules {
      let pattern = try NSRegularExpression(pattern: rule.pattern)
      var inModule = 0
      var outside: [String] = []
      for (path, lines) in sources {
        for (number, text) in lines
        where pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil {
          if path.hasPrefix(Self.gitModule) {
            inModule += 1
          } else if !rule.allowed.contains(where: { path.hasPrefix($0) }) {
            outside.append("Sources/\(path):\(number): \(text.trimmingCharacters(in: .whitespaces))")
          }
        }
      }
      // The patterns find what the module does (else they would find nothing anywhere).
      #expect(inModule > 0, "\(rule.what): the pattern finds nothing in Sources/\(Self.gitModule)")
      #expect(
        outside == [], "\(rule.what) outside Sources/\(Self.gitModule):\n\(outside.joined(separator: "\n"))")
    }
  }

  /// The patterns catch the ways git was spawned before it was asked in one place.
  @Test func thePatternsCatchGitSpawnedElsewhere() throws {
    let spawned = [
      #"let child = try? ChildProcess(executable: "/usr/bin/env", arguments: ["git", "-C", folder] + arguments)"#,
      #"_ = Self.run(["/usr/bin/env", "git"] + arguments, in: work, environment: environment)"#,
      #"let top = git.run(["rev-parse", "--show-toplevel"])"#,
      #"executable: "/usr/bin/env", arguments: ["git", "-C", folder, "var", "GIT_COMMITTER_IDENT"])"#,
      #"let hooksPathSet = git.run(["config", "--get", "core.hooksPath"]).status == 0"#,
      #"process.arguments = ["git"] + arguments"#,
    ]
    for line in spawned {
      let caught = try Self.rules.filter { rule in
        try NSRegularExpression(pattern: rule.pattern).firstMatch(
          in: line, range: NSRange(line.startIndex..., in: line))
          != nil
      }
      #expect(!caught.isEmpty, "\(line)")
    }
  }
}
