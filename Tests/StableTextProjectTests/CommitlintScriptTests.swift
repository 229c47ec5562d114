import StableTextConventions
import StableTextCore
import Testing

@testable import StableTextProject

/// A value as compact JSON in the order written (`{"a":[1,"x"]}`), numbers as JavaScript prints
/// them.
func compactJSON(_ value: CommitlintValue?) -> String {
  guard let value else { return "nothing" }
  switch value {
  case .null: return "null"
  case .bool(let flag): return flag ? "true" : "false"
  case .number(let number): return JavaScriptNumber.string(number)
  case .string(let text): return CommitlintIgnore.Text.literal(text).description
  case .array(let elements): return "[" + elements.map(compactJSON).joined(separator: ",") + "]"
  case .object(let members):
    return "{"
      + members.map { CommitlintIgnore.Text.literal($0.name).description + ":" + compactJSON($0.value) }
      .joined(separator: ",") + "}"
  }
}

/// What the reader gives for a file, in one comparable line: the configuration, the ignores
/// predicates, the notes, the module format's warning.
struct ScriptReading: Equatable, CustomStringConvertible {
  var configuration: String
  var ignores: [String]?
  var notes: [String]
  var warning: String?

  init(_ configuration: String, ignores: [String]? = nil, notes: [String] = [], warning: String? = nil) {
    self.configuration = configuration
    self.ignores = ignores
    self.notes = notes
    self.warning = warning
  }

  init(_ result: Result<CommitlintScript, JavaScriptSyntaxError>) {
    switch result {
    case .success(let script):
      self.init(
        compactJSON(script.configuration), ignores: script.ignores?.map(\.description),
        notes: script.notHonoured.map(\.description), warning: script.formatWarning)
    case .failure(let error):
      self.init("syntax error: \(error)")
    }
  }

  var description: String {
    "\(configuration) ignores: \(ignores.map { "\($0)" } ?? "none") notes: \(notes) warning: \(warning ?? "none")"
  }
}

func readScript(_ text: String, name: String = "commitlint.config.js", packageType: String? = nil)
  -> ScriptReading
{
  ScriptReading(CommitlintScript.read(Array(text.utf8), fileName: name, packageType: packageType))
}

/// The reader on files written to exercise one construct each: the value it reads, what it does
/// not honour (line:column and key path), the syntax it refuses.
@Suite struct CommitlintScriptTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var file: String
    var packageType: String?
    var text: String
    var expected: ScriptReadingExpectation

    var testDescription: String { name }
  }

  /// Sendable twin of ScriptReading for the table.
  struct ScriptReadingExpectation: Sendable {
    var configuration: String
    var ignores: [String]?
    var notes: [String]
    var warning: String?

    init(_ configuration: String, ignores: [String]? = nil, notes: [String] = [], warning: String? = nil) {
      self.configuration = configuration
      self.ignores = ignores
      self.notes = notes
      self.warning = warning
    }

    var reading: ScriptReading {
      ScriptReading(configuration, ignores: ignores, notes: notes, warning: warning)
    }
  }

  static let cases: [Case] = [
    Case(
      name: "module.exports of a literal", file: "commitlint.config.js",
      text: """
        module.exports = {
          extends: ['@commitlint/config-conventional'],
          rules: { 'header-max-length': [2, 'always', 72], "type-enum": [2, "always", ["feat", 'fix']] },
        };
        """,
      expected: .init(
        #"{"extends":["@commitlint/config-conventional"],"rules":{"header-max-length":[2,"always",72],"type-enum":[2,"always",["feat","fix"]]}}"#
      )),
    Case(
      name: "export default with TypeScript's types", file: "commitlint.config.ts",
      text: """
        import type { UserConfig } from '@commitlint/types';
        import { RuleConfigSeverity } from '@commitlint/types';

        interface Scope { name: string; }
        type Level = 0 | 1 | 2;
        const scopes: readonly string[] = ['api', 'web'] as const;

        const Configuration: UserConfig = {
          extends: ['@commitlint/config-conventional'],
          rules: {
            'scope-enum': [RuleConfigSeverity.Error, 'always', [...scopes]] as [Level, 'always', string[]],
            'body-max-line-length': [RuleConfigSeverity.Disabled] satisfies unknown,
            'subject-case': <any>[RuleConfigSeverity.Warning, 'never', ['upper-case']],
          },
        };

        export default Configuration!;
        """,
      expected: .init(
        #"{"extends":["@commitlint/config-conventional"],"rules":{"scope-enum":[2,"always",["api","web"]],"body-max-line-length":[0],"subject-case":[1,"never",["upper-case"]]}}"#
      )),
    Case(
      name: "a function in rules and one not read", file: "commitlint.config.js",
      text: """
        const fs = require('fs');
        module.exports = {
          rules: {
            'header-max-length': () => [2, 'always', 80],
            'scope-enum': async () => [2, 'always', fs.readdirSync('packages')],
          },
        };
        """,
      expected: .init(
        #"{"rules":{"header-max-length":[2,"always",80]}}"#,
        notes: [
          #"5:45: rules["scope-enum"] is not honoured: fs.readdirSync(…), a call of readdirSync from fs, which StableText does not run"#
        ]
      )),
    Case(
      name: "ignores predicates", file: "commitlint.config.mjs",
      text: """
        const skip = ['WIP', 'wip'];
        export default {
          ignores: [
            (commit) => commit.includes('[skip lint]'),
            function (message) { return /^Merge/.test(message) || message.startsWith('Revert'); },
            (m) => skip.some((p) => m.startsWith(p)),
            (m) => m.split('\\n')[0].toLowerCase().endsWith('!'),
            (m) => process.env.CI === 'true',
          ],
        };
        """,
      expected: .init(
        "{}",
        ignores: [
          #"message.includes("[skip lint]")"#,
          #"(/^Merge/.test(message)) || (message.startsWith("Revert"))"#,
          #"(message.startsWith("WIP")) || (message.startsWith("wip"))"#,
          #"message.split("\n")[0].toLowerCase().endsWith("!")"#,
        ],
        notes: ["8:12: ignores[4] is not honoured: process.env, which depends on how commitlint is run"])),
    Case(
      name: "CommonJS in a package of ES modules", file: "commitlint.config.js", packageType: "module",
      text: "module.exports = { extends: ['@commitlint/config-conventional'] };\n",
      expected: .init(
        #"{"extends":["@commitlint/config-conventional"]}"#,
        warning:
          #"commitlint (Node) loads nothing from this file: it uses CommonJS's module (line 1), and package.json says "type": "module": Node stops it with a ReferenceError; StableText applies what it read"#
      )),
    Case(
      name: "a syntax error", file: "commitlint.config.js",
      text: "module.exports = {\n  rules: { 'a': [2, 'always' 3] }\n};\n",
      expected: .init("syntax error: expected ',' (line 2, column 30)")),
  ]

  @Test(arguments: cases) func reads(_ row: Case) {
    let reading = readScript(row.text, name: row.file, packageType: row.packageType)
    #expect(reading == row.expected.reading, "\(reading)")
  }
}
