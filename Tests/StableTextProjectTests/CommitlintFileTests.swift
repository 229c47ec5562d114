import StableTextConventions
import StableTextCore
import StableTextProject
import StableTextSystem
import Testing

/// The conventions the files in a scratch folder give the file `file`, and the problems said
/// (with the scratch folder's path written `ROOT`).
func teamConventions(_ files: [(String, String)], for file: String = ".git/COMMIT_EDITMSG") -> (
  conventions: TeamConventions?, layers: FileLayers, problems: [String], root: String
) {
  let scratch = Scratch()
  for (path, text) in files { scratch.write(path, text) }
  let configurations = ProjectConfigurations()
  let found = configurations.lookup(forFile: scratch.path(file))
  let problems = found.problems.map { $0.description.replacing(scratch.root, with: "ROOT") }
  return (found.layers.conventions, found.layers, problems, scratch.root)
}

struct CommitlintNameCase: CustomTestStringConvertible, Sendable {
  var name: String
  var text: String
  var member: String?
  /// The lines of the `extends` entry and of the rule's entry.
  var lines: [Int] = [1, 1]
  var testDescription: String { name }
}

/// Every file commitlint reads, each holding `extends` config-conventional and one rule of its own.
let commitlintNameCases: [CommitlintNameCase] = [
  CommitlintNameCase(
    name: ".commitlintrc",
    text: "extends:\n  - '@commitlint/config-conventional'\nrules:\n  header-max-length: [2, always, 60]\n",
    lines: [2, 4]),
  CommitlintNameCase(
    name: ".commitlintrc",
    text:
      #"{"extends": ["@commitlint/config-conventional"], "rules": {"header-max-length": [2, "always", 60]}}"#,
    lines: [1, 1]),
  CommitlintNameCase(
    name: ".commitlintrc.json",
    text:
      #"{"extends": "@commitlint/config-conventional", "rules": {"header-max-length": [2, "always", 60]}}"#,
    lines: [1, 1]),
  CommitlintNameCase(
    name: ".commitlintrc.yaml",
    text:
      "# the team's\nextends: '@commitlint/config-conventional'\nrules:\n  header-max-length:\n    - 2\n    - always\n    - 60\n",
    lines: [2, 4]),
  CommitlintNameCase(
    name: ".commitlintrc.yml",
    text: "extends: [\"@commitlint/config-conventional\"]\nrules: {header-max-length: [2, always, 60]}\n",
    lines: [1, 2]),
  CommitlintNameCase(
    name: "package.json",
    text:
      #"{"name": "x", "commitlint": {"extends": ["@commitlint/config-conventional"], "rules": {"header-max-length": [2, "always", 60]}}}"#,
    member: "commitlint",
    lines: [1, 1]),
  CommitlintNameCase(
    name: "package.yaml",
    text:
      "name: x\ncommitlint:\n  extends: ['@commitlint/config-conventional']\n  rules:\n    header-max-length: [2, always, 60]\n",
    member: "commitlint",
    lines: [3, 5]),
  CommitlintNameCase(
    name: ".stabletext.json",
    text:
      #"{"rules": {"maxLength": 90}, "commitlint": {"extends": ["@commitlint/config-conventional"], "rules": {"header-max-length": [2, "always", 60]}}}"#,
    member: "commitlint",
    lines: [1, 1]),
]

@Test(arguments: commitlintNameCases)
func eachCommitlintFileIsRead(_ example: CommitlintNameCase) throws {
  let found = teamConventions([(example.name, example.text)])
  #expect(found.problems == [])
  let setup = try #require(found.conventions?.commitlint, "\(example.name)")
  #expect(setup.file == found.root + "/" + example.name)
  #expect(setup.member == example.member)
  #expect(setup.configuration.extends == ["@commitlint/config-conventional"])
  #expect(setup.configuration.setting("header-max-length") == CommitlintRuleSetting(2, .always, .number(60)))
  #expect(
    setup.configuration.setting("type-enum")
      == CommitlintSharedConfigurations.conventional.setting("type-enum"))
  // Each rule's origin: the rule's entry, or the `extends` entry, with its line.
  let extendsField =
    example.text.contains("extends\": \"") || example.text.contains("extends: '") ? "extends" : "extends[0]"
  #expect(
    setup.origins["header-max-length"]
      == CommitlintRuleOrigin(
        place: .init(file: setup.file, line: example.lines[1], field: "rules.header-max-length")))
  #expect(
    setup.origins["type-enum"]
      == CommitlintRuleOrigin(
        configuration: "@commitlint/config-conventional",
        place: .init(file: setup.file, line: example.lines[0], field: extendsField)))
  #expect(setup.configuration.parserOptions == .conventionalCommits)
  #expect(found.conventions?.gitlint == nil)
}

struct PrecedenceCase: CustomTestStringConvertible, Sendable {
  var name: String
  var files: [(String, String)]
  var file: String
  /// The file that decides, relative to the scratch folder; nil: none.
  var decides: String?
  var testDescription: String { name }
}

private let conventional = #"{"extends": ["@commitlint/config-conventional"]}"#
private let angularYAML = "extends: ['@commitlint/config-angular']\n"

let precedenceCases: [PrecedenceCase] = [
  PrecedenceCase(
    name: "package.json's member comes first in a folder, as cosmiconfig looks",
    files: [("package.json", #"{"commitlint": \#(conventional)}"#), (".commitlintrc.yml", angularYAML)],
    file: "a.txt", decides: "package.json"),
  PrecedenceCase(
    name: "a package.json without the member is no configuration: the next name decides",
    files: [("package.json", #"{"name": "x", "version": "1.0.0"}"#), (".commitlintrc.yml", angularYAML)],
    file: "a.txt", decides: ".commitlintrc.yml"),
  PrecedenceCase(
    name: "a package.json without the member: the folder above decides",
    files: [("sub/package.json", #"{"name": "x"}"#), (".commitlintrc.json", conventional)],
    file: "sub/a.txt", decides: ".commitlintrc.json"),
  PrecedenceCase(
    name: ".commitlintrc before .commitlintrc.json",
    files: [(".commitlintrc.json", conventional), (".commitlintrc", angularYAML)], file: "a.txt",
    decides: ".commitlintrc"),
  PrecedenceCase(
    name: ".commitlintrc.yaml before .commitlintrc.yml",
    files: [(".commitlintrc.yml", angularYAML), (".commitlintrc.yaml", angularYAML)], file: "a.txt",
    decides: ".commitlintrc.yaml"),
  PrecedenceCase(
    name: "an empty file is skipped, as cosmiconfig skips it",
    files: [(".commitlintrc", " \n\n"), (".commitlintrc.json", conventional)], file: "a.txt",
    decides: ".commitlintrc.json"),
  PrecedenceCase(
    name: "commitlint's own files before a .stabletext.json's member in the same folder",
    files: [(".stabletext.json", #"{"commitlint": \#(conventional)}"#), (".commitlintrc.yml", angularYAML)],
    file: "a.txt", decides: ".commitlintrc.yml"),
  PrecedenceCase(
    name: "the nearest folder wins: a .stabletext.json's member below a .commitlintrc",
    files: [
      ("sub/.stabletext.json", #"{"commitlint": \#(conventional)}"#), (".commitlintrc.yml", angularYAML),
    ],
    file: "sub/deeper/a.txt", decides: "sub/.stabletext.json"),
  PrecedenceCase(
    name: "the nearest folder wins: a .commitlintrc.yml in the folder",
    files: [("sub/.commitlintrc.yml", angularYAML), (".commitlintrc.json", conventional)], file: "sub/a.txt",
    decides: "sub/.commitlintrc.yml"),
  PrecedenceCase(
    name: "a JavaScript file after a YAML one in commitlint's order is never read",
    files: [(".commitlintrc.yml", angularYAML), ("commitlint.config.js", "module.exports = {}")],
    file: "a.txt", decides: ".commitlintrc.yml"),
  PrecedenceCase(
    name: "a file beside the document's folder is not above it",
    files: [("other/.commitlintrc.yml", angularYAML)], file: "sub/a.txt", decides: nil),
  PrecedenceCase(
    name: "a malformed package.json that never says commitlint is not read",
    files: [("package.json", #"{"name": "x",,"#), (".commitlintrc.yml", angularYAML)], file: "a.txt",
    decides: ".commitlintrc.yml"),
  PrecedenceCase(
    name: "a package.json that is not an object has no member",
    files: [("package.json", #"["commitlint"]"#), (".commitlintrc.yml", angularYAML)], file: "a.txt",
    decides: ".commitlintrc.yml"),
  PrecedenceCase(
    name: "a package.json whose member is null has none",
    files: [("package.json", #"{"commitlint": null}"#), (".commitlintrc.yml", angularYAML)], file: "a.txt",
    decides: ".commitlintrc.yml"),
  PrecedenceCase(
    name: ".commitlintrc holding JSON without spaces, read as YAML as cosmiconfig reads it",
    files: [
      (".commitlintrc", #"{"extends":["@commitlint/config-angular"],"rules":{"type-empty":[2,"never"]}}"#)
    ],
    file: "a.txt", decides: ".commitlintrc"),
  PrecedenceCase(
    name: "a .stabletext.json without the member is no commitlint configuration",
    files: [(".stabletext.json", #"{"rules": {"maxLength": 9}}"#)], file: "a.txt", decides: nil),
]

@Test(arguments: precedenceCases)
func theNearestCommitlintFileDecides(_ example: PrecedenceCase) {
  let found = teamConventions(example.files, for: example.file)
  #expect(found.problems == [], "\(example.name)")
  #expect(
    found.conventions?.commitlint?.file == example.decides.map { found.root + "/" + $0 }, "\(example.name)")
}

struct CommitlintRefusalCase: CustomTestStringConvertible, Sendable {
  var name: String
  var file: String
  var text: String
  var problem: String
  var testDescription: String { "\(file): \(problem)" }
}

/// What commitlint itself refuses (its schema, `lint`, `is-ignored`, the parsers): the file is
/// invalid, every problem named with its file, line, column and field; the file is ignored.
let commitlintRefusalCases: [CommitlintRefusalCase] = [
  CommitlintRefusalCase(
    name: "extends not a string", file: ".commitlintrc.yml", text: "extends: 3\n",
    problem:
      "ROOT/.commitlintrc.yml:1:1: extends: must be a string or an array of strings, not 3; the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "an extends element not a string", file: ".commitlintrc.json",
    text: #"{"extends": ["@commitlint/config-conventional", 7]}"#,
    problem: "ROOT/.commitlintrc.json:1:49: extends[1]: must be a string, not 7; the file is ignored"),
  CommitlintRefusalCase(
    name: "ignores in JSON hold no function, and commitlint calls each", file: ".commitlintrc.json",
    text: #"{"ignores": ["WIP"]}"#,
    problem:
      "ROOT/.commitlintrc.json:1:14: ignores[0]: must be a function, not \"WIP\" (commitlint calls each one; defaultIgnores and stabletext check's --ignore-author are honoured); the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "unknown rule, no plugin", file: ".commitlintrc.yml",
    text: "rules:\n  subject-kase: [2, always, lower-case]\n",
    problem:
      "ROOT/.commitlintrc.yml:2:3: rules.subject-kase: no such rule in @commitlint/rules (and no plugin defines it); the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "level 3", file: ".commitlintrc.json",
    text: #"{"rules": {"subject-case": [3, "always", "lower-case"]}}"#,
    problem:
      "ROOT/.commitlintrc.json:1:29: rules.subject-case[0]: the level must be 0, 1 or 2, not 3; the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "level -1", file: ".commitlintrc.yml", text: "rules:\n  subject-case: [-1, always, lower-case]\n",
    problem:
      "ROOT/.commitlintrc.yml:2:18: rules.subject-case[0]: the level must be 0, 1 or 2, not -1; the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "level \"2\"", file: ".commitlintrc.json",
    text: #"{"rules": {"subject-case": ["2", "always", "lower-case"]}}"#,
    problem:
      #"ROOT/.commitlintrc.json:1:29: rules.subject-case[0]: the level must be 0, 1 or 2, not "2"; the file is ignored"#
  ),
  CommitlintRefusalCase(
    name: "level 1.5", file: ".commitlintrc.json",
    text: #"{"rules": {"subject-case": [1.5, "always", "lower-case"]}}"#,
    problem:
      "ROOT/.commitlintrc.json:1:29: rules.subject-case[0]: the level must be 0, 1 or 2, not 1.5; the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "a condition other than always and never", file: ".commitlintrc.yml",
    text: "rules:\n  type-empty: [2, sometimes]\n",
    problem:
      #"ROOT/.commitlintrc.yml:2:19: rules.type-empty[1]: the condition must be "always" or "never", not "sometimes"; the file is ignored"#
  ),
  CommitlintRefusalCase(
    name: "a level without a condition", file: ".commitlintrc.json",
    text: #"{"rules": {"type-empty": [2]}}"#,
    problem:
      "ROOT/.commitlintrc.json:1:12: rules.type-empty: must be 2 or 3 items long unless the level is 0; the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "a setting that is not an array", file: ".commitlintrc.json",
    text: #"{"rules": {"type-empty": 2}}"#,
    problem:
      "ROOT/.commitlintrc.json:1:12: rules.type-empty: must be an array [level, condition, value], not 2; the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "four items", file: ".commitlintrc.json", text: #"{"rules": {"type-empty": [2, "never", 1, 2]}}"#,
    problem:
      "ROOT/.commitlintrc.json:1:12: rules.type-empty: must have 1 to 3 items [level, condition, value], not 4; the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "a value of the wrong shape", file: ".commitlintrc.yml",
    text: "rules:\n  type-enum: [2, always, feat]\n",
    problem:
      "ROOT/.commitlintrc.yml:2:26: rules.type-enum[2]: must be an array of strings; the file is ignored"),
  CommitlintRefusalCase(
    name: "a value of the wrong shape, inside", file: ".commitlintrc.yml",
    text: "rules:\n  type-enum:\n    - 2\n    - always\n    - [feat, 3]\n",
    problem: "ROOT/.commitlintrc.yml:5:14: rules.type-enum[2][1]: must be a string; the file is ignored"),
  CommitlintRefusalCase(
    name: "defaultIgnores not a boolean", file: ".commitlintrc.yml", text: "defaultIgnores: 'no'\n",
    problem: #"ROOT/.commitlintrc.yml:1:1: defaultIgnores: must be a boolean, not "no"; the file is ignored"#),
  CommitlintRefusalCase(
    name: "helpUrl not a string", file: ".commitlintrc.json", text: #"{"helpUrl": 7}"#,
    problem: "ROOT/.commitlintrc.json:1:2: helpUrl: must be a string, not 7; the file is ignored"),
  CommitlintRefusalCase(
    name: "package.json's member: the path starts with it", file: "package.json",
    text:
      "{\n  \"name\": \"x\",\n  \"commitlint\": {\"rules\": {\"subject-max-length\": [2, \"always\", \"72\"]}}\n}\n",
    problem:
      "ROOT/package.json:3:64: commitlint.rules.subject-max-length[2]: must be a number; the file is ignored"),
  CommitlintRefusalCase(
    name: "a malformed package.json that says commitlint", file: "package.json",
    text: #"{"commitlint": {"extends": ["@commitlint/config-conventional"]}"#,
    problem: "ROOT/package.json:1:63: not JSON: '}' expected near end of file; the file is ignored"),
  CommitlintRefusalCase(
    name: "malformed YAML: libyaml's line and column", file: ".commitlintrc.yml",
    text: "extends:\n  - '@commitlint/config-conventional'\nrules: [\n",
    problem:
      "ROOT/.commitlintrc.yml:4:1: not YAML: did not find expected node content while parsing a flow node; the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "malformed YAML: a tab", file: ".commitlintrc.yaml",
    text: "rules:\n\theader-max-length: [2, always, 72]\n",
    problem:
      "ROOT/.commitlintrc.yaml:2:1: not YAML: found character that cannot start any token while scanning for the next token; the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "malformed JSON: jansson's line and column", file: ".commitlintrc.json",
    text: "{\n  \"extends\": [\"@commitlint/config-conventional\",]\n}\n",
    problem: "ROOT/.commitlintrc.json:2:49: not JSON: unexpected token near ']'; the file is ignored"),
  CommitlintRefusalCase(
    name: "a key written twice in YAML", file: ".commitlintrc.yml", text: "rules: {}\nrules: {}\n",
    problem: #"ROOT/.commitlintrc.yml:2:1: not YAML: duplicated mapping key "rules"; the file is ignored"#),
  CommitlintRefusalCase(
    name: "a YAML document that is not a mapping", file: ".commitlintrc.yml", text: "- a\n- b\n",
    problem:
      "ROOT/.commitlintrc.yml:1:1: the configuration must be an object, not an array; the file is ignored"),
  CommitlintRefusalCase(
    name: "two YAML documents", file: ".commitlintrc.yml", text: "rules: {}\n---\nrules: {}\n",
    problem:
      "ROOT/.commitlintrc.yml:2:1: not YAML: expected a single document in the stream, but found more; the file is ignored"
  ),
  CommitlintRefusalCase(
    name: "comments only", file: ".commitlintrc.yml", text: "# nothing yet\n",
    problem: "ROOT/.commitlintrc.yml: holds no configuration (an object is expected); the file is ignored"),
  CommitlintRefusalCase(
    name: "an alias bomb", file: ".commitlintrc.yml",
    text: "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
      + (1...9).map {
        "\(Character(UnicodeScalar(97 + $0)!)): &\(Character(UnicodeScalar(97 + $0)!)) [*\(Character(UnicodeScalar(96 + $0)!)), *\(Character(UnicodeScalar(96 + $0)!)), *\(Character(UnicodeScalar(96 + $0)!)), *\(Character(UnicodeScalar(96 + $0)!)), *\(Character(UnicodeScalar(96 + $0)!)), *\(Character(UnicodeScalar(96 + $0)!)), *\(Character(UnicodeScalar(96 + $0)!)), *\(Character(UnicodeScalar(96 + $0)!)), *\(Character(UnicodeScalar(96 + $0)!)), *\(Character(UnicodeScalar(96 + $0)!))]\n"
      }.joined(),
    problem:
      "ROOT/.commitlintrc.yml:6:36: not YAML: more than 1000000 values (aliases count as copies); the file is ignored"
  ),
  CommitlintRefusalCase(
    name: ".stabletext.json's member refuses the whole file", file: ".stabletext.json",
    text: #"{"rules": {"maxLength": 9}, "commitlint": {"rules": {"type-empty": [3, "never"]}}}"#,
    problem:
      "ROOT/.stabletext.json:1:69: commitlint.rules.type-empty[0]: the level must be 0, 1 or 2, not 3; the file is ignored"
  ),
]

@Test(arguments: commitlintRefusalCases)
func whatCommitlintRefusesIsNamed(_ example: CommitlintRefusalCase) {
  let found = teamConventions([(example.file, example.text)])
  #expect(found.problems == [example.problem], "\(example.name)")
  #expect(found.conventions?.commitlint == nil, "\(example.name)")
}

/// Every problem of a file in one reading, in the order the fields are written.
@Test func everyProblemOfAFileIsNamed() {
  let found = teamConventions([
    (
      ".commitlintrc.yml",
      "extends: ['@commitlint/config-conventional', '@acme/commitlint-config']\nrules:\n  type-empty: [3, never]\n  subject-case: [2, sometimes]\nhelpUrl: 7\n"
    )
  ])
  #expect(
    found.problems == [
      #"ROOT/.commitlintrc.yml:1:46: extends[1] "@acme/commitlint-config" is not honoured: no "@acme/commitlint-config" in node_modules from ROOT up; StableText reads a shareable configuration installed in node_modules, and has @commitlint/config-conventional and @commitlint/config-angular built in; the rest applies"#,
      "ROOT/.commitlintrc.yml:3:16: rules.type-empty[0]: the level must be 0, 1 or 2, not 3; the file is ignored",
      #"ROOT/.commitlintrc.yml:4:21: rules.subject-case[1]: the condition must be "always" or "never", not "sometimes"; the file is ignored"#,
      "ROOT/.commitlintrc.yml:5:1: helpUrl: must be a string, not 7; the file is ignored",
    ])
  #expect(found.conventions?.commitlint == nil)
}

struct NotHonouredCase: CustomTestStringConvertible, Sendable {
  var name: String
  var file: String
  var text: String
  var problems: [String]
  /// The rules that still apply, by name.
  var rules: [String]
  var testDescription: String { name }
}

private let conventionalRules = CommitlintSharedConfigurations.conventional.rules.map(\.name)

/// What StableText cannot evaluate is skipped and named, and the rest of the file applies (a
/// JavaScript or TypeScript file of every name is read as data).
let notHonouredCases: [NotHonouredCase] =
  [
    "commitlint.config.js", "commitlint.config.cjs", "commitlint.config.mjs", "commitlint.config.ts",
    "commitlint.config.cts", "commitlint.config.mts", ".commitlintrc.js", ".commitlintrc.cjs",
    ".commitlintrc.mjs", ".commitlintrc.ts", ".commitlintrc.cts", ".commitlintrc.mts",
  ].map {
    // Read as data: an ES module applies whole; in a .cjs file Node refuses its syntax, which
    // is said, and what StableText read still applies.
    NotHonouredCase(
      name: "script \($0)", file: $0, text: "export default {extends: ['@commitlint/config-conventional']}\n",
      problems: $0.hasSuffix(".cjs")
        ? [
          "ROOT/\($0):1:1: commitlint (Node) loads nothing from this file: export (line 1) is ES module syntax, and a .cjs file is CommonJS: Node refuses the file; StableText applies what it read"
        ] : [], rules: conventionalRules)
  }
  + [
    NotHonouredCase(
      name: "commitlint's own repository: a workspace-scopes configuration", file: "package.json",
      text: """
        {
          "name": "@commitlint/root",
          "commitlint": {
            "extends": [
              "@commitlint/config-conventional",
              "@commitlint/config-workspace-scopes"
            ]
          }
        }

        """,
      problems: [
        #"ROOT/package.json:6:7: commitlint.extends[1] "@commitlint/config-workspace-scopes" is not honoured: it computes scope-enum from the repository's packages, which StableText does not do yet; the rest applies"#
      ], rules: conventionalRules),
    NotHonouredCase(
      name: "each scope-computing configuration", file: ".commitlintrc.yml",
      text:
        "extends:\n  - '@commitlint/config-lerna-scopes'\n  - '@commitlint/config-pnpm-scopes'\n  - '@commitlint/config-nx-scopes'\n  - '@commitlint/config-rush-scopes'\nrules:\n  header-max-length: [2, always, 72]\n",
      problems: (2...5).map { line in
        let name = ["lerna", "pnpm", "nx", "rush"][line - 2]
        return
          #"ROOT/.commitlintrc.yml:\#(line):5: extends[\#(line - 2)] "@commitlint/config-\#(name)-scopes" is not honoured: it computes scope-enum from the repository's packages, which StableText does not do yet; the rest applies"#
      }, rules: ["header-max-length"]),
    NotHonouredCase(
      name: "a short name resolves to another package", file: ".commitlintrc.yml",
      text: "extends: conventional\n",
      problems: [
        #"ROOT/.commitlintrc.yml:1:1: extends "conventional" is not honoured: no "commitlint-config-conventional" or "conventional-changelog-lint-config-conventional" in node_modules from ROOT up; StableText reads a shareable configuration installed in node_modules, and has @commitlint/config-conventional and @commitlint/config-angular built in; the rest applies"#
      ], rules: []),
    NotHonouredCase(
      name: "plugins, and a rule one of them defines", file: ".commitlintrc.yml",
      text:
        "plugins: [commitlint-plugin-function-rules]\nrules:\n  function-rules/type-enum: [2, always]\n  type-empty: [2, never]\n",
      problems: [
        #"ROOT/.commitlintrc.yml:1:11: plugins[0] "commitlint-plugin-function-rules" is not honoured: plugins are JavaScript packages, which StableText does not load; the rest applies"#,
        "ROOT/.commitlintrc.yml:3:3: rules.function-rules/type-enum is not honoured: it is no rule of @commitlint/rules, so a plugin or an extended configuration StableText does not load defines it; the rest applies",
      ], rules: ["type-empty"]),
    NotHonouredCase(
      name: "another parser preset", file: ".commitlintrc.yml",
      text: "extends: '@commitlint/config-conventional'\nparserPreset: conventional-changelog-atom\n",
      problems: [
        #"ROOT/.commitlintrc.yml:2:1: parserPreset "conventional-changelog-atom" is not honoured: only conventional-changelog-conventionalcommits and conventional-changelog-angular are built in; the rest applies"#
      ], rules: conventionalRules),
    NotHonouredCase(
      name: "parser options of its own", file: ".commitlintrc.yml",
      text: "parserPreset:\n  parserOpts:\n    headerPattern: '^(\\w*): (.*)$'\n",
      problems: [
        "ROOT/.commitlintrc.yml:2:3: parserPreset.parserOpts is not honoured: parser options of the file's own (a headerPattern…) are not supported; only conventional-changelog-conventionalcommits and conventional-changelog-angular are built in; the rest applies"
      ], rules: []),
    NotHonouredCase(
      name: ".stabletext.json's member: the rest of the file applies", file: ".stabletext.json",
      text:
        #"{"rules": {"maxLength": 9}, "commitlint": {"plugins": ["x"], "rules": {"type-empty": [2, "never"]}}}"#,
      problems: [
        #"ROOT/.stabletext.json:1:56: commitlint.plugins[0] "x" is not honoured: plugins are JavaScript packages, which StableText does not load; the rest applies"#
      ], rules: ["type-empty"]),
  ]

@Test(arguments: notHonouredCases)
func whatCannotBeHonouredIsSkippedAndNamed(_ example: NotHonouredCase) throws {
  let found = teamConventions([(example.file, example.text)])
  #expect(found.problems == example.problems, "\(example.name)")
  let setup = try #require(found.conventions?.commitlint, "\(example.name)")
  #expect(setup.configuration.rules.map(\.name) == example.rules, "\(example.name)")
}

/// A refused commitlint file leaves no commitlint configuration (not the one above it), and
/// nothing else: the `.stabletext.json`'s rules and the `.editorconfig` still apply, and a
/// `.gitlint` too.
@Test func aRefusedFileAffectsNothingElse() {
  let found = teamConventions(
    [
      (".stabletext.json", #"{"rules": {"maxLength": 90}}"#),
      (".editorconfig", "root = true\n[*]\nmax_line_length = 80\n"),
      (".commitlintrc.json", conventional),
      ("sub/.commitlintrc.yml", "rules:\n  subject-case: [3, always, lower-case]\n"),
      (".gitlint", "[title-max-length]\nline-length = 60\n"),
    ], for: "sub/a.txt")
  #expect(
    found.problems == [
      "ROOT/sub/.commitlintrc.yml:2:18: rules.subject-case[0]: the level must be 0, 1 or 2, not 3; the file is ignored"
    ])
  #expect(found.conventions?.commitlint == nil)
  #expect(found.conventions?.gitlint?.file == found.root + "/.gitlint")
  #expect(found.layers.projectRules?.maxLength == .some(90))
  #expect(
    found.layers.editorConfig?.lineRules == [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 80)])
}

/// `extends` in order, then the file's own rules; each rule's origin; the file's own fields.
@Test func extendsResolveInOrderWithOrigins() throws {
  let found = teamConventions([
    (
      ".commitlintrc.yml",
      """
      extends:
        - '@commitlint/config-conventional'
        - '@commitlint/config-angular'
      defaultIgnores: false
      helpUrl: https://example.com/commits
      $schema: https://json.schemastore.org/commitlintrc.json
      formatter: '@commitlint/format'
      prompt: {questions: {}}
      rules:
        subject-case: [0]
        scope-enum: [2, always, [core, cli]]
        type-enum: [1, always, [feat, fix]]
      """
    )
  ])
  #expect(found.problems == [])
  let setup = try #require(found.conventions?.commitlint)
  let configuration = setup.configuration
  #expect(configuration.extends == ["@commitlint/config-conventional", "@commitlint/config-angular"])
  #expect(configuration.defaultIgnores == false)
  #expect(configuration.helpUrl == "https://example.com/commits")
  // The rules in commitlint's order: config-conventional's first, then those angular adds, then
  // the file's new ones; a rule set again keeps its place.
  #expect(
    configuration.rules.map(\.name) == [
      "body-leading-blank", "body-max-line-length", "footer-leading-blank", "footer-max-line-length",
      "header-max-length", "header-trim", "subject-case", "subject-empty", "subject-full-stop", "type-case",
      "type-empty", "type-enum", "subject-exclamation-mark", "scope-case", "scope-enum",
    ])
  #expect(configuration.setting("header-max-length") == CommitlintRuleSetting(2, .always, .number(72)))
  #expect(configuration.setting("subject-case") == CommitlintRuleSetting(0))
  #expect(
    configuration.setting("type-enum")
      == CommitlintRuleSetting(1, .always, .array([.string("feat"), .string("fix")])))
  let file = setup.file
  #expect(
    setup.origins["header-max-length"]
      == CommitlintRuleOrigin(
        configuration: "@commitlint/config-angular", place: .init(file: file, line: 3, field: "extends[1]")))
  #expect(
    setup.origins["body-max-line-length"]
      == CommitlintRuleOrigin(
        configuration: "@commitlint/config-conventional",
        place: .init(file: file, line: 2, field: "extends[0]")))
  #expect(
    setup.origins["subject-case"]
      == CommitlintRuleOrigin(place: .init(file: file, line: 10, field: "rules.subject-case")))
  #expect(
    setup.origins["scope-enum"]
      == CommitlintRuleOrigin(place: .init(file: file, line: 11, field: "rules.scope-enum")))
  #expect(setup.origins.count == configuration.rules.count)
  // The last preset named applies whole: config-angular's (angular's options, `!` allowed).
  var angular = ConventionalCommitParser.Options.commitlintDefault
  angular.headerBang = .optional
  #expect(configuration.parserOptions == angular)
}

struct PresetCase: CustomTestStringConvertible, Sendable {
  var text: String
  var options: ConventionalCommitParser.Options
  var testDescription: String { text }
}

/// `parserPreset` by name replaces the options before it; as an object, commitlint takes its name
/// as a label and loads nothing, so the options `extends` gave stay.
let presetCases: [PresetCase] = [
  PresetCase(text: "rules: {}\n", options: .commitlintDefault),
  PresetCase(
    text: "parserPreset: conventional-changelog-conventionalcommits\n", options: .conventionalCommits),
  PresetCase(
    text: "extends: '@commitlint/config-conventional'\nparserPreset: conventional-changelog-angular\n",
    options: .commitlintDefault),
  PresetCase(
    text:
      "extends: '@commitlint/config-conventional'\nparserPreset: {name: conventional-changelog-angular}\n",
    options: .conventionalCommits),
  PresetCase(
    text: "parserPreset: {name: conventional-changelog-conventionalcommits}\n", options: .commitlintDefault),
]

@Test(arguments: presetCases)
func parserPresetsAsCommitlintLoadsThem(_ example: PresetCase) {
  let found = teamConventions([(".commitlintrc.yml", example.text)])
  #expect(found.problems == [])
  #expect(found.conventions?.commitlint?.configuration.parserOptions == example.options)
}

/// A changed file is seen by a look after it, and a refused one is said once per change.
@Test func aChangedFileIsReadAgainAndSaidOncePerChange() {
  let scratch = Scratch()
  let file = scratch.write(".commitlintrc.yml", "rules:\n  type-empty: [3, never]\n")
  let configurations = ProjectConfigurations()
  let document = scratch.path(".git/COMMIT_EDITMSG")
  let refused = configurations.lookup(forFile: document)
  #expect(refused.layers.conventions == nil)
  #expect(configurations.unsaid(refused.problems).count == 1)
  #expect(configurations.unsaid(configurations.lookup(forFile: document).problems) == [])
  // Changed, and refused the same way: said again.
  scratch.write(".commitlintrc.yml", "rules:\n  type-empty: [3, never]\n\n")
  #expect(configurations.refresh(path: file))
  #expect(configurations.unsaid(configurations.lookup(forFile: document).problems).count == 1)
  scratch.write(".commitlintrc.yml", "rules:\n  type-empty: [2, never]\n  subject-empty: [2, never]\n")
  #expect(configurations.refresh(path: file))
  let fixed = configurations.lookup(forFile: document)
  #expect(
    fixed.layers.conventions?.commitlint?.configuration.setting("type-empty")
      == CommitlintRuleSetting(2, .never))
  #expect(fixed.problems == [])
  // A new file in a folder that had none is seen too (the folder's listing changed).
  let gitlint = scratch.write(".git/.gitlint", "[general]\nignore = B6\n")
  #expect(configurations.refresh(path: gitlint))
  #expect(configurations.layers(forFile: document).conventions?.gitlint?.file == gitlint)
  FileSystem.remove(file)
  #expect(configurations.refresh(path: file))
  #expect(configurations.layers(forFile: document).conventions?.commitlint == nil)
}

/// A `.stabletext.json`'s `commitlint` member is a known member (no "unknown member" warning),
/// and the file's own rules still apply beside it.
@Test func theStabletextJSONMemberIsKnown() {
  let scratch = Scratch()
  scratch.write(".stabletext.json", #"{"rules": {"maxLength": 90}, "commitlint": \#(conventional)}"#)
  let configurations = ProjectConfigurations()
  let file = scratch.path(".git/COMMIT_EDITMSG")
  let layers = configurations.layers(forFile: file)
  #expect(configurations.warnings(forFile: file) == [])
  #expect(layers.projectRules?.maxLength == .some(90))
  #expect(layers.conventions?.commitlint?.member == "commitlint")
  #expect(layers.conventions?.commitlint?.file == scratch.path(".stabletext.json"))
}
