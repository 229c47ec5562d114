import StableTextConventions
import StableTextCore
import StableTextProject
import Testing

/// `extends` entries that are not built in, resolved from `node_modules` as commitlint's
/// resolve-extends resolves them (Protocol/README.md, "Shareable configurations in
/// node_modules"), read and never run; every fixture is written here. The settings expected were
/// checked against commitlint's own `load` (21.2.2, Node 24) on the same files.
struct NodeModulesCase: CustomTestStringConvertible, Sendable {
  var name: String
  var files: [(String, String)]
  /// Settings expected, by rule (level, condition, number).
  var settings: [String: CommitlintRuleSetting] = [:]
  /// Origins expected, by rule: (configuration, file relative to the root, line, field, via: each
  /// (name, file, line, field)).
  var origins: [String: (String?, String, Int, String, [(String, String, Int, String)])] = [:]
  /// The problems said, the scratch folder written `ROOT`.
  var problems: [String] = []
  /// Whether a configuration applies (false: the files are invalid).
  var applies = true
  var testDescription: String { name }
}

private let acmeIndex = """
  module.exports = {
    extends: ['@commitlint/config-conventional'],
    rules: {
      'header-max-length': [2, 'always', 72],
    },
  };
  """

private let honourTail =
  "; StableText reads a shareable configuration installed in node_modules, and has "
  + "@commitlint/config-conventional and @commitlint/config-angular built in; the rest applies"

let nodeModulesCases: [NodeModulesCase] = [
  NodeModulesCase(
    name: "a package's main, which extends a built-in configuration",
    files: [
      (
        "package.json",
        """
        {
          "name": "fx",
          "commitlint": {
            "extends": ["@acme/commitlint-config"],
            "rules": {"scope-case": [1, "always", "lower-case"]}
          }
        }
        """
      ),
      (
        "node_modules/@acme/commitlint-config/package.json",
        #"{"name": "@acme/commitlint-config", "main": "index.js"}"#
      ),
      ("node_modules/@acme/commitlint-config/index.js", acmeIndex),
    ],
    settings: [
      "header-max-length": CommitlintRuleSetting(2, .always, .number(72)),
      "body-max-line-length": CommitlintRuleSetting(2, .always, .number(100)),
      "scope-case": CommitlintRuleSetting(1, .always, .string("lower-case")),
    ],
    origins: [
      "header-max-length": (
        "@acme/commitlint-config", "node_modules/@acme/commitlint-config/index.js", 4,
        "rules.header-max-length",
        [("@acme/commitlint-config", "package.json", 4, "extends[0]")]
      ),
      "type-enum": (
        "@commitlint/config-conventional", "node_modules/@acme/commitlint-config/index.js", 2, "extends[0]",
        [("@acme/commitlint-config", "package.json", 4, "extends[0]")]
      ),
      "scope-case": (nil, "package.json", 5, "rules.scope-case", []),
    ]),
  NodeModulesCase(
    name: "a JavaScript configuration's extends, an element on each line, one spread",
    files: [
      ("package.json", #"{"name": "fx", "type": "module"}"#),
      (
        "commitlint.config.js",
        """
        const base = ['@commitlint/config-conventional'];
        export default {
          extends: [
            ...base,
            '@acme/commitlint-config',
          ],
          rules: {'scope-case': [1, 'always', 'lower-case']},
        };
        """
      ),
      ("node_modules/@acme/commitlint-config/package.json", #"{"name": "@acme/commitlint-config"}"#),
      (
        "node_modules/@acme/commitlint-config/index.js",
        "module.exports = {\n  rules: {'header-max-length': [2, 'always', 72]},\n};\n"
      ),
    ],
    settings: ["header-max-length": CommitlintRuleSetting(2, .always, .number(72))],
    origins: [
      "subject-case": ("@commitlint/config-conventional", "commitlint.config.js", 1, "extends[0]", []),
      "header-max-length": (
        "@acme/commitlint-config", "node_modules/@acme/commitlint-config/index.js", 2,
        "rules.header-max-length",
        [("@acme/commitlint-config", "commitlint.config.js", 5, "extends[1]")]
      ),
      "scope-case": (nil, "commitlint.config.js", 7, "rules.scope-case", []),
    ]),
  NodeModulesCase(
    name: "a short name, exports' require condition before import",
    files: [
      (".commitlintrc.json", #"{"extends": ["short"]}"#),
      (
        "node_modules/commitlint-config-short/package.json",
        #"{"name": "commitlint-config-short", "exports": {".": {"import": "./lib/e.mjs", "require": "./lib/c.cjs"}}}"#
      ),
      (
        "node_modules/commitlint-config-short/lib/c.cjs",
        "module.exports = {rules: {'header-max-length': [2, 'always', 50]}};\n"
      ),
      (
        "node_modules/commitlint-config-short/lib/e.mjs",
        "export default {rules: {'header-max-length': [2, 'always', 40]}};\n"
      ),
    ],
    settings: ["header-max-length": CommitlintRuleSetting(2, .always, .number(50))],
    origins: [
      "header-max-length": (
        "short", "node_modules/commitlint-config-short/lib/c.cjs", 1, "rules.header-max-length",
        [("short", ".commitlintrc.json", 1, "extends[0]")]
      )
    ]),
  NodeModulesCase(
    name: "an ES module only package, a scope alone",
    files: [
      (".commitlintrc.yml", "extends:\n  - '@acme'\n"),
      (
        "node_modules/@acme/commitlint-config/package.json",
        #"{"name": "@acme/commitlint-config", "type": "module", "exports": {"import": "./dist/index.mjs"}}"#
      ),
      (
        "node_modules/@acme/commitlint-config/dist/index.mjs",
        """
        import { RuleConfigSeverity } from '@commitlint/types';

        const config = {
          rules: { 'subject-full-stop': [RuleConfigSeverity.Error, 'never', '.'] },
        };
        export default config;
        """
      ),
    ],
    settings: ["subject-full-stop": CommitlintRuleSetting(2, .never, .string("."))],
    origins: [
      "subject-full-stop": (
        "@acme", "node_modules/@acme/commitlint-config/dist/index.mjs", 4, "rules.subject-full-stop",
        [("@acme", ".commitlintrc.yml", 2, "extends[0]")]
      )
    ]),
  NodeModulesCase(
    name: "TypeScript by a relative path",
    files: [
      (".commitlintrc.json", #"{"extends": ["./base.ts"]}"#),
      (
        "base.ts",
        """
        import type { UserConfig } from '@commitlint/types';

        const config: UserConfig = {
          rules: { 'subject-full-stop': [2, 'never', '.'] },
        };
        export default config;
        """
      ),
    ],
    settings: ["subject-full-stop": CommitlintRuleSetting(2, .never, .string("."))],
    origins: [
      "subject-full-stop": (
        "./base.ts", "base.ts", 4, "rules.subject-full-stop",
        [("./base.ts", ".commitlintrc.json", 1, "extends[0]")]
      )
    ]),
  NodeModulesCase(
    name: "TypeScript under node_modules, which commitlint fails to load",
    files: [
      (".commitlintrc.yml", "extends:\n  - '@acme/ts'\n"),
      ("node_modules/@acme/ts/package.json", #"{"name": "@acme/ts", "main": "index.ts"}"#),
      (
        "node_modules/@acme/ts/index.ts",
        "export default {rules: {'subject-full-stop': [2, 'never', '.']}};\n"
      ),
    ],
    problems: [
      #"ROOT/.commitlintrc.yml:2:5: extends[0]: "@acme/ts": it names ROOT/node_modules/@acme/ts/index.ts, TypeScript under node_modules, whose types Node does not strip: commitlint fails to load it, and so refuses this one; the file is ignored"#
    ],
    applies: false),
  NodeModulesCase(
    name: "a relative path with Node's suffixes",
    files: [
      (".commitlintrc.json", "{\n  \"extends\": \"./config/base\",\n  \"rules\": {}\n}\n"),
      ("config/base.json", "{\n  \"rules\": {\n    \"body-max-line-length\": [1, \"always\", 80]\n  }\n}\n"),
    ],
    settings: ["body-max-line-length": CommitlintRuleSetting(1, .always, .number(80))],
    origins: [
      "body-max-line-length": (
        "./config/base", "config/base.json", 3, "rules.body-max-line-length",
        [("./config/base", ".commitlintrc.json", 2, "extends")]
      )
    ]),
  NodeModulesCase(
    name: "two packages that extend each other",
    files: [
      ("package.json", #"{"name": "fx", "commitlint": {"extends": ["@acme/a"]}}"#),
      ("node_modules/@acme/a/package.json", #"{"name": "@acme/a"}"#),
      (
        "node_modules/@acme/a/index.js",
        "module.exports = {extends: ['@acme/b'], rules: {'header-max-length': [2, 'always', 60]}};\n"
      ),
      ("node_modules/@acme/b/package.json", #"{"name": "@acme/b"}"#),
      (
        "node_modules/@acme/b/index.js",
        "module.exports = {extends: ['@acme/a'], rules: {'body-max-line-length': [2, 'always', 80]}};\n"
      ),
    ],
    settings: [
      "header-max-length": CommitlintRuleSetting(2, .always, .number(60)),
      "body-max-line-length": CommitlintRuleSetting(2, .always, .number(80)),
    ],
    origins: [
      "body-max-line-length": (
        "@acme/b", "node_modules/@acme/b/index.js", 1, "rules.body-max-line-length",
        [
          ("@acme/a", "package.json", 1, "extends[0]"),
          ("@acme/b", "node_modules/@acme/a/index.js", 1, "extends[0]"),
        ]
      )
    ],
    problems: [
      #"ROOT/node_modules/@acme/b/index.js:1:29: extends[0] "@acme/a" is not honoured: it extends itself (ROOT/node_modules/@acme/a/index.js → ROOT/node_modules/@acme/b/index.js → ROOT/node_modules/@acme/a/index.js): commitlint would never finish loading it; the rest applies"#
    ]),
  NodeModulesCase(
    name: "code in the package's file, not installed, no entry file",
    files: [
      (".commitlintrc.json", #"{"extends": ["@acme/code", "@acme/missing", "@acme/empty"]}"#),
      ("node_modules/@acme/code/package.json", #"{"name": "@acme/code"}"#),
      (
        "node_modules/@acme/code/index.js",
        """
        const scopes = require('fs').readdirSync('packages');
        module.exports = {
          rules: {
            'scope-enum': [2, 'always', scopes],
            'header-max-length': [2, 'always', 60],
          },
        };
        """
      ),
      ("node_modules/@acme/empty/package.json", #"{"name": "@acme/empty", "main": "lib/gone.js"}"#),
    ],
    settings: ["header-max-length": CommitlintRuleSetting(2, .always, .number(60))],
    origins: [
      "header-max-length": (
        "@acme/code", "node_modules/@acme/code/index.js", 5, "rules.header-max-length",
        [("@acme/code", ".commitlintrc.json", 1, "extends[0]")]
      )
    ],
    problems: [
      #"ROOT/.commitlintrc.json:1:28: extends[1] "@acme/missing" is not honoured: no "@acme/missing" in node_modules from ROOT up"#
        + honourTail,
      #"ROOT/.commitlintrc.json:1:45: extends[2] "@acme/empty" is not honoured: ROOT/node_modules/@acme/empty has no entry file (package.json's exports, main, or index.js)"#
        + honourTail,
      #"ROOT/node_modules/@acme/code/index.js:1:16: rules["scope-enum"] is not honoured: require(…).readdirSync(…), a call of readdirSync from fs, which StableText does not run; the rest applies"#,
    ]),
  NodeModulesCase(
    name: "a setting commitlint would refuse, set again by the team's own rules",
    files: [
      (
        ".commitlintrc.json",
        #"{"extends": ["@acme/bad"], "rules": {"header-max-length": [2, "always", 60]}}"#
      ),
      ("node_modules/@acme/bad/package.json", #"{"name": "@acme/bad"}"#),
      (
        "node_modules/@acme/bad/index.js",
        "module.exports = {\n  rules: {'header-max-length': [3, 'always', 60]},\n};\n"
      ),
    ],
    settings: ["header-max-length": CommitlintRuleSetting(2, .always, .number(60))],
    origins: ["header-max-length": (nil, ".commitlintrc.json", 1, "rules.header-max-length", [])]),
  NodeModulesCase(
    name: "a setting commitlint would refuse, left as the package sets it",
    files: [
      (".commitlintrc.json", #"{"extends": ["@acme/bad"]}"#),
      ("node_modules/@acme/bad/package.json", #"{"name": "@acme/bad"}"#),
      (
        "node_modules/@acme/bad/index.js",
        "module.exports = {\n  rules: {'header-max-length': [3, 'always', 60]},\n};\n"
      ),
    ],
    problems: [
      #"ROOT/node_modules/@acme/bad/index.js:2:32: rules.header-max-length[0]: the level must be 0, 1 or 2, not 3; the file is ignored"#
    ],
    applies: false),
]

@Test(arguments: nodeModulesCases)
func extendsResolvesFromNodeModules(_ example: NodeModulesCase) throws {
  let found = teamConventions(example.files)
  #expect(found.problems == example.problems)
  guard example.applies else {
    #expect(found.conventions?.commitlint == nil)
    return
  }
  let setup = try #require(found.conventions?.commitlint)
  for (rule, setting) in example.settings {
    #expect(setup.configuration.setting(rule) == setting, "\(rule)")
  }
  let root = found.root + "/"
  func place(_ file: String, _ line: Int, _ field: String) -> CommitlintRuleOrigin.Place {
    CommitlintRuleOrigin.Place(file: root + file, line: line, field: field)
  }
  for (rule, expected) in example.origins {
    let via = expected.4.map { CommitlintRuleOrigin.Step(name: $0.0, place: place($0.1, $0.2, $0.3)) }
    #expect(
      setup.origins[rule]
        == CommitlintRuleOrigin(
          configuration: expected.0, place: place(expected.1, expected.2, expected.3), via: via),
      "\(rule)")
  }
}

/// Shareable configurations that extend each other are followed 8 deep, no further.
@Test func extendsIsFollowedEightDeep() throws {
  var files = [(".commitlintrc.json", #"{"extends": ["@deep/p0"]}"#)]
  for level in 0...9 {
    files.append(("node_modules/@deep/p\(level)/package.json", #"{"name": "@deep/p\#(level)"}"#))
    files.append(
      (
        "node_modules/@deep/p\(level)/index.js",
        "module.exports = {extends: ['@deep/p\(level + 1)'], rules: {'header-max-length': [2, 'always', \(50 + level)]}};\n"
      ))
  }
  let found = teamConventions(files)
  #expect(
    found.problems == [
      #"ROOT/node_modules/@deep/p7/index.js:1:29: extends[0] "@deep/p8" is not honoured: shareable configurations extend each other over 8 deep here; the rest applies"#
    ])
  let setup = try #require(found.conventions?.commitlint)
  #expect(setup.configuration.setting("header-max-length") == CommitlintRuleSetting(2, .always, .number(50)))
  #expect(setup.origins["header-max-length"]?.via.map(\.name) == ["@deep/p0"])
}

/// Packages that name the next ten times over, nested, cost at most 64 files read: the rest is
/// named as not honoured, and the walk ends.
@Test func extendsReadsAtMostSixtyFourFiles() throws {
  var files = [(".commitlintrc.json", #"{"extends": ["@wide/p0"]}"#)]
  for level in 0...9 {
    let next = Array(repeating: "'@wide/p\(level + 1)'", count: 10).joined(separator: ", ")
    files.append(("node_modules/@wide/p\(level)/package.json", #"{"name": "@wide/p\#(level)"}"#))
    files.append(
      (
        "node_modules/@wide/p\(level)/index.js",
        "module.exports = {extends: [\(next)], rules: {'header-max-length': [2, 'always', \(50 + level)]}};\n"
      ))
  }
  let found = teamConventions(files)
  let setup = try #require(found.conventions?.commitlint)
  #expect(setup.configuration.setting("header-max-length") == CommitlintRuleSetting(2, .always, .number(50)))
  let overBudget = found.problems.filter {
    $0.hasSuffix("over 64 shareable configuration files; the rest applies")
  }
  let overDepth = found.problems.filter { $0.contains("over 8 deep here") }
  #expect(!overBudget.isEmpty)
  #expect(overBudget.count + overDepth.count == found.problems.count)
  // What was looked at, each file once: p0 to p8's manifests and entries (p8's at the depth
  // bound, p9 never reached).
  #expect(setup.dependencies.count == Set(setup.dependencies).count)
  #expect(setup.dependencies.filter { $0.hasSuffix("/index.js") }.count == 9)
}
