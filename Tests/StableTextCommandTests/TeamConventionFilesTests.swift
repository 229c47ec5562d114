import Foundation
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// The team's commitlint and gitlint files through the binary (Protocol/README.md, "Where the
/// rules come from", "Configuration problems"): a file its own tool would refuse makes `check`
/// of a commit message print the file, place and field and exit 2; a part StableText cannot
/// honour is a warning, the message is judged by the rest (exit 2 only under
/// `--strict-config`); the daemon shows each once, for commit messages.
@Suite struct TeamConventionFiles {
  struct Case: CustomTestStringConvertible, Sendable {
    var file: String
    var text: String
    /// What `check` prints on standard error, `ROOT` for the repository's path.
    var said: String
    /// Whether the file is invalid (else a part is not honoured).
    var invalid: Bool
    var testDescription: String { file }
  }

  static let cases: [Case] = [
    Case(
      file: ".commitlintrc.yml", text: "rules:\n  subject-case: [3, always, lower-case]\n",
      said: "ROOT/.commitlintrc.yml:2:18: error: rules.subject-case[0]: the level must be 0, 1 or 2, not 3",
      invalid: true),
    Case(
      file: ".commitlintrc.yaml", text: "extends: '@commitlint/config-conventional'\nrules: [\n",
      said:
        "ROOT/.commitlintrc.yaml:3:1: error: not YAML: did not find expected node content while parsing a flow node",
      invalid: true),
    Case(
      file: ".gitlint", text: "[title-max-length]\nline-length = abc\n",
      said:
        "ROOT/.gitlint:2:1: error: [title-max-length] line-length: 'abc' is not a valid value for option 'title-max-length.line-length'. Option 'line-length' must be a positive integer (current value: 'abc').",
      invalid: true),
    Case(
      file: "commitlint.config.ts",
      text:
        "import { scopes } from './scopes';\nexport default {extends: ['@commitlint/config-conventional'], rules: {'scope-enum': [2, 'always', scopes]}};\n",
      said:
        #"ROOT/commitlint.config.ts:1:1: warning: rules["scope-enum"] is not honoured: an import of another file (./scopes), which StableText does not read; the rest applies"#,
      invalid: false),
    Case(
      file: "package.json",
      text:
        #"{"workspaces": ["p/{1..100000}"], "commitlint": {"extends": ["@commitlint/config-conventional", "@commitlint/config-workspace-scopes"]}}"#,
      said:
        #"ROOT/package.json:1:97: warning: commitlint.extends[1] "@commitlint/config-workspace-scopes" is not honoured: StableText cannot compute its scopes: ROOT/package.json: the pattern "p/{1..100000}/package.json" is not expanded here: its sequence {1..100000} is too long; the rest applies"#,
      invalid: false),
    Case(
      file: ".gitlint", text: "[general]\nextra-path = rules/\nignore = body-is-missing\n",
      said:
        "ROOT/.gitlint:2:1: warning: [general] extra-path is not honoured: user-defined rules are Python, which StableText does not run; the rest applies",
      invalid: false),
    // Issue 55's interpolation bomb: under 3 KB, ten levels of ten references that Python would
    // expand to 2·10¹³ characters; refused once what is built passes 16 MiB.
    Case(
      file: ".gitlint",
      text: "[DEFAULT]\nk0 = " + String(repeating: "x", count: 2_000) + "\n"
        + (1...10).map { "k\($0) = " + String(repeating: "%(k\($0 - 1))s", count: 10) + "\n" }.joined()
        + "[T5]\nwords = %(k10)s\n",
      said:
        "ROOT/.gitlint:6:1: error: [T5] k4: the file's values, with [DEFAULT]'s in every section and %(name)s interpolated, take more than 16777216 bytes to build; StableText reads no more",
      invalid: true),
  ]

  @Test(arguments: cases)
  func checkNamesTheFileAndTheVerdictFollowsItsKind(_ example: Case) throws {
    let repository = try RepositoryConfiguration.Repository()
    try repository.write("a.md", "text\n")
    try repository.write(".git/COMMIT_EDITMSG", "feat: add a thing\n")
    try repository.write(example.file, example.text)
    let said = example.said.replacing("ROOT", with: repository.path) + "\n"
    let checked = try runBinary(["check", ".git/COMMIT_EDITMSG"], in: repository.path)
    #expect(checked.status == (example.invalid ? 2 : 0))
    #expect(checked.out == "")
    #expect(checked.err == said)
    let strict = try runBinary(["check", "--strict-config", ".git/COMMIT_EDITMSG"], in: repository.path)
    #expect(strict.status == 2)
    #expect(strict.err == said.replacing(": warning: ", with: ": error: "))
    // A file other than a commit message: the team's files concern it not.
    let other = try runBinary(["check", "--strict-config", "a.md"], in: repository.path)
    #expect(other.status == 0)
    #expect(other.err == "")
    let rules = try runBinary(["rules", ".git/COMMIT_EDITMSG"], in: repository.path)
    #expect(rules.status == (example.invalid ? 2 : 0))
    #expect(rules.err == said)
  }

  /// A part not honoured leaves the rest to judge the message: a bad message is refused with
  /// commitlint's codes, exit 1, the warning said once.
  @Test func theRestJudgesTheMessage() throws {
    let repository = try RepositoryConfiguration.Repository()
    try repository.write(
      ".commitlintrc.yml",
      "extends: ['@commitlint/config-conventional']\nplugins: [commitlint-plugin-jira-rules]\n")
    try repository.write(".git/COMMIT_EDITMSG", "Fixed stuff.\n")
    let checked = try runBinary(["check", ".git/COMMIT_EDITMSG"], in: repository.path)
    #expect(checked.status == 1)
    #expect(
      checked.out == """
        .git/COMMIT_EDITMSG:1:13: error: subject may not be empty [subject-empty]
        .git/COMMIT_EDITMSG:1:13: error: subject may not end with full stop [subject-full-stop]
        .git/COMMIT_EDITMSG:1:1: error: type may not be empty [type-empty]

        """)
    #expect(
      checked.err
        == #"\#(repository.path)/.commitlintrc.yml:2:11: warning: plugins[0] "commitlint-plugin-jira-rules" is not honoured: plugins are JavaScript packages, which StableText does not load; the rest applies"#
        + "\n")
  }

  /// In the daemon: one `window/showMessage` naming the file, place and field, for commit
  /// messages only (a Markdown file is not told of the team's commitlint file); the documents
  /// keep their text and the `.stabletext.json`'s rules.
  @Test func theDaemonSaysItOnce() throws {
    let repository = try RepositoryConfiguration.Repository()
    try repository.write(".stabletext.json", #"{"rules": {"maxLength": 10}}"#)
    try repository.write(".commitlintrc.json", #"{"rules": {"type-enum": [2, "always", "feat"]}}"#)
    let session = try Session()
    let markdown = URL(fileURLWithPath: repository.path + "/a.md").absoluteString
    let message = URL(fileURLWithPath: repository.path + "/.git/COMMIT_EDITMSG").absoluteString
    let merge = URL(fileURLWithPath: repository.path + "/.git/MERGE_MSG").absoluteString
    session.open(markdown, "a text well over ten characters")
    // A round trip: what the daemon said on opening has come.
    #expect(try session.state(markdown)["overLimit"] == true)
    #expect(session.server.receivedBodies.filter { $0.contains("window/showMessage") } == [])
    session.open(message, "feat: a thing", languageId: "git-commit")
    session.open(merge, "Merge branch 'x'", languageId: "git-commit")
    #expect(try session.state(merge)["text"]?.stringValue == "Merge branch 'x'")
    let shown = session.server.receivedBodies.filter { $0.contains("window/showMessage") }
    #expect(shown.count == 1)
    #expect(shown.first?.contains("\"type\":1") == true)
    #expect(
      shown.first?.contains(
        "\(repository.path)/.commitlintrc.json:1:39: rules.type-enum[2]: must be an array of strings; the file is ignored"
      )
        == true, "\(shown)")
    try session.finish()
  }

  /// A commitlint file that comes while a commit message is open is read when the client says
  /// it changed (`workspace/didChangeWatchedFiles`), and the message is published again: where
  /// a team's configuration applies, the gitCommit preset's own line rules give way (Protocol/
  /// README.md, "Team conventions"), so its 72-column warning goes; an invalid file leaves
  /// them; a part not honoured does not (the rest applies), and is said as a warning.
  @Test func aNewCommitlintFileIsSeenWhenTheClientSaysSo() throws {
    let repository = try RepositoryConfiguration.Repository()
    let message = "feat: " + String(repeating: "x", count: 80)
    let uri = URL(fileURLWithPath: repository.path + "/.git/COMMIT_EDITMSG").absoluteString
    let file = URL(fileURLWithPath: repository.path + "/.commitlintrc.yml").absoluteString
    let session = try Session()
    // The message's codes once a publish shows `expected`: git's answer about the repository
    // (its comment character, its identity) may publish the message again at any moment, with
    // what was true before the last change.
    func settles(on expected: [String]) throws -> [String] {
      var codes: [String] = []
      let deadline = Date().addingTimeInterval(10)
      repeat {
        codes = try session.publish()["diagnostics"]?.codes ?? []
      } while codes != expected && Date() < deadline
      return codes
    }
    session.open(uri, message, languageId: "git-commit")
    #expect(try settles(on: ["line-too-long"]) == ["line-too-long"])
    try repository.write(".commitlintrc.yml", "extends: ['@commitlint/config-conventional']\n")
    session.endpoint.send(DidChangeWatchedFilesNotification(uris: [file]))
    #expect(try settles(on: []) == [])
    try repository.write(
      ".commitlintrc.yml", "extends: ['@commitlint/config-conventional']\nrules: {type-empty: [3]}\n")
    session.endpoint.send(DidChangeWatchedFilesNotification(uris: [file]))
    #expect(try settles(on: ["line-too-long"]) == ["line-too-long"])
    try repository.write(".commitlintrc.yml", "extends: ['@commitlint/config-conventional']\nplugins: [x]\n")
    session.endpoint.send(DidChangeWatchedFilesNotification(uris: [file]))
    #expect(try settles(on: []) == [])
    let shown = session.server.receivedBodies.filter { $0.contains("window/showMessage") }
    #expect(shown.count == 2)
    #expect(shown.first?.contains(".commitlintrc.yml:2:22: rules.type-empty[0]") == true, "\(shown)")
    #expect(shown.first?.contains("\"type\":1") == true)
    #expect(
      shown.last?.contains(#".commitlintrc.yml:2:11: plugins[0] \"x\" is not honoured"#) == true, "\(shown)")
    #expect(shown.last?.contains("\"type\":2") == true)
    try session.finish()
  }
}
