import Foundation
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// Configuration problems (Protocol/README.md, "Configuration problems") say the same wherever
/// a commit message is judged: the editor (the daemon's `window/showMessage`), the commit-msg
/// hook (`check` run by git) and CI (`check --commits`) name the same problems of the same files,
/// at the same places, in the same words; each once, every problem of every file in one run.
@Suite struct ConfigurationProblems {
  /// A repository whose git runs `stabletext check "$1"` as its commit-msg hook (the built
  /// binary on `PATH` as `stabletext`, as the README installs it).
  final class HookedRepository {
    let repository: RepositoryConfiguration.Repository
    let bin: String
    var path: String { repository.path }

    init() throws {
      repository = try RepositoryConfiguration.Repository()
      bin = repository.path + "/.bin"
      try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: bin + "/stabletext", withDestinationPath: binaryPath)
      try repository.write(".git/info/exclude", ".bin/\n")
    }

    /// A command in the repository with the binary on `PATH`, git's global settings out of it.
    func run(_ command: [String]) throws -> (status: Int32, out: String, err: String) {
      try runCommand(
        ["/usr/bin/env"] + command, in: path,
        environment: [
          "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
          "HOME": path, "GIT_CONFIG_NOSYSTEM": "1",
        ])
    }

    /// The README's hook, installed by its own line.
    func installHook() throws {
      let line = try Self.readmeHookLine()
      let installed = try run(["sh", "-c", line])
      #expect(installed.status == 0, "\(installed.err)")
    }

    /// The line of the README's "hook" block that installs the hook.
    static func readmeHookLine() throws -> String {
      let readme = try String(contentsOfFile: repositoryPath("README.md"), encoding: .utf8)
      let line = readme.split(separator: "\n").first {
        $0.hasPrefix("h=\"$(git rev-parse --git-path hooks)\"")
      }
      return String(try #require(line))
    }
  }

  /// The problems in the words every place shares: `PLACE: TEXT`, from `check`'s `PLACE:
  /// SEVERITY: TEXT` lines on standard error (a note left out).
  static func said(byCheck errors: String) -> [String] {
    errors.split(separator: "\n").compactMap { line in
      for severity in [": warning: ", ": error: "] {
        if let range = line.range(of: severity) { return line.replacingCharacters(in: range, with: ": ") }
      }
      return nil
    }.sorted()
  }

  /// The same from the daemon's `window/showMessage`s (`stabletext: PLACE: TEXT`), an invalid
  /// file's ending `; the file is ignored` left out as `check` leaves it out.
  static func said(byDaemon bodies: [String]) -> [String] {
    bodies.compactMap { body -> String? in
      guard let message = (try? JSONValue(parsing: body))?["params"]?["message"]?.stringValue,
        body.contains(ShowMessageNotification.method)
      else { return nil }
      return String(message.dropFirst("stabletext: ".count)).replacing("; the file is ignored", with: "")
    }.sorted()
  }

  /// The repository's problems as the editor says them for its commit message.
  static func saidInTheEditor(_ path: String) throws -> [String] {
    let session = try Session()
    let uri = URL(fileURLWithPath: path + "/.git/COMMIT_EDITMSG").absoluteString
    session.open(uri, "feat: add a thing", languageId: "git-commit")
    _ = try session.state(uri)
    let said = Self.said(byDaemon: session.server.receivedBodies)
    try session.finish()
    return said
  }

  static let packageJSON = """
    {
      "name": "@example/root",
      "private": true,
      "commitlint": {
        "extends": ["@commitlint/config-conventional", "@commitlint/config-workspace-scopes"],
        "plugins": ["commitlint-plugin-jira-rules"],
        "rules": {"jira-task-id-empty": [2, "never"], "header-max-length": [2, "always", 90]}
      }
    }

    """
  /// (B6, a body required, is gitlint's own default: ignored here, to judge a one-line message.)
  static let gitlint = "[general]\nextra-path = ./gitlint/\ncontrib = CT1,CC2\nignore = body-is-missing\n"
  /// A section too costly to match, which could match a commit message's path: an
  /// `.editorconfig` problem is never said for a commit message.
  static let editorConfig = "root = true\n[*]\nindent_style = tab\n\n[*E*I*M*S*G]\nindent_size = 3\n"

  @Test func theEditorTheHookAndCISayTheSameProblems() throws {
    let repository = try HookedRepository()
    try repository.repository.write("package.json", Self.packageJSON)
    try repository.repository.write(".gitlint", Self.gitlint)
    try repository.repository.write(".editorconfig", Self.editorConfig)
    try repository.installHook()
    let root = repository.path
    let expected = [
      #"\#(root)/.gitlint:2:1: [general] extra-path is not honoured: user-defined rules are Python, which StableText does not run; the rest applies"#,
      #"\#(root)/.gitlint:3:1: [general] contrib CC2 (contrib-disallow-cleanup-commits) is not honoured: StableText has the contrib rules CT1 and CC1; the rest applies"#,
      #"\#(root)/package.json:6:17: commitlint.plugins[0] "commitlint-plugin-jira-rules" is not honoured: plugins are JavaScript packages, which StableText does not load; the rest applies"#,
      #"\#(root)/package.json:7:15: commitlint.rules.jira-task-id-empty is not honoured: it is no rule of @commitlint/rules, so a plugin or an extended configuration StableText does not load defines it; the rest applies"#,
    ].sorted()
    // The hook: a good message passes, each problem said once as a warning.
    let hook = try repository.run(["git", "commit", "-q", "--allow-empty", "-m", "feat: add a thing"])
    #expect(hook.status == 0, "\(hook.err)")
    #expect(Self.said(byCheck: hook.err) == expected)
    #expect(hook.err.split(separator: "\n").count == expected.count)
    // CI over the commit.
    let commits = try repository.run(["stabletext", "check", "--commits", "HEAD"])
    #expect(commits.status == 0)
    #expect(Self.said(byCheck: commits.err) == expected)
    #expect(commits.err.split(separator: "\n").count == expected.count)
    // --strict-config fails CI on them, each now an error.
    let strict = try repository.run(["stabletext", "check", "--strict-config", "--commits", "HEAD"])
    #expect(strict.status == 2)
    #expect(strict.err == commits.err.replacing(": warning: ", with: ": error: "))
    // The editor.
    #expect(try Self.saidInTheEditor(root) == expected)
  }

  /// A file its own tool would refuse: the hook refuses the commit (exit 2) without judging the
  /// message, CI exits 2 before judging any commit, the editor shows it as an error; all three
  /// name every problem of every file, the same.
  @Test func anInvalidFileIsSaidTheSameEverywhere() throws {
    let repository = try HookedRepository()
    try repository.repository.write("package.json", Self.packageJSON)
    try repository.repository.write(
      ".gitlint", "[general]\nignore-merge-commits = yes\n[T1]\nline-length = -3\n")
    try repository.repository.commit("feat: before the hook")
    try repository.installHook()
    let root = repository.path
    let expected = [
      #"\#(root)/.gitlint:2:1: [general] ignore-merge-commits: Option 'ignore-merge-commits' must be either 'true' or 'false'"#,
      #"\#(root)/.gitlint:4:1: [T1] line-length: '-3' is not a valid value for option 'T1.line-length'. Option 'line-length' must be a positive integer (current value: '-3')."#,
      #"\#(root)/package.json:6:17: commitlint.plugins[0] "commitlint-plugin-jira-rules" is not honoured: plugins are JavaScript packages, which StableText does not load; the rest applies"#,
      #"\#(root)/package.json:7:15: commitlint.rules.jira-task-id-empty is not honoured: it is no rule of @commitlint/rules, so a plugin or an extended configuration StableText does not load defines it; the rest applies"#,
    ].sorted()
    let hook = try repository.run(["git", "commit", "-q", "--allow-empty", "-m", "Fixed stuff."])
    #expect(hook.status != 0)
    #expect(Self.said(byCheck: hook.err) == expected)
    // Not judged: none of commitlint's codes.
    #expect(!hook.err.contains("[type-empty]"))
    let commits = try repository.run(["stabletext", "check", "--commits", "HEAD"])
    #expect(commits.status == 2)
    #expect(commits.out == "")
    #expect(Self.said(byCheck: commits.err) == expected)
    #expect(try Self.saidInTheEditor(root) == expected)
  }
}
