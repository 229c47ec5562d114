import Foundation
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// A team's commitlint configuration written in JavaScript or TypeScript, through the binary and
/// the daemon (Protocol/README.md, "JavaScript and TypeScript configurations", "Configuration
/// problems"): read without running it, its rules judge the message; a binding that needs code
/// is a warning with its line and column, the rest applies, and `check` exits on the message's
/// verdict; the daemon shows the same problem and the same diagnostics.
@Suite struct ScriptConfiguration {
  static let typeScript = """
    import type { UserConfig } from '@commitlint/types';
    import { RuleConfigSeverity } from '@commitlint/types';

    const scopes = ['api', 'web'] as const;

    const config: UserConfig = {
      extends: ['@commitlint/config-conventional'],
      rules: {
        'scope-enum': [RuleConfigSeverity.Error, 'always', [...scopes, 'deps']],
      },
    };

    export default config;

    """

  /// A scope from the spread list passes; one outside it is refused with commitlint's code and
  /// words; a message config-conventional refuses is refused with its codes.
  @Test func aTypeScriptFileJudgesTheMessage() throws {
    let repository = try RepositoryConfiguration.Repository()
    try repository.write("commitlint.config.ts", Self.typeScript)
    try repository.write(".git/COMMIT_EDITMSG", "feat(web): add a page\n")
    let good = try runBinary(["check", ".git/COMMIT_EDITMSG"], in: repository.path)
    #expect(good.status == 0)
    #expect(good.out == "")
    #expect(good.err == "")
    try repository.write(".git/COMMIT_EDITMSG", "feat(cli): add a flag\n")
    let scope = try runBinary(["check", ".git/COMMIT_EDITMSG"], in: repository.path)
    #expect(scope.status == 1)
    #expect(
      scope.out == """
        .git/COMMIT_EDITMSG:1:6: error: scope must be one of [api, web, deps] [scope-enum]

        """)
    #expect(scope.err == "")
    let rules = try runBinary(["rules", "--format", "json", ".git/COMMIT_EDITMSG"], in: repository.path)
    #expect(rules.status == 0)
    #expect(rules.out.contains(#""file":"\#(repository.path)/commitlint.config.ts""#), "\(rules.out)")
  }

  static let unevaluable = """
    const { readdirSync } = require('fs');

    module.exports = {
      extends: ['@commitlint/config-conventional'],
      rules: {
        'scope-enum': [2, 'always', readdirSync('packages')],
      },
    };

    """

  static let warning =
    #"commitlint.config.js:6:33: warning: rules["scope-enum"] is not honoured: readdirSync(…), a call of readdirSync from fs, which StableText does not run; the rest applies"#

  /// The binding that needs code is named; the rest (config-conventional) judges the message,
  /// and the exit code is the message's verdict; `--strict-config` makes the skip exit 2.
  @Test(arguments: [
    ("feat(anything): add a page\n", Int32(0), ""),
    (
      "Fixed stuff.\n", Int32(1),
      """
      .git/COMMIT_EDITMSG:1:13: error: subject may not be empty [subject-empty]
      .git/COMMIT_EDITMSG:1:13: error: subject may not end with full stop [subject-full-stop]
      .git/COMMIT_EDITMSG:1:1: error: type may not be empty [type-empty]

      """
    ),
  ])
  func anUnevaluableBindingIsAWarningAndTheRestJudges(_ message: String, _ status: Int32, _ out: String)
    throws
  {
    let repository = try RepositoryConfiguration.Repository()
    try repository.write("commitlint.config.js", Self.unevaluable)
    try repository.write(".git/COMMIT_EDITMSG", message)
    let checked = try runBinary(["check", ".git/COMMIT_EDITMSG"], in: repository.path)
    #expect(checked.status == status)
    #expect(checked.out == out)
    #expect(checked.err == "\(repository.path)/\(Self.warning)\n")
    let strict = try runBinary(["check", "--strict-config", ".git/COMMIT_EDITMSG"], in: repository.path)
    #expect(strict.status == 2)
    #expect(strict.out == out)
    #expect(strict.err == "\(repository.path)/\(Self.warning.replacing(": warning: ", with: ": error: "))\n")
  }

  /// The daemon shows the same problem once, as a warning, and the rest's diagnostics.
  @Test func theDaemonShowsTheSameProblem() throws {
    let repository = try RepositoryConfiguration.Repository()
    try repository.write("commitlint.config.js", Self.unevaluable)
    let session = try Session()
    let uri = URL(fileURLWithPath: repository.path + "/.git/COMMIT_EDITMSG").absoluteString
    session.open(uri, "Fixed stuff.\n", languageId: "git-commit")
    var codes: [String] = []
    let expected = ["subject-empty", "subject-full-stop", "type-empty"]
    let deadline = Date().addingTimeInterval(10)
    repeat {
      codes = try session.publish()["diagnostics"]?.codes ?? []
    } while codes.sorted() != expected && Date() < deadline
    #expect(codes.sorted() == expected)
    let shown = session.server.receivedBodies.filter { $0.contains("window/showMessage") }
    #expect(shown.count == 1)
    #expect(shown.first?.contains("\"type\":2") == true)
    let said = Self.warning.replacing(": warning: ", with: ": ").replacing("\"", with: "\\\"")
    #expect(shown.first?.contains("stabletext: \(repository.path)/\(said)") == true, "\(shown)")
    try session.finish()
  }
}
