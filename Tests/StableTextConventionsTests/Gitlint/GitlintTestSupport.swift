import Foundation
import StableTextCore
import StableTextProject
import StableTextTestSupport

@testable import StableTextConventions

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

/// gitlint's sample messages (from gitlint 0.19.1's `tests/samples/commit_message/`), kept beside
/// the project with gitlint's licence in ../shared/third-party/gitlint-samples: a missing one
/// fails the test that reads it, naming its path.
enum GitlintSamples {
  /// gitlint's `get_sample("commit_message/…")`.
  static func sample(_ name: String) throws -> String { try ThirdPartyData.text("gitlint-samples/\(name)") }
}
