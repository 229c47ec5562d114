import Foundation
import StableTextConventions
import StableTextCore
import Testing

/// Every rule is a check (Protocol/README.md, "Every rule is a check"): a rule field is named in
/// at most three files under `Sources/` (its check's file, where its value is kept, and one
/// reader of the concept it belongs to), a commitlint rule's name is written in the file that
/// implements it, and a rule's fix lives with the rule.
///
/// A Swift file names a field when the field's name appears in it as a whole word: a property or
/// an argument label of that name, its JSON key in a string literal (`"maxLength"` is the same
/// word), a key path, or a comment citing it. The count is strict on purpose: a comment that
/// cites a field is a reader who must be kept in step with it. Only Swift files count: the
/// library's DocC articles and the web demo are documents, not code that reads a field. A name
/// that is also a common word (`unit`, `encoding`, `preset`, `policy`, `placeholder`) or another
/// type's property (`LineRule.maxLength`) counts every use of the word.
@Suite struct EveryRuleIsACheck {
  /// The Swift files under `Sources/`, by path relative to it, with their text.
  static let sources: [(path: String, text: String)] = {
    let folder = RegistryDocuments.root.appendingPathComponent("Sources")
    let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
    return paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
      (path, (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? "")
    }
  }()

  /// The files under `Sources/` that name `word` as a whole word.
  static func files(naming word: String) -> [String] {
    sources.filter { names($0.text, word) }.map(\.path)
  }

  /// Whether `text` holds `word` with no letter, digit or underscore on either side (a search
  /// by hand: `Regex` takes a minute over every field and file).
  static func names(_ text: String, _ word: String) -> Bool {
    func isWordByte(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == 0x5F
    }
    let bytes = Array(text.utf8)
    let pattern = Array(word.utf8)
    guard let first = pattern.first, bytes.count >= pattern.count else { return false }
    var at = 0
    while at + pattern.count <= bytes.count {
      if bytes[at] == first, bytes[at..<at + pattern.count].elementsEqual(pattern),
        at == 0 || !isWordByte(bytes[at - 1]),
        at + pattern.count == bytes.count || !isWordByte(bytes[at + pattern.count])
      {
        return true
      }
      at += 1
    }
    return false
  }

  /// The search by hand agrees with the word's definition on the edges that matter.
  @Test(arguments: [
    ("maxLength", "rules.maxLength = 1", true), ("maxLength", "\"maxLength\": 3", true),
    ("maxLength", "maxLength", true), ("maxLength", "defaultMaxLength", false),
    ("maxLength", "maxLengthRange", false), ("maxLength", "max_maxLength", false),
    ("maxLength", "`maxLength`.", true), ("unit", "units", false),
  ])
  func aWordIsWhole(word: String, text: String, named: Bool) {
    #expect(Self.names(text, word) == named)
  }

  /// The fields still kept as stored properties of `Rules` and `RulePatch` and read by their
  /// consumers directly, with the most files each may be named in until it becomes a check in
  /// the shape `RequiredTrailersCheck` has. A field leaves this table when it is named in three
  /// files or fewer (the test below fails until it is removed), and no count may grow.
  static let notYetChecks: [String: Int] = [
    "maxLength": 42, "unit": 85, "policy": 11, "minLength": 12,
    "placeholder": 16, "encoding": 77, "lineRules": 27,
    "tabSize": 40, "preset": 49,
  ]

  /// Each rule field is named in at most three files under `Sources/`, or, while it waits in
  /// `notYetChecks`, in no more files than that table allows. The failure lists every field
  /// over, with its files.
  @Test func everyRuleFieldIsNamedInAtMostThreeFiles() {
    let names = RuleTable.fields.map(\.name)
    #expect(Set(Self.notYetChecks.keys).isSubset(of: names), "notYetChecks names a field that is none")
    var over: [String] = []
    for name in names {
      let naming = Self.files(naming: name)
      let allowed = Self.notYetChecks[name] ?? 3
      if naming.count > allowed {
        over.append("\(name) (\(naming.count) files, at most \(allowed)): \(naming.joined(separator: ", "))")
      }
      if naming.count <= 3 {
        #expect(
          Self.notYetChecks[name] == nil,
          "\(name) is named in \(naming.count) files: remove it from notYetChecks")
      }
    }
    #expect(over.isEmpty, "rule fields named in too many files:\n\(over.joined(separator: "\n"))")
  }

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
