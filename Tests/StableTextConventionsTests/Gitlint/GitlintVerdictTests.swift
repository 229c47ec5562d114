import Foundation
import StableTextCore
import StableTextProject
import Testing

@testable import StableTextConventions

/// gitlint's own verdicts (gitlint-core 0.19.1 from PyPI, run by
/// scripts/generate-gitlint-verdicts.py; the project's record in Tests/Oracles/gitlint) on 600
/// generated messages under six configurations, replayed through the port: every violation, its
/// message, content and line, in gitlint's order.
@Suite struct GitlintVerdictTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var index: Int
    var configuration: Int
    var message: String
    var authorName: String?
    var authorEmail: String?
    var violations: [GitlintViolation]
    var testDescription: String { "#\(index) config \(configuration) \(String(reflecting: message))" }
  }

  static let file: (configurations: [[[String]]], cases: [Case]) = {
    do {
      let data = try Data(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
          .deletingLastPathComponent().appendingPathComponent("Oracles/gitlint/verdicts.json"))
      let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
      let configurations = root["configurations"] as! [[[String]]]
      let cases = (root["cases"] as! [[String: Any]]).enumerated().map { index, entry in
        Case(
          index: index, configuration: entry["configuration"] as! Int, message: entry["message"] as! String,
          authorName: entry["authorName"] as? String, authorEmail: entry["authorEmail"] as? String,
          violations: (entry["violations"] as! [[Any]]).map { violation in
            GitlintViolation(
              violation[0] as! String, violation[1] as! String, violation[2] as? String, violation[3] as? Int)
          })
      }
      return (configurations, cases)
    } catch {
      preconditionFailure("verdicts.json: \(error)")
    }
  }()

  /// A configuration as gitlint builds it: `[general]` first, then the rules' sections in order.
  static func configuration(_ options: [[String]]) throws -> GitlintConfiguration {
    var general = GitlintGeneralOptions()
    for option in options where option[0] == "general" {
      try general.set(option[1], option[2])
    }
    var configuration = GitlintConfiguration(general: general, engine: PCRE2Engine())
    for option in options where option[0] != "general" {
      try configuration.setOption(rule: option[0], option[1], option[2])
    }
    return configuration
  }

  @Test func theFileHoldsEveryConfiguration() {
    #expect(Self.file.cases.count == 600)
    #expect(Set(Self.file.cases.map(\.configuration)) == Set(0..<Self.file.configurations.count))
    #expect(Self.file.cases.reduce(0) { $0 + $1.violations.count } > 1000)
  }

  @Test(arguments: file.cases) func sameVerdictAsGitlint(_ test: Case) throws {
    let configuration = try Self.configuration(Self.file.configurations[test.configuration])
    let commit = GitlintCommit(
      message: test.message, authorName: test.authorName, authorEmail: test.authorEmail)
    #expect(GitlintLinter.lint(commit, configuration) == test.violations)
  }
}
