import Foundation
import StableTextCore
import StableTextJSON
import Testing

/// The registry is the one list of rules (Protocol/README.md, "Every rule is a check"): the files
/// generated from it are fresh, and every list still kept by hand elsewhere says what it says.
@Suite struct GeneratedFromTheRegistry {
  /// Set to rewrite the generated files instead of comparing them (`scripts/generate-registry`).
  static let regenerate = ProcessInfo.processInfo.environment["STABLETEXT_REGENERATE"] == "1"

  static func read(_ path: String) throws -> String {
    try String(contentsOf: RegistryDocuments.root.appendingPathComponent(path), encoding: .utf8)
  }

  static func compare(_ path: String, _ generated: String) throws {
    let file = RegistryDocuments.root.appendingPathComponent(path)
    if try regenerate && generated != read(path) {
      try generated.write(to: file, atomically: true, encoding: .utf8)
    }
    #expect(try read(path) == generated, "\(path) is stale: run scripts/generate-registry")
  }

  @Test func protocolRuleTables() throws {
    let text = try Self.read("Protocol/README.md")
    let generated = try #require(
      RegistryDocuments.replacingGenerated(in: text), "Protocol/README.md has no generated part")
    try Self.compare("Protocol/README.md", generated)
  }

  @Test func readmeRuleTable() throws {
    let text = try Self.read("README.md")
    let generated = try #require(
      RegistryDocuments.replacingGenerated(in: text, with: RegistryDocuments.readmeTable),
      "README.md has no generated part")
    try Self.compare("README.md", generated)
  }

  @Test func manualRuleOptions() throws {
    let text = try Self.read("man/stabletext.1")
    let generated = try #require(
      RegistryDocuments.replacing(
        in: text, from: RegistryDocuments.manualBegin, to: RegistryDocuments.manualEnd,
        with: RegistryDocuments.manualOptions),
      "man/stabletext.1 has no generated part")
    try Self.compare("man/stabletext.1", generated)
  }

  @Test func commonSchema() throws {
    let text = try Self.read("Protocol/schemas/common.json")
    // The file as formatted is what the formatter writes (so only the registry's part can differ).
    #expect(RegistryDocuments.pretty(try JSONValue(parsing: text)) + "\n" == text)
    let generated = RegistryDocuments.pretty(
      RegistryDocuments.schema(replacingIn: try JSONValue(parsing: text)))
    try Self.compare("Protocol/schemas/common.json", generated + "\n")
  }
}

@Suite struct RuleRegistryAgreement {
  static func read(_ path: String) throws -> String { try GeneratedFromTheRegistry.read(path) }

  static var sessions: [(name: String, text: String)] {
    get throws {
      let folder = RegistryDocuments.root.appendingPathComponent("Protocol/conformance")
      return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasSuffix(".session")
      }
      .sorted().map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }
  }

  /// Every field is owned by exactly one check; names and options are each used once.
  @Test func everyFieldHasOneCheck() {
    let names = RuleRegistry.withConventions.checks.flatMap { $0.fields.map(\.name) }
    #expect(Set(names).count == names.count, "a field declared by two checks")
    #expect(names == RuleTable.fields.map(\.name))
    let options = RuleTable.fields.compactMap(\.option)
    #expect(Set(options).count == options.count)
    // A check that reports nothing and fixes nothing is a setting: it still owns a field.
    #expect(RuleRegistry.withConventions.checks.allSatisfy { !$0.fields.isEmpty || !$0.reports.isEmpty })
  }

  /// A rule kept in the rules' generic store, as every new rule is, is named under `Sources/`
  /// in at most three files: its check, the registry and a generated file (docs/CONTRIBUTING.md,
  /// "Adding a rule"). `requiredTrailers` is kept there, so this speaks of a real rule.
  @Test func aRuleInTheStoreIsNamedInItsCheckAlone() throws {
    let kept = RuleTable.fields.filter(\.isKeptInStore).map(\.name)
    #expect(kept.contains("requiredTrailers"))
    let sources = RegistryDocuments.root.appendingPathComponent("Sources")
    let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    let texts = try files.map { try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8) }
    for name in kept {
      let word = try Regex("(^|[^A-Za-z0-9_])\(name)($|[^A-Za-z0-9_])")
      let naming = zip(files, texts).filter { $0.1.contains(word) }.map(\.0)
      #expect(naming.count <= 3, "\(name) is named in \(naming)")
      #expect(naming.contains { $0.hasPrefix("StableTextCore/Checks/") }, "\(name) is named in \(naming)")
    }
  }

  /// Protocol/README.md's "Diagnostics" table lists exactly the registered codes (and the
  /// daemon's `out-of-sync`), each with the declared severity, message and data. A family of codes
  /// (the team's rules, each code a rule's name) is one row, its placeholder (`<commitlint rule>`),
  /// and every member is named in "Team conventions": a rule left out of the documents fails.
  @Test func diagnosticsTableIsTheRegistry() throws {
    let text = try Self.read("Protocol/README.md")
    let section = try #require(text.range(of: "## 6. Diagnostics"))
    let rows = text[section.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("| code |") }
      .dropFirst(2)
      .prefix { $0.hasPrefix("|") }
    var table: [String: [String]] = [:]
    for row in rows {
      let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      table[String(cells[1].dropFirst().dropLast())] = Array(cells.dropFirst(2))
    }
    let declared = RuleRegistry.withConventions.checks.flatMap(\.reports)
    #expect(Set(table.keys) == Set(declared.map(\.code.rawValue) + ["out-of-sync"]))
    let conventions = try #require(text.range(of: "## 5c. Team conventions"))
    let conventionsText = text[conventions.upperBound..<section.lowerBound]
    for report in declared where !report.family.isEmpty {
      #expect(Set(report.family).count == report.family.count, "\(report.code)")
      for member in report.family {
        #expect(
          conventionsText.contains("`\(member)`"), "\(report.code): \(member) is not in Team conventions")
      }
    }
    for report in declared {
      let cells = try #require(table[report.code.rawValue])
      let (severity, range, message, data) = (cells[0], cells[1], cells[2], cells[3])
      switch report.severity {
      case .fixed(let fixed): #expect(severity.hasPrefix(String(fixed.rawValue)), "\(report.code)")
      case .lineRule: #expect(severity.contains("rule"), "\(report.code)")
      case .configuredLevel: #expect(severity.contains("level"), "\(report.code)")
      case .rule(let field): #expect(severity.contains("`\(field)`"), "\(report.code)")
      }
      #expect(message.contains(report.message), "\(report.code): \(report.message)")
      #expect(range.contains(report.range), "\(report.code): \(report.range)")
      if report.data.isEmpty {
        #expect(data == "—", "\(report.code)")
      } else {
        let names = report.data.filter { $0 != "line" || data.hasPrefix("`{line") }
        #expect(data.hasPrefix("`{" + names.joined(separator: ", ") + "}`"), "\(report.code): \(data)")
        #expect(report.data.allSatisfy(data.contains), "\(report.code): \(data)")
      }
    }
  }

  /// Every registered code is published in at least one conformance session, and every fix's
  /// title is offered in one and named in "Code actions and hover".
  @Test func everyCodeAndFixHasASession() throws {
    let sessions = try Self.sessions
    // A family's codes are the team's rules (commitlint's, gitlint's): a session publishes at
    // least one of each family (`conventions-*`), and every member is published through the field
    // by `TeamConventionChecksTests` and the tools' own rule tests.
    let declarations = RuleRegistry.withConventions.checks.flatMap(\.reports)
    for declaration in declarations where !declaration.family.isEmpty {
      #expect(
        declaration.family.contains { code in sessions.contains { $0.text.contains("\"code\":\"\(code)\"") }
        },
        "no session publishes a member of \(declaration.code.rawValue)")
    }
    for declaration in declarations where declaration.family.isEmpty {
      let code = declaration.code.rawValue
      #expect(sessions.contains { $0.text.contains("\"code\":\"\(code)\"") }, "no session publishes \(code)")
    }
    let text = try Self.read("Protocol/README.md")
    let section = try #require(text.range(of: "## 7. Code actions and hover"))
    for fix in RuleRegistry.withConventions.checks.flatMap(\.offers) {
      #expect(
        sessions.contains { $0.text.contains("\"title\":\"\(fix.title)") },
        "no session offers \(fix.kind.rawValue)")
      #expect(text[section.upperBound...].contains("`\(fix.title)"), "\(fix.kind.rawValue)")
    }
  }

  /// docs/CONTRIBUTING.md's example of a check is the check's file, verbatim.
  @Test func contributingShowsARealCheck() throws {
    let guide = try Self.read("docs/CONTRIBUTING.md")
    let path = "Sources/StableTextCore/Checks/Rules/RequiredTrailersCheck.swift"
    let intro = try #require(
      guide.range(of: "A real one, `Checks/Rules/RequiredTrailersCheck.swift`, in full:"))
    let open = try #require(guide.range(of: "```swift\n", range: intro.upperBound..<guide.endIndex))
    let close = try #require(guide.range(of: "\n```\n", range: open.upperBound..<guide.endIndex))
    #expect(String(guide[open.upperBound..<close.lowerBound]) + "\n" == (try Self.read(path)))
  }

  /// The lists of units still typed elsewhere are the registry's: the golden wire's error for a
  /// bad unit, the schema's `unit` (generated), and `--unit`'s help (the Protocol's table and the
  /// manual: `DocumentationTests.documentedUnitsAreTheRegistry`).
  @Test func unitListsAreTheRegistry() throws {
    let names = LengthUnit.allCases.map(\.rawValue)
    let golden = try Self.read("Tests/Fixtures/wire/every-method.out")
    let quoted = names.map { "\\\"\($0)\\\"" }.joined(separator: ", ")
    #expect(golden.contains("expected one of \(quoted), got"))
    let schema = try JSONValue(parsing: try Self.read("Protocol/schemas/common.json"))
    #expect(schema["$defs"]?["unit"]?["enum"] == .array(names.map { .string($0) }))
    // The README's rule table names them, in the registry's order.
    let readme = try Self.read("README.md")
    let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `unit` | ") })
    let named = row.split(separator: "`").map(String.init).filter(names.contains)
    #expect(named == names, "README.md's unit row")
    let help = try #require(RuleTable.field(named: "unit")?.help)
    #expect(names.allSatisfy(help.contains))
  }
}
