import Foundation
import StableTextJSON
import StableTextSessionSupport
import Testing

/// `stabletext rules` on a repository whose team keeps commitlint's and gitlint's files
/// (Protocol/README.md, "Team conventions"): each commitlint rule with its setting and where it
/// came from (the shared configuration extended, or the file's own `rules`), the `.gitlint`
/// sections as read and the rules they enable; for a file that is not a commit message, the same
/// with "not applied".
@Suite struct RulesConventions {
  /// A repository with a `.commitlintrc.yml` that extends config-conventional and sets two rules
  /// of its own, and a `.gitlint`.
  static func repository() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("rules-conventions-\(UUID())")
      .path
    try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
    try """
    extends: ['@commitlint/config-conventional']
    helpUrl: https://example.com/commits
    rules:
      type-enum: [2, always, [feat, fix]]
      scope-case: [1, always, lower-case]
    """.write(toFile: root + "/.commitlintrc.yml", atomically: true, encoding: .utf8)
    try "[general]\ncontrib = CT1\n[title-max-length]\nline-length = 60\n".write(
      toFile: root + "/.gitlint", atomically: true, encoding: .utf8)
    return root
  }

  @Test func textSaysWhereEachRuleCameFrom() throws {
    let root = try Self.repository()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try runBinary(["rules", root + "/.git/COMMIT_EDITMSG", root + "/notes.txt"])
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    let conventional = "@commitlint/config-conventional via extends[0] at \(root)/.commitlintrc.yml:1"
    let own = "rules at \(root)/.commitlintrc.yml:"
    let block = lines.drop { !$0.hasPrefix("  commitlint: ") }.prefix { !$0.hasPrefix("  covered: ") }
    #expect(
      Array(block) == [
        "  commitlint: \(root)/.commitlintrc.yml",
        "    body-leading-blank: [1,\"always\"]  (\(conventional))",
        "    body-max-line-length: [2,\"always\",100]  (\(conventional))",
        "    footer-leading-blank: [1,\"always\"]  (\(conventional))",
        "    footer-max-line-length: [2,\"always\",100]  (\(conventional))",
        "    header-max-length: [2,\"always\",100]  (\(conventional))",
        "    header-trim: [2,\"always\"]  (\(conventional))",
        "    subject-case: [2,\"never\",[\"sentence-case\",\"start-case\",\"pascal-case\",\"upper-case\"]]  (\(conventional))",
        "    subject-empty: [2,\"never\"]  (\(conventional))",
        "    subject-full-stop: [2,\"never\",\".\"]  (\(conventional))",
        "    type-case: [2,\"always\",\"lower-case\"]  (\(conventional))",
        "    type-empty: [2,\"never\"]  (\(conventional))",
        "    type-enum: [2,\"always\",[\"feat\",\"fix\"]]  (\(own)4)",
        "    scope-case: [1,\"always\",\"lower-case\"]  (\(own)5)",
        "    defaultIgnores: true",
        "    helpUrl: \"https://example.com/commits\"",
        "  gitlint: \(root)/.gitlint",
        "    [general] contrib = CT1",
        "    [title-max-length] line-length = 60",
        "    rules: I1 I2 I3 I4 T1 T2 T6 T3 T4 T5 T7 T8 B1 B5 B6 B2 B3 B4 B7 B8 M1 CT1",
      ])
    // The plain-text file beside it: the same files, not applied.
    #expect(
      lines.contains(
        "  commitlint: \(root)/.commitlintrc.yml (not applied: only commit-message files follow it)"))
    #expect(lines.contains("  gitlint: \(root)/.gitlint (not applied: only commit-message files follow it)"))
  }

  @Test func jsonHoldsTheSameAccount() throws {
    let root = try Self.repository()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try runBinary(["rules", "--format", "json", root + "/.git/COMMIT_EDITMSG"])
    #expect(result.status == 0, "\(result.err)")
    let entries = try JSONValue(parsing: result.out)
    let conventions = try #require(entries[0]?["conventions"])
    #expect(conventions["applies"] == true)
    #expect(conventions["commitlint"]?["file"]?.stringValue == root + "/.commitlintrc.yml")
    #expect(conventions["commitlint"]?["member"] == .null)
    #expect(conventions["commitlint"]?["helpUrl"] == "https://example.com/commits")
    let typeEnum = try #require(conventions["commitlint"]?["rules"]?["type-enum"])
    #expect(typeEnum["value"] == [2, "always", ["feat", "fix"]])
    #expect(typeEnum["from"]?.stringValue == "rules at \(root)/.commitlintrc.yml:4")
    let file = JSONValue.string(root + "/.commitlintrc.yml")
    #expect(
      typeEnum["origin"]
        == ["configuration": .null, "file": file, "line": 4, "field": "rules.type-enum", "via": []])
    let header = try #require(conventions["commitlint"]?["rules"]?["header-max-length"])
    #expect(
      header["from"]?.stringValue
        == "@commitlint/config-conventional via extends[0] at \(root)/.commitlintrc.yml:1")
    #expect(
      header["origin"]
        == [
          "configuration": "@commitlint/config-conventional", "file": file, "line": 1, "field": "extends[0]",
          "via": [],
        ])
    #expect(
      conventions["gitlint"]?["sections"]
        == [
          ["name": "general", "options": ["contrib": "CT1"]],
          ["name": "title-max-length", "options": ["line-length": "60"]],
        ])
    #expect(conventions["gitlint"]?["rules"]?.arrayValue?.count == 22)
  }
}
