import Foundation
import StableTextConventions
import StableTextCore
import Testing

/// Every rule is a check (Protocol/README.md, "Every rule is a check"): a commitlint rule's name
/// is written in the file that implements it, and a rule's fix lives with the rule. That no rule
/// field is named in more than three files under `Sources/` is `scripts/check-rule-fields`'
/// (the test command runs it after the build): it asks the compiler's index which files refer
/// to the Swift property that keeps a field, which a search of the text cannot tell (`unit` is
/// also a word and other types' property).
@Suite struct EveryRuleIsACheck {
  /// The Swift files under `Sources/`, by path relative to it, with their text.
  static let sources: [(path: String, text: String)] = {
    let folder = RegistryDocuments.root.appendingPathComponent("Sources")
    let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
    return paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
      (path, (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? "")
    }
  }()

  /// The Swift file declaring the type named `type` under `Sources/`.
  static func file(declaring type: String) throws -> (path: String, text: String) {
    let found = sources.filter { file in
      ["struct", "enum", "class"].contains {
        file.text.contains("\($0) \(type):") || file.text.contains("\($0) \(type) ")
      }
    }
    try #require(found.count == 1, "\(type) is declared in \(found.map(\.path))")
    return found[0]
  }

  /// Every commitlint rule's name is a string literal in the file of the type implementing it,
  /// so that searching for a rule's name (`header-max-length`) reaches its code.
  @Test func everyCommitlintRuleIsNamedInItsFile() throws {
    for rule in CommitlintRules.all {
      let type = String(describing: Swift.type(of: rule))
      let file = try Self.file(declaring: type)
      #expect(file.text.contains("\"\(rule.name)\""), "\(rule.name) is not written in \(file.path)")
    }
  }

  /// The commitlint check picks no rule by name: a fix is the rule's own (its file offers it),
  /// so no file of the check names a rule.
  @Test func commitlintFixesLiveWithTheirRules() throws {
    let names = CommitlintRules.all.map(\.name)
    let checks = Self.sources.filter { $0.path.hasPrefix("StableTextConventions/Checks/") }
    #expect(!checks.isEmpty)
    for file in checks {
      let named = names.filter { file.text.contains("\"\($0)\"") }
      #expect(named.isEmpty, "\(file.path) picks rules by name: \(named)")
    }
    // The rules that offer a fix are the four whose fix has one right answer.
    #expect(
      CommitlintRules.all.filter { $0.offersFix }.map(\.name).sorted() == [
        "header-full-stop", "header-trim", "subject-full-stop", "type-case",
      ])
  }
}
