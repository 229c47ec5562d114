import Foundation
import StableTextCore
import StableTextProject

/// What gitlint's test helper `gitcommit(message, changed_files, **attributes)` builds: a commit
/// read from a message, with `#` as the comment character.
func gitcommit(
  _ message: String, _ changedFiles: [String] = [], authorName: String? = nil, authorEmail: String? = nil
) -> GitlintCommit {
  GitlintCommit(
    message: message, authorName: authorName, authorEmail: authorEmail, changedFiles: changedFiles)
}

/// `Rule({"option": "value", …})`: the rule's defaults with options set from text, as `.gitlint`
/// gives them (regular expressions compiled by PCRE2, as the daemon's are).
func options(_ rule: some GitlintRule, _ settings: KeyValuePairs<String, String> = [:]) -> GitlintOptions {
  var options = rule.defaultOptions
  for (name, raw) in settings {
    do {
      try options.set(name, raw, rule: rule.id, engine: PCRE2Engine())
      try rule.prepare(&options, engine: PCRE2Engine())
    } catch {
      preconditionFailure("\(rule.id).\(name)=\(raw): \(error)")
    }
  }
  return options
}

/// The vendored gitlint files (Tests/Fixtures/gitlint, with gitlint's licence).
enum GitlintFixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/gitlint")

  static func text(_ path: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
  }

  /// gitlint's `get_sample("commit_message/…")`.
  static func sample(_ name: String) throws -> String { try text("samples/commit_message/\(name)") }

  /// The `def test_…` functions of a vendored test file, in order.
  static func testFunctions(_ file: String) throws -> [String] {
    try text(file).split(separator: "\n").compactMap { line in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("def test_") else { return nil }
      return String(trimmed.dropFirst("def ".count).prefix { $0 != "(" })
    }
  }
}
