import StableTextConventions
import StableTextCore
import Testing

@testable import StableTextProject

/// JavaScript and TypeScript configurations in commitlint's search (Protocol/README.md,
/// "JavaScript and TypeScript configurations", "Configuration problems"): the files, the rules
/// that apply from them and every problem with its line and column, as `check`, the hook, the
/// daemon, `rules` and the MCP tools get them from the configuration search.
struct ScriptSearchCase: CustomTestStringConvertible, Sendable {
  var name: String
  /// The repository's files, by path.
  var files: [(String, String)]
  /// The file whose conventions are looked up.
  var file = ".git/COMMIT_EDITMSG"
  /// The file the commitlint configuration comes from (nil: none applies).
  var source: String?
  /// The settings that apply, as `NAME [level,condition,value]`, for the rules named here.
  var settings: [String]
  /// How many rules apply in all.
  var ruleCount: Int
  /// The `ignores` predicates read.
  var ignores: [String] = []
  var problems: [String]
  var testDescription: String { name }
}

/// `NAME [level,"condition",value]`, or `NAME absent`.
func settingLine(_ configuration: CommitlintConfiguration?, _ name: String) -> String {
  guard let setting = configuration?.setting(name) else { return "\(name) absent" }
  var items = ["\(setting.level)"]
  if let condition = setting.condition { items.append("\"\(condition.rawValue)\"") }
  if let value = setting.value { items.append(compactJSON(value)) }
  return "\(name) [\(items.joined(separator: ","))]"
}

let scriptSearchCases: [ScriptSearchCase] = [
  ScriptSearchCase(
    name: "TypeScript: RuleConfigSeverity, a const list spread into scope-enum, as const, satisfies",
    files: [
      (
        "commitlint.config.ts",
        """
        import type { UserConfig } from '@commitlint/types';
        import { RuleConfigSeverity } from '@commitlint/types';

        const scopes = ['api', 'web'] as const;

        export default {
          extends: ['@commitlint/config-conventional'],
          rules: {
            'scope-enum': [RuleConfigSeverity.Error, 'always', [...scopes, 'deps']],
            'header-max-length': [RuleConfigSeverity.Warning, 'always', 80],
          },
        } satisfies UserConfig;

        """
      )
    ],
    source: "commitlint.config.ts",
    settings: [
      #"scope-enum [2,"always",["api","web","deps"]]"#, #"header-max-length [1,"always",80]"#,
      #"type-enum [2,"always",["build","chore","ci","docs","feat","fix","perf","refactor","revert","style","test"]]"#,
    ], ruleCount: 13, problems: []),
  ScriptSearchCase(
    name: "a binding that needs code: that rule not honoured, the rest applies",
    files: [
      (
        "commitlint.config.js",
        """
        const { readdirSync } = require('fs');

        module.exports = {
          extends: ['@commitlint/config-conventional'],
          rules: {
            'scope-enum': [2, 'always', readdirSync('packages')],
            'subject-case': [2, 'never', ['upper-case']],
          },
        };

        """
      )
    ],
    source: "commitlint.config.js",
    settings: [#"scope-enum absent"#, #"subject-case [2,"never",["upper-case"]]"#], ruleCount: 12,
    problems: [
      #"ROOT/commitlint.config.js:6:33: rules["scope-enum"] is not honoured: readdirSync(…), a call of readdirSync from fs, which StableText does not run; the rest applies"#
    ]),
  ScriptSearchCase(
    name: "defineConfig from cz-git, an ignores predicate, process.env in helpUrl",
    files: [
      (
        ".commitlintrc.cjs",
        """
        const { defineConfig } = require('cz-git');

        module.exports = defineConfig({
          rules: { 'type-enum': [2, 'always', ['feat', 'fix']] },
          ignores: [(message) => message.startsWith('WIP')],
          helpUrl: process.env.HELP_URL,
        });

        """
      )
    ],
    source: ".commitlintrc.cjs", settings: [#"type-enum [2,"always",["feat","fix"]]"#], ruleCount: 1,
    ignores: [#"message.startsWith("WIP")"#],
    problems: [
      "ROOT/.commitlintrc.cjs:6:12: helpUrl is not honoured: process.env, which depends on how commitlint is run; the rest applies"
    ]),
  ScriptSearchCase(
    name: "a level commitlint refuses: invalid, at the rule's setting",
    files: [
      ("commitlint.config.mjs", "export default {\n  rules: {\n    'type-empty': [3, 'never'],\n  },\n};\n")
    ],
    source: nil, settings: [], ruleCount: 0,
    problems: [
      "ROOT/commitlint.config.mjs:3:19: rules.type-empty[0]: the level must be 0, 1 or 2, not 3; the file is ignored"
    ]),
  ScriptSearchCase(
    name: "a syntax error: invalid, where Node stops",
    files: [
      ("commitlint.config.js", "module.exports = {\n  rules: {\n    'type-empty': [2, 'never'\n  },\n};\n")
    ],
    source: nil, settings: [], ruleCount: 0,
    problems: [
      "ROOT/commitlint.config.js:4:3: not JavaScript that Node loads: expected ','; the file is ignored"
    ]),
  ScriptSearchCase(
    name: "module.exports in a package of type module: Node loads nothing, StableText applies it",
    files: [
      ("package.json", #"{"name": "x", "type": "module"}"#),
      ("commitlint.config.js", "module.exports = {rules: {'type-empty': [2, 'never']}};\n"),
    ],
    source: "commitlint.config.js", settings: [#"type-empty [2,"never"]"#], ruleCount: 1,
    problems: [
      #"ROOT/commitlint.config.js:1:1: commitlint (Node) loads nothing from this file: it uses CommonJS's module (line 1), and package.json says "type": "module": Node stops it with a ReferenceError; StableText applies what it read"#
    ]),
  ScriptSearchCase(
    name: "the nearest package.json decides the format, even in a folder above",
    files: [
      ("package.json", #"{"name": "x", "type": "module"}"#),
      ("tools/commitlint.config.js", "export default {rules: {'type-empty': [2, 'never']}};\n"),
    ],
    file: "tools/.git/COMMIT_EDITMSG", source: "tools/commitlint.config.js",
    settings: [#"type-empty [2,"never"]"#], ruleCount: 1, problems: []),
  ScriptSearchCase(
    name: "an ES module that exports nothing: commitlint looks further, and says nothing",
    files: [
      (".commitlintrc.json", #"{"rules": {"type-empty": [2, "never"]}}"#),
      ("sub/commitlint.config.mjs", "export const scopes = ['a'];\n"),
    ],
    file: "sub/a.txt", source: ".commitlintrc.json", settings: [#"type-empty [2,"never"]"#], ruleCount: 1,
    problems: [
      "ROOT/sub/commitlint.config.mjs:1:1: commitlint (Node) loads nothing from this file: a .mjs file is an ES module, and it has no default export: commitlint looks further, and so does StableText"
    ]),
  ScriptSearchCase(
    name: "positions far past a list or a string are out of range, never a trap",
    files: [
      (
        "commitlint.config.js",
        """
        const padded = 'x'.padStart(1e300);
        module.exports = {
          rules: { 'type-enum': [2, 'always', [String([1, 2].at(1e300)), 'x'.charAt(Infinity) + 'y']] },
        };

        """
      )
    ],
    source: "commitlint.config.js", settings: [#"type-enum [2,"always",["undefined","y"]]"#], ruleCount: 1,
    problems: []),
  ScriptSearchCase(
    name: "commitlint's order in a folder: .commitlintrc.js before commitlint.config.ts",
    files: [
      ("commitlint.config.ts", "export default {rules: {'type-empty': [2, 'never']}};\n"),
      (".commitlintrc.js", "module.exports = {rules: {'subject-empty': [2, 'never']}};\n"),
    ],
    source: ".commitlintrc.js", settings: [#"subject-empty [2,"never"]"#, "type-empty absent"], ruleCount: 1,
    problems: []),
  ScriptSearchCase(
    name: "commitlint's order in a folder: YAML before JavaScript",
    files: [
      ("commitlint.config.js", "module.exports = {rules: {'type-empty': [2, 'never']}};\n"),
      (".commitlintrc.yml", "rules:\n  subject-empty: [2, never]\n"),
    ],
    source: ".commitlintrc.yml", settings: [#"subject-empty [2,"never"]"#, "type-empty absent"], ruleCount: 1,
    problems: []),
  ScriptSearchCase(
    name: "the nearest folder first: a TypeScript file below a JSON one",
    files: [
      (".commitlintrc.json", #"{"rules": {"subject-empty": [2, "never"]}}"#),
      ("sub/commitlint.config.cts", "export = {rules: {'type-empty': [2, 'never']}};\n"),
    ],
    file: "sub/a.txt", source: "sub/commitlint.config.cts",
    settings: [#"type-empty [2,"never"]"#, "subject-empty absent"], ruleCount: 1, problems: []),
]

@Test(arguments: scriptSearchCases)
func aScriptConfigurationIsReadInCommitlintsSearch(_ example: ScriptSearchCase) throws {
  let found = teamConventions(example.files, for: example.file)
  #expect(found.problems == example.problems, "\(example.name)")
  let setup = found.conventions?.commitlint
  #expect(setup?.file == example.source.map { found.root + "/" + $0 }, "\(example.name)")
  let configuration = setup?.configuration
  #expect(
    example.settings.map { settingLine(configuration, $0.split(separator: " ")[0].description) }
      == example.settings)
  #expect(configuration?.rules.count ?? 0 == example.ruleCount, "\(example.name)")
  #expect((configuration?.ignores ?? []).map(\.description) == example.ignores, "\(example.name)")
}
