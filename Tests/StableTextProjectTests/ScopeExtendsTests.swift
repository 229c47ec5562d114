import StableTextConventions
import StableTextCore
import StableTextProject
import StableTextSystem
import Testing

/// A commitlint configuration that extends a scope package (Protocol/README.md, "Scopes from a
/// monorepo's packages"), in each form commitlint reads: the rule the package computes applies
/// in its `extends` entry's place, later layers override it, and what the package cannot give is
/// said. The expected rules are what commitlint 21's own `load` resolved for the same files under
/// Node on this machine.
struct ScopeExtendsCase: CustomTestStringConvertible, Sendable {
  var name: String
  var files: [(String, String)]
  var problems: [String]
  /// The resolved rules' names in commitlint's order, and `scope-enum`'s setting.
  var rules: [String]
  var scopeEnum: CommitlintRuleSetting?
  /// The scope package that computed the rule, and the field and line of its `extends` entry
  /// (the field from the configuration's root; in a JavaScript file, the line of the `extends`
  /// array, the reader's nearest written place). nil: the rule is the file's own.
  var computed: Computed?
  var testDescription: String { name }
}

struct Computed: Hashable, Sendable {
  var configuration: String
  var field: String
  var line: Int?
}

private let conventional = CommitlintSharedConfigurations.conventional.rules.map(\.name)

private func scopes(_ level: Int, _ names: [String]) -> CommitlintRuleSetting {
  CommitlintRuleSetting(level, .always, .array(names.map { .string($0) }))
}

let scopeExtendsCases: [ScopeExtendsCase] = [
  ScopeExtendsCase(
    name: "package.json, the scope package first",
    files: [
      (
        "package.json",
        """
        {
          "name": "root",
          "private": true,
          "workspaces": ["packages/*", "tools/*"],
          "commitlint": {
            "extends": ["@commitlint/config-workspace-scopes", "@commitlint/config-conventional"],
            "rules": {"header-max-length": [2, "always", 72]}
          }
        }

        """
      ),
      ("packages/web/package.json", #"{"name": "@acme/web"}"#),
      ("packages/api/package.json", #"{"name": "@acme/api"}"#),
      ("tools/x/package.json", #"{"name": "x-tool"}"#),
    ], problems: [], rules: ["scope-enum"] + conventional, scopeEnum: scopes(2, ["api", "web", "x-tool"]),
    computed: Computed(configuration: "@commitlint/config-workspace-scopes", field: "extends[0]", line: 6)),
  ScopeExtendsCase(
    name: "an ES module commitlint.config.js, pnpm's scopes after config-conventional",
    files: [
      ("package.json", #"{"name": "root", "type": "module"}"#),
      ("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n"),
      ("packages/a/package.json", #"{"name": "@s/a"}"#),
      ("packages/b/package.json", #"{"name": "b"}"#),
      (
        "commitlint.config.js",
        """
        export default {
          extends: ['@commitlint/config-conventional', '@commitlint/config-pnpm-scopes'],
          rules: {'scope-case': [2, 'always', 'lower-case']},
        };

        """
      ),
    ], problems: [], rules: conventional + ["scope-enum", "scope-case"],
    scopeEnum: scopes(2, ["a", "b", "global"]),
    computed: Computed(configuration: "@commitlint/config-pnpm-scopes", field: "extends[1]", line: 2)),
  ScopeExtendsCase(
    name: "the file's own scope-enum overrides the computed one",
    files: [
      ("package.json", #"{"name": "root", "workspaces": ["packages/*"]}"#),
      ("packages/a/package.json", #"{"name": "a"}"#),
      (
        ".commitlintrc.json",
        #"{"extends": ["@commitlint/config-workspace-scopes"], "rules": {"scope-enum": [1, "always", ["docs"]]}}"#
      ),
    ], problems: [], rules: ["scope-enum"], scopeEnum: scopes(1, ["docs"]), computed: nil),
  ScopeExtendsCase(
    name: "a .stabletext.json's commitlint member",
    files: [
      ("package.json", #"{"name": "root", "workspaces": ["packages/*"]}"#),
      ("packages/a/package.json", #"{"name": "@acme/a"}"#),
      (".stabletext.json", #"{"commitlint": {"extends": "@commitlint/config-lerna-scopes"}}"#),
    ], problems: [], rules: ["scope-enum"], scopeEnum: scopes(2, ["a"]),
    computed: Computed(configuration: "@commitlint/config-lerna-scopes", field: "extends", line: 1)),
  ScopeExtendsCase(
    name: "object-form workspaces: the list checks nothing, which is said",
    files: [
      (
        "package.json",
        #"{"name": "root", "workspaces": {"packages": ["packages/*"]}, "commitlint": {"extends": ["@commitlint/config-workspace-scopes"]}}"#
      ),
      ("packages/a/package.json", #"{"name": "a"}"#),
    ],
    problems: [
      "ROOT/package.json:1:89: commitlint.extends[0]: @commitlint/config-workspace-scopes finds no scope: package.json's workspaces is an object ({\"packages\": […]}), which it reads as no workspaces (it reads only a list); scope-enum checks nothing, although the repository declares packages in package.json (workspaces.packages)"
    ], rules: ["scope-enum"], scopeEnum: scopes(2, []),
    computed: Computed(configuration: "@commitlint/config-workspace-scopes", field: "extends[0]", line: 1)),
]

@Test(arguments: scopeExtendsCases)
func aScopePackageAppliesInItsPlace(_ example: ScopeExtendsCase) throws {
  let found = teamConventions(example.files)
  #expect(found.problems == example.problems, "\(example.name)")
  let setup = try #require(found.conventions?.commitlint, "\(example.name)")
  #expect(setup.configuration.rules.map(\.name) == example.rules, "\(example.name)")
  #expect(setup.configuration.setting("scope-enum") == example.scopeEnum, "\(example.name)")
  let origin = try #require(setup.origins["scope-enum"], "\(example.name)")
  let computed = origin.configuration.map {
    Computed(configuration: $0, field: origin.place.field, line: origin.place.line)
  }
  #expect(computed == example.computed, "\(example.name)")
  #expect(origin.isComputed == (example.computed != nil), "\(example.name)")
  #expect(origin.place.file.hasPrefix(found.root), "\(example.name)")
}

/// config-lerna-scopes without `lerna.json` (and no workspaces): commitlint's `load` fails on
/// `ENOENT: … lerna.json`, so the team's commitlint checks nothing: the file is invalid.
@Test func whereCommitlintFailsTheFileIsInvalid() {
  let found = teamConventions([
    ("package.json", #"{"name": "root"}"#), ("packages/a/package.json", #"{"name": "a"}"#),
    (".commitlintrc.yml", "extends:\n  - '@commitlint/config-lerna-scopes'\n"),
  ])
  #expect(found.conventions?.commitlint == nil)
  #expect(found.problems.count == 1)
  #expect(
    found.problems.first?.hasPrefix(
      #"ROOT/.commitlintrc.yml:2:5: extends[0]: "@commitlint/config-lerna-scopes": commitlint's load fails on its code here: lerna.json: No such file or directory, and so refuses this one"#
    ) == true, "\(found.problems)")
  #expect(found.problems.first?.hasSuffix("; the file is ignored") == true)
}

/// The configuration follows the manifests: a package added is in the list at the first look a
/// second or more later, without the configuration file changing; `lerna.json` appearing makes
/// an invalid file valid.
@Test func theListFollowsTheManifests() {
  let scratch = Scratch()
  let clock = ManualClock()
  writeWorkspaceOfOne(scratch)
  scratch.write("sub/.commitlintrc.yml", "extends: ['@commitlint/config-lerna-scopes']\n")
  scratch.write("sub/package.json", #"{"name": "sub"}"#)
  scratch.write("sub/p/q/package.json", #"{"name": "q"}"#)
  let configurations = ProjectConfigurations(clock: { clock.now })
  let message = scratch.path(".git/COMMIT_EDITMSG")
  func scopeEnum(_ file: String) -> CommitlintValue? { setting("scope-enum", for: file, in: configurations) }
  #expect(scopeEnum(message) == .array([.string("a")]))
  scratch.write("packages/b/package.json", #"{"name": "@acme/b"}"#)
  clock.advance(0.5)
  #expect(configurations.refresh(forFile: message) == false)
  #expect(scopeEnum(message) == .array([.string("a")]))
  clock.advance(0.5)
  #expect(configurations.refresh(forFile: message) == true)
  #expect(scopeEnum(message) == .array([.string("a"), .string("b")]))
  // A name changed in a manifest.
  clock.advance(1)
  scratch.write("packages/a/package.json", #"{"name": "a2", "version": "1.0.0"}"#)
  #expect(configurations.refresh(forFile: message) == true)
  #expect(scopeEnum(message) == .array([.string("a2"), .string("b")]))
  // Nothing changed: nothing read again.
  clock.advance(1)
  let reads = configurations.reads
  #expect(configurations.refresh(forFile: message) == false)
  #expect(configurations.reads == reads)
  // sub/: invalid until lerna.json appears.
  let below = scratch.path("sub/COMMIT_EDITMSG")
  #expect(configurations.lookup(forFile: below).layers.conventions?.commitlint == nil)
  scratch.write("sub/lerna.json", #"{"packages": ["p/*"]}"#)
  clock.advance(1)
  #expect(configurations.refresh(forFile: below) == true)
  #expect(scopeEnum(below) == .array([.string("q")]))
  #expect(configurations.lookup(forFile: below).problems == [])
}

/// A shareable configuration read from `node_modules` is watched as the manifests are: edited
/// (or updated in place by a package manager), it is read again at the next look, without the
/// team's own file changing; untouched, nothing is read again.
@Test func anExtendedPackageIsReadAgainWhenItChanges() {
  let scratch = Scratch()
  let clock = ManualClock()
  scratch.write(".commitlintrc.json", #"{"extends": ["@acme/commitlint-config"]}"#)
  scratch.write(
    "node_modules/@acme/commitlint-config/package.json",
    #"{"name": "@acme/commitlint-config", "main": "index.js"}"#)
  scratch.write(
    "node_modules/@acme/commitlint-config/index.js",
    "module.exports = {rules: {'header-max-length': [2, 'always', 50]}};\n")
  let configurations = ProjectConfigurations(clock: { clock.now })
  let message = scratch.path(".git/COMMIT_EDITMSG")
  func headerMax() -> CommitlintValue? { setting("header-max-length", for: message, in: configurations) }
  #expect(headerMax() == .number(50))
  clock.advance(1)
  let reads = configurations.reads
  #expect(configurations.refresh(forFile: message) == false)
  #expect(configurations.reads == reads)
  // A longer file, so that its size changes whatever the clock's resolution.
  scratch.write(
    "node_modules/@acme/commitlint-config/index.js",
    "module.exports = {\n  rules: {'header-max-length': [2, 'always', 72]},\n};\n")
  clock.advance(1)
  #expect(configurations.refresh(forFile: message) == true)
  #expect(headerMax() == .number(72))
}

/// `workspace/didChangeWatchedFiles` naming a manifest, or a file in a folder listed for
/// packages, has the configurations computed from it looked at: at once when the last look is a
/// second old, else when that second is over (a checkout that changes a thousand manifests
/// computes the scopes about once a second); a path nothing was computed from looks at nothing.
@Test func aClientsWordOnAManifestIsLookedAt() {
  let scratch = Scratch()
  let clock = ManualClock()
  writeWorkspaceOfOne(scratch)
  scratch.write("docs/notes.md", "notes\n")
  let configurations = ProjectConfigurations(clock: { clock.now })
  let message = scratch.path(".git/COMMIT_EDITMSG")
  func scopeEnum() -> CommitlintValue? { setting("scope-enum", for: message, in: configurations) }
  #expect(scopeEnum() == .array([.string("a")]))
  // A manifest renamed its package, a second after the last look: looked at at once.
  clock.advance(1)
  scratch.write("packages/a/package.json", #"{"name": "a2", "version": "1.0.0"}"#)
  #expect(configurations.refresh(path: scratch.path("packages/a/package.json")) == true)
  #expect(scopeEnum() == .array([.string("a2")]))
  #expect(configurations.due == nil)
  // A package added at once after: looked at when the second is over.
  scratch.write("packages/b/package.json", #"{"name": "b"}"#)
  #expect(configurations.refresh(path: scratch.path("packages/b/package.json")) == false)
  #expect(configurations.due != nil)
  clock.advance(0.5)
  #expect(configurations.refreshWaiting() == false)
  clock.advance(0.5)
  #expect(configurations.refreshWaiting() == true)
  #expect(scopeEnum() == .array([.string("a2"), .string("b")]))
  // Nothing was computed from this one.
  clock.advance(1)
  let reads = configurations.reads
  scratch.write("docs/notes.md", "notes, longer\n")
  #expect(configurations.refresh(path: scratch.path("docs/notes.md")) == false)
  #expect(configurations.reads == reads)
  #expect(configurations.due == nil)
}

/// A workspace of one package, `a`, whose commitlint file extends config-workspace-scopes.
private func writeWorkspaceOfOne(_ scratch: Scratch) {
  scratch.write("package.json", #"{"name": "root", "workspaces": ["packages/*"]}"#)
  scratch.write("packages/a/package.json", #"{"name": "a"}"#)
  scratch.write(".commitlintrc.yml", "extends: ['@commitlint/config-workspace-scopes']\n")
}

/// The value of commitlint's rule `name` for `file`, as `configurations` resolve it now.
private func setting(_ name: String, for file: String, in configurations: ProjectConfigurations)
  -> CommitlintValue?
{
  configurations.lookup(forFile: file).layers.conventions?.commitlint?.configuration.setting(name)?.value
}

/// A shareable configuration not installed when the team's file is read is looked for again
/// once it is: the places it was looked for (`node_modules/<name>` from the folder up) are
/// watched, so installing it is seen at the next look, without the team's file changing.
@Test func anExtendedPackageInstalledLaterIsRead() {
  let scratch = Scratch()
  let clock = ManualClock()
  scratch.write(".commitlintrc.json", #"{"extends": ["@acme/commitlint-config"]}"#)
  let configurations = ProjectConfigurations(clock: { clock.now })
  let message = scratch.path(".git/COMMIT_EDITMSG")
  func headerMax() -> CommitlintValue? {
    configurations.lookup(forFile: message).layers.conventions?.commitlint?.configuration
      .setting("header-max-length")?.value
  }
  #expect(headerMax() == nil)
  let missing = configurations.lookup(forFile: message).problems.map(\.description)
  #expect(missing.count == 1)
  #expect(missing.first?.contains("no \"@acme/commitlint-config\" in node_modules from") == true)
  clock.advance(1)
  #expect(configurations.refresh(forFile: message) == false)
  scratch.write(
    "node_modules/@acme/commitlint-config/package.json",
    #"{"name": "@acme/commitlint-config", "main": "index.js"}"#)
  scratch.write(
    "node_modules/@acme/commitlint-config/index.js",
    "module.exports = {rules: {'header-max-length': [2, 'always', 64]}};\n")
  clock.advance(1)
  #expect(configurations.refresh(forFile: message) == true)
  #expect(headerMax() == .number(64))
  #expect(configurations.lookup(forFile: message).problems == [])
}
