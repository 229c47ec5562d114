import Foundation
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// The team's commitlint and gitlint files through the binary (Protocol/README.md, "Where the
/// rules come from"): a file StableText cannot honour, or a malformed one, makes `check` print
/// the file and the field and exit 2, and the daemon show it once.
@Suite struct TeamConventionFiles {
  struct Case: CustomTestStringConvertible, Sendable {
    var file: String
    var text: String
    /// What `check` prints, `ROOT` for the repository's path.
    var error: String
    var testDescription: String { file }
  }

  static let cases: [Case] = [
    Case(
      file: ".commitlintrc.yml", text: "rules:\n  subject-case: [3, always, lower-case]\n",
      error: "ROOT/.commitlintrc.yml: error: rules.subject-case[0]: the level must be 0, 1 or 2, not 3"),
    Case(
      file: ".commitlintrc.yaml", text: "extends: '@commitlint/config-conventional'\nrules: [\n",
      error:
        "ROOT/.commitlintrc.yaml: error: not YAML: did not find expected node content while parsing a flow node (line 3, column 1)"
    ),
    Case(
      file: "commitlint.config.ts", text: "export default {extends: ['@commitlint/config-conventional']}\n",
      error:
        "ROOT/commitlint.config.ts: error: a JavaScript or TypeScript configuration cannot be honoured (StableText runs no JavaScript): write it as .commitlintrc.json, .commitlintrc.yaml or package.json's commitlint"
    ),
    Case(
      file: "package.json", text: #"{"commitlint": {"extends": ["@commitlint/config-nx-scopes"]}}"#,
      error:
        #"ROOT/package.json: error: commitlint.extends[0]: "@commitlint/config-nx-scopes" cannot be honoured: StableText loads no package from node_modules; @commitlint/config-conventional and @commitlint/config-angular are built in"#
    ),
    Case(
      file: ".gitlint", text: "[general]\nextra-path = rules/\n",
      error:
        "ROOT/.gitlint: error: [general] extra-path: cannot be honoured: user-defined rules are Python, which StableText does not run"
    ),
    // Issue 55's interpolation bomb: under 3 KB, ten levels of ten references that Python would
    // expand to 2·10¹³ characters; refused once what is built passes 16 MiB.
    Case(
      file: ".gitlint",
      text: "[DEFAULT]\nk0 = " + String(repeating: "x", count: 2_000) + "\n"
        + (1...10).map { "k\($0) = " + String(repeating: "%(k\($0 - 1))s", count: 10) + "\n" }.joined()
        + "[T5]\nwords = %(k10)s\n",
      error:
        "ROOT/.gitlint: error: [T5] k4: the file's values, with [DEFAULT]'s in every section and %(name)s interpolated, take more than 16777216 bytes to build; StableText reads no more"
    ),
  ]

  @Test(arguments: cases)
  func checkNamesTheFileAndExits2(_ example: Case) throws {
    let repository = try RepositoryConfiguration.Repository()
    try repository.write("a.md", "text\n")
    try repository.write(example.file, example.text)
    let checked = try runBinary(["check", "a.md"], in: repository.path)
    #expect(checked.status == 2)
    #expect(checked.err == example.error.replacing("ROOT", with: repository.path) + "\n")
    let rules = try runBinary(["rules", "a.md"], in: repository.path)
    #expect(rules.status == 2)
  }

  /// In the daemon: one `window/showMessage` naming the file and the field; the document keeps
  /// its text and the `.stabletext.json`'s rules.
  @Test func theDaemonSaysItOnce() throws {
    let repository = try RepositoryConfiguration.Repository()
    try repository.write(".stabletext.json", #"{"rules": {"maxLength": 10}}"#)
    try repository.write(".commitlintrc.json", #"{"rules": {"type-enum": [2, "always", "feat"]}}"#)
    let session = try Session()
    let first = URL(fileURLWithPath: repository.path + "/a.md").absoluteString
    let second = URL(fileURLWithPath: repository.path + "/sub/b.md").absoluteString
    session.open(first, "a text well over ten characters")
    session.open(second, "another text")
    // A round trip each: what the daemon said on opening has come.
    #expect(try session.state(first)["overLimit"] == true)
    #expect(try session.state(second)["text"]?.stringValue == "another text")
    let shown = session.server.receivedBodies.filter { $0.contains("window/showMessage") }
    #expect(shown.count == 1)
    #expect(
      shown.first?.contains(
        "\(repository.path)/.commitlintrc.json: rules.type-enum[2]: must be an array of strings; the file is ignored"
      )
        == true, "\(shown)")
    try session.finish()
  }

  /// A commitlint file that comes while a commit message is open is read when the client says
  /// it changed (`workspace/didChangeWatchedFiles`), and the message is published again: where
  /// a team's configuration applies, the gitCommit preset's own line rules give way (Protocol/
  /// README.md, "Team conventions"), so its 72-column warning goes; a refused file leaves them.
  @Test func aNewCommitlintFileIsSeenWhenTheClientSaysSo() throws {
    let repository = try RepositoryConfiguration.Repository()
    let message = "feat: " + String(repeating: "x", count: 80)
    let uri = URL(fileURLWithPath: repository.path + "/.git/COMMIT_EDITMSG").absoluteString
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
    session.endpoint.send(
      DidChangeWatchedFilesNotification(
        uris: [URL(fileURLWithPath: repository.path + "/.commitlintrc.yml").absoluteString]))
    #expect(try settles(on: []) == [])
    try repository.write(".commitlintrc.yml", "extends: ['@commitlint/config-conventional']\nplugins: [x]\n")
    session.endpoint.send(
      DidChangeWatchedFilesNotification(
        uris: [URL(fileURLWithPath: repository.path + "/.commitlintrc.yml").absoluteString]))
    #expect(try settles(on: ["line-too-long"]) == ["line-too-long"])
    let shown = session.server.receivedBodies.filter { $0.contains("window/showMessage") }
    #expect(shown.count == 1)
    #expect(shown.first?.contains(".commitlintrc.yml: plugins: cannot be honoured") == true, "\(shown)")
    try session.finish()
  }
}
