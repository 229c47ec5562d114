import Foundation
import StableTextConventions
import StableTextCore
import StableTextProject
import StableTextTestSupport

/// commitlint's own history (history.jsonl, kept beside the project with commitlint's MIT licence
/// in ../shared/third-party/commitlint-history): 3,466 commits of its default branch, oldest
/// first, and what each tool decides of each (Protocol/README.md, "Team conventions"): the
/// project's records of commitlint's and gitlint's answers, and the configuration files they were
/// run with, are in Tests/Oracles/commitlint-history.
enum CommitlintHistory {
  /// One commit of history.jsonl.
  struct Commit: Sendable {
    var index: Int
    var hash: String
    /// Line numbers of the parents in the file.
    var parents: [Int]
    var authorName: String
    var authorEmail: String
    /// The message exactly as stored in the commit object.
    var message: String
  }

  /// What commitlint's lint decides of one message: skipped (ignored or empty), or the names of
  /// the rules broken at level 2 (errors) and level 1 (warnings), in the configuration's order.
  struct Verdict: Hashable, Sendable, CustomStringConvertible {
    var skipped: Bool
    var errors: [String]
    var warnings: [String]

    static let skip = Verdict(skipped: true, errors: [], warnings: [])

    var description: String {
      skipped ? "skipped" : "errors \(errors), warnings \(warnings)"
    }
  }

  /// The project's records of the tools' answers over the history, and their configuration.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Oracles/commitlint-history")

  /// history.jsonl, read once; a missing file is each reader's error, naming its path.
  private static let loaded: Result<[Commit], any Error> = Result {
    let text = try ThirdPartyData.text("commitlint-history/history.jsonl")
    return try text.split(separator: "\n").enumerated().map { index, line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let author = object["author"] as! [String]
      return Commit(
        index: index, hash: object["hash"] as! String, parents: object["parents"] as! [Int],
        authorName: author[0], authorEmail: author[1], message: object["message"] as! String)
    }
  }

  /// The commits of history.jsonl, oldest first.
  static func commits() throws -> [Commit] { try loaded.get() }

  /// The message as commitlint's command reads it from `git log`: `%B` then `%n` before its
  /// scissors line, so the stored message with one more line feed (`@conventional-changelog/
  /// git-client`'s `getRawCommits`).
  static func commitlintInput(_ commit: Commit) -> String { commit.message + "\n" }

  /// `@commitlint/lint` as commitlint's command runs it over `message` (Protocol/README.md, "Team
  /// conventions"), through the core's port: a message that is blank is not linted (the command
  /// drops it), one a default ignore matches (the message without its trailing whitespace, as
  /// lint hands it to is-ignored) is skipped, an empty parse is skipped; otherwise every
  /// configured rule of level 1 or 2 gives its verdict.
  static func portVerdict(_ message: String, _ configuration: CommitlintConfiguration) -> Verdict {
    if JavaScriptTrim.trim(message).isEmpty { return .skip }
    if CommitlintIgnores.isIgnored(JavaScriptTrim.trimEnd(message), defaults: configuration.defaultIgnores) {
      return .skip
    }
    guard let parsed = ConventionalCommitParser(configuration.parserOptions).parse(message) else {
      return .skip
    }
    if parsed.header == nil && parsed.body == nil && parsed.footer == nil { return .skip }
    var verdict = Verdict(skipped: false, errors: [], warnings: [])
    for entry in configuration.rules where entry.setting.level > 0 {
      guard let rule = CommitlintRules.named(entry.name) else {
        preconditionFailure("no rule \(entry.name)")
      }
      let outcome = rule.verdict(
        parsed, entry.setting.condition ?? rule.defaultCondition, entry.setting.value)
      guard !outcome.valid else { continue }
      if entry.setting.level == 2 {
        verdict.errors.append(entry.name)
      } else {
        verdict.warnings.append(entry.name)
      }
    }
    return verdict
  }
}

/// JavaScript's `String.prototype.trim`/`trimEnd`: its white space and line terminators.
enum JavaScriptTrim {
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000, 0xFEFF:
      return true
    default: return false
    }
  }

  static func trimEnd(_ text: String) -> String {
    var scalars = Array(text.unicodeScalars)
    while let last = scalars.last, isSpace(last) { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }

  static func trim(_ text: String) -> String {
    String(String.UnicodeScalarView(trimEnd(text).unicodeScalars.drop(while: isSpace)))
  }
}

extension CommitlintHistory {
  /// gitlint's report over the replayed history (gitlint-verdicts.json, written by
  /// scripts/generate-history-gitlint-verdicts): for each commit with violations, by its line in
  /// history.jsonl, each violation as gitlint prints it (`line` nil for `-`).
  struct GitlintReport: Sendable {
    struct Violation: Hashable, Sendable, CustomStringConvertible {
      var line: Int?
      var id: String
      /// gitlint's `<message>` or `<message>: "<content>"`.
      var text: String

      var description: String { "\(line.map(String.init) ?? "-"): \(id) \(text)" }
    }

    var version: String
    var configuration: String
    var seconds: Double
    var verdicts: [Int: [Violation]]
  }

  static let gitlintReport: GitlintReport = {
    do {
      let data = try Data(contentsOf: folder.appendingPathComponent("gitlint-verdicts.json"))
      let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
      var verdicts: [Int: [GitlintReport.Violation]] = [:]
      for (index, violations) in root["verdicts"] as! [String: [[Any]]] {
        verdicts[Int(index)!] = violations.map {
          GitlintReport.Violation(line: $0[0] as? Int, id: $0[1] as! String, text: $0[2] as! String)
        }
      }
      return GitlintReport(
        version: root["gitlint"] as! String, configuration: root["configuration"] as! String,
        seconds: (root["seconds"] as! NSNumber).doubleValue, verdicts: verdicts)
    } catch {
      preconditionFailure("gitlint-verdicts.json: \(error)")
    }
  }()

  /// gitlint.ini (the `.gitlint` of the replayed history) as the core's configuration, built as
  /// gitlint builds it: `[general]` first, then each rule's section in order.
  static func gitlintConfiguration() throws -> GitlintConfiguration {
    let text = try String(contentsOf: folder.appendingPathComponent("gitlint.ini"), encoding: .utf8)
    var options: [(section: String, key: String, value: String)] = []
    var section = ""
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      if line.hasPrefix("[") {
        section = String(line.dropFirst().dropLast())
      } else if let equals = line.firstIndex(of: "=") {
        options.append((section, String(line[..<equals]), String(line[line.index(after: equals)...])))
      }
    }
    var general = GitlintGeneralOptions()
    for option in options where option.section == "general" { try general.set(option.key, option.value) }
    var configuration = GitlintConfiguration(general: general, engine: PCRE2Engine())
    for option in options where option.section != "general" {
      try configuration.setOption(rule: option.section, option.key, option.value)
    }
    return configuration
  }

  /// The commit as gitlint's command reads it: `git log -1 --pretty=%aN%x00%aE%x00%ai%x00%P%n%B`
  /// after the first line, so the stored message and the line feed git ends the output with.
  static func gitlintCommit(_ commit: Commit) -> GitlintCommit {
    GitlintCommit(
      message: commit.message + "\n", authorName: commit.authorName, authorEmail: commit.authorEmail,
      parentCount: commit.parents.count)
  }

  /// The port's violations of `commit` in gitlint's printed form.
  static func portGitlintVerdict(_ commit: Commit, _ configuration: GitlintConfiguration)
    -> [GitlintReport.Violation]
  {
    GitlintLinter.lint(gitlintCommit(commit), configuration).map { violation in
      let content = violation.content.map { $0.isEmpty ? "" : ": \"\($0)\"" } ?? ""
      // gitlint prints `-` for a violation without a line (or of line 0).
      return GitlintReport.Violation(
        line: violation.lineNumber.flatMap { $0 == 0 ? nil : $0 }, id: violation.ruleID,
        text: violation.message + content)
    }
  }
}

extension CommitlintHistory {
  /// commitlint's own verdicts (commitlint-verdicts.json: commitlint 21.2.2's sources run by Node
  /// 20 on a developer's machine, docs/testing.md says how), by line of history.jsonl, for the
  /// commits with problems.
  static let commitlintVerdicts: (version: String, verdicts: [Int: Verdict]) = {
    do {
      let data = try Data(contentsOf: folder.appendingPathComponent("commitlint-verdicts.json"))
      let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
      var verdicts: [Int: Verdict] = [:]
      for (index, verdict) in root["verdicts"] as! [String: [String: [String]]] {
        verdicts[Int(index)!] = Verdict(
          skipped: false, errors: verdict["errors"]!, warnings: verdict["warnings"]!)
      }
      return (root["commitlint"] as! String, verdicts)
    } catch {
      preconditionFailure("commitlint-verdicts.json: \(error)")
    }
  }()
}
