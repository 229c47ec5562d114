import Foundation
import StableTextCore
import Testing

@testable import StableTextConventions

/// The parser against conventional-commits-parser itself: 1,300 messages of random pieces (types,
/// scopes, `!`, note keywords, references, URLs, mentions, reverts, CR, U+2028, non-BMP text) and
/// what the JavaScript parser (v7.1.2, run by Node 20 under angular's or conventionalcommits'
/// options as `@commitlint/parse` merges them) made of each: the project's record of its answers,
/// Tests/Oracles/conventional-commits-parser/differential.json (docs/testing.md says how it was
/// made). Every field must agree.
struct ConventionalCommitDifferentialTests {
  static func cases() throws -> [[String: Any]] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Oracles/conventional-commits-parser/differential.json").path
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  static func string(_ value: Any?) -> String? { value as? String }

  @Test func agreesWithTheJavaScriptParser() throws {
    let cases = try Self.cases()
    #expect(cases.count == 1300)
    var disagreements: [String] = []
    for row in cases {
      let message = try #require(row["message"] as? String)
      let options: ConventionalCommitParser.Options =
        row["preset"] as? String == "cc" ? .conventionalCommits : .commitlintDefault
      let commit = ConventionalCommitParser(options).parse(message)
      guard let expected = row["expected"] as? [String: Any] else {
        if commit != nil { disagreements.append("\(message.debugDescription): parsed, JavaScript throws") }
        continue
      }
      guard let commit else {
        disagreements.append("\(message.debugDescription): not parsed")
        continue
      }
      var fields: [String: (String?, String?)] = [
        "header": (commit.header, Self.string(expected["header"])),
        "type": (commit.type, Self.string(expected["type"])),
        "scope": (commit.scope, Self.string(expected["scope"])),
        "subject": (commit.subject, Self.string(expected["subject"])),
        "body": (commit.body, Self.string(expected["body"])),
        "footer": (commit.footer, Self.string(expected["footer"])),
      ]
      let notes = (expected["notes"] as? [[String: Any]] ?? []).map {
        "\($0["title"] ?? "")=\($0["text"] ?? "")"
      }
      fields["notes"] = (
        commit.notes.map { "\($0.title)=\($0.text)" }.joined(separator: "|"), notes.joined(separator: "|")
      )
      let references = (expected["references"] as? [[String: Any]] ?? []).map { reference in
        ["raw", "action", "owner", "repository", "prefix", "issue"].map {
          "\(reference[$0] as? String ?? "nil")"
        }
        .joined(separator: ",")
      }
      fields["references"] = (
        commit.references.map {
          [$0.raw, $0.action ?? "nil", $0.owner ?? "nil", $0.repository ?? "nil", $0.prefix, $0.issue].joined(
            separator: ",")
        }.joined(separator: "|"), references.joined(separator: "|")
      )
      fields["mentions"] = (
        commit.mentions.joined(separator: ","),
        (expected["mentions"] as? [String] ?? []).joined(separator: ",")
      )
      let revert = expected["revert"] as? [String: Any]
      fields["revert"] = (
        commit.revert.map { "\(($0["header"] ?? nil) ?? "nil")/\(($0["hash"] ?? nil) ?? "nil")" },
        revert.map { "\($0["header"] as? String ?? "nil")/\($0["hash"] as? String ?? "nil")" }
      )
      for (name, (ours, theirs)) in fields.sorted(by: { $0.key < $1.key }) where ours != theirs {
        disagreements.append(
          "\(message.debugDescription) \(name): \(ours.debugDescription) ≠ \(theirs.debugDescription)")
      }
    }
    #expect(
      disagreements.isEmpty,
      "\(disagreements.count) disagreements:\n\(disagreements.prefix(40).joined(separator: "\n"))")
  }
}
