import Foundation
import StableTextConventions
import StableTextCore
import StableTextSessionSupport
import Testing

/// `stabletext check --commits` over commitlint's own history, replayed into a repository
/// (scripts/replay-commitlint-history: 3,466 commits, merges as merges), with the configuration
/// files a team already has (Protocol/README.md, "Team conventions"): each commit's commitlint
/// codes are what the core's port of `@commitlint/config-conventional` decides of its message, and
/// its gitlint ids are gitlint 0.19.1's (gitlint-verdicts.json; Tests/Clients/python's
/// test_commit_history.py runs gitlint itself over part of the range).
///
/// Where they part today (with the readers and the team's checks merged): the checks read each
/// commit through git's cleanup (`StoredCommitMessage`: trailing white space dropped), while both
/// tools read a stored message as stored, and gitlint with the line feed `git log` ends it with. So
/// 7 commits whose header ends in a space lack `header-trim`, and 20 differ from gitlint (`T2` and
/// `B2` missed on trailing white space, `B6` added where the last line reads as a comment).
@Suite(.serialized) struct HistoryCheckTests {
  /// The replayed history in a temporary folder: its path and, by line of history.jsonl, the
  /// replayed commit's hash.
  final class Replayed {
    let path: String
    let hashes: [String]

    init() throws {
      let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "st-history-\(UUID().uuidString)")
      path = root.appendingPathComponent("history").path
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      let script = CommitlintHistory.folder.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/replay-commitlint-history").path
      let replay = try runCommand(["/usr/bin/env", "python3", script, path])
      guard replay.status == 0 else { throw Failure(description: "replay: \(replay.err)") }
      let marks = try String(contentsOfFile: path + "/.git/history-marks", encoding: .utf8)
      hashes = marks.split(separator: "\n").map { String($0.split(separator: " ")[1]) }
    }

    deinit {
      try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// Writes the configuration `name` (of Tests/Oracles/commitlint-history) as `file` at the
    /// repository's root.
    func install(_ name: String, as file: String) throws {
      try FileManager.default.copyItem(
        atPath: CommitlintHistory.folder.appendingPathComponent(name).path, toPath: path + "/" + file)
    }

    /// `check --commits main --format json`: every commit's diagnostics as `severity code` (and
    /// line), by line of history.jsonl.
    func check() throws -> [Int: [(line: Int, severity: String, code: String)]] {
      let result = try runBinary(["check", "--commits", "main", "--format", "json"], in: path)
      guard result.status == 0 || result.status == 1 else {
        throw Failure(description: "check exited \(result.status): \(result.err)")
      }
      let root = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as! [String: Any]
      let index = Dictionary(uniqueKeysWithValues: hashes.enumerated().map { ($1, $0) })
      var found: [Int: [(line: Int, severity: String, code: String)]] = [:]
      for source in root["commits"] as! [[String: Any]] {
        let commit = try #require(index[source["commit"] as! String])
        found[commit] = (source["diagnostics"] as! [[String: Any]]).map {
          ($0["line"] as! Int, $0["severity"] as! String, $0["code"] as! String)
        }
      }
      return found
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  @Test func theReplayedHistoryIsTheRecordedOne() throws {
    let replayed = try Replayed()
    #expect(try replayed.hashes.count == CommitlintHistory.commits().count)
    let count = try runCommand(["/usr/bin/env", "git", "rev-list", "--count", "main"], in: replayed.path)
    #expect(count.out == "3466\n")
    let merges = try runCommand(
      ["/usr/bin/env", "git", "rev-list", "--count", "--merges", "main"], in: replayed.path)
    #expect(merges.out == "3\n")
  }

  /// `.commitlintrc.json` `{"extends": ["@commitlint/config-conventional"]}`: the codes that are
  /// commitlint's rule names, with their severity (level 2 an error, 1 a warning), are the port's
  /// verdict on every commit; a commit commitlint skips (its default ignores) has none.
  @Test func commitlintCodesAreThePortsVerdicts() throws {
    let replayed = try Replayed()
    try replayed.install("commitlintrc.json", as: ".commitlintrc.json")
    let found = try replayed.check()
    #expect(try found.count == CommitlintHistory.commits().count)
    let names = Set(CommitlintRules.all.map(\.name))
    var differences: [String] = []
    for commit in try CommitlintHistory.commits() {
      let verdict = CommitlintHistory.portVerdict(
        CommitlintHistory.commitlintInput(commit), CommitlintSharedConfigurations.conventional)
      let expected = (verdict.errors.map { "error \($0)" } + verdict.warnings.map { "warning \($0)" })
        .sorted()
      let actual = (found[commit.index] ?? []).filter { names.contains($0.code) }.map {
        "\($0.severity) \($0.code)"
      }
      .sorted()
      if actual != expected {
        differences.append("#\(commit.index) \(commit.hash.prefix(12)): port \(expected), check \(actual)")
      }
    }
    #expect(
      differences.count == 0,
      "\(differences.count) commits differ (check reads .commitlintrc.json?):\n\(differences.prefix(20).joined(separator: "\n"))"
    )
  }

  /// `.gitlint` (gitlint.ini): the codes that are gitlint's ids are, commit by commit, exactly the
  /// ids gitlint 0.19.1 reported (with their lines).
  @Test func gitlintIdsAreGitlints() throws {
    let replayed = try Replayed()
    try replayed.install("gitlint.ini", as: ".gitlint")
    let found = try replayed.check()
    #expect(try found.count == CommitlintHistory.commits().count)
    let report = CommitlintHistory.gitlintReport
    let isGitlintID = try Regex("^(T[1-8]|B[1-8]|M1|I[1-4]|CT1|CC1)(:.+)?$")
    var differences: [String] = []
    for commit in try CommitlintHistory.commits() {
      let expected = (report.verdicts[commit.index] ?? []).map(\.id).sorted()
      let actual = (found[commit.index] ?? []).filter { $0.code.wholeMatch(of: isGitlintID) != nil }.map(
        \.code
      )
      .sorted()
      if actual != expected {
        differences.append("#\(commit.index) \(commit.hash.prefix(12)): gitlint \(expected), check \(actual)")
      }
    }
    #expect(
      differences.count == 0,
      "\(differences.count) commits differ (check reads .gitlint?):\n\(differences.prefix(20).joined(separator: "\n"))"
    )
  }
}
