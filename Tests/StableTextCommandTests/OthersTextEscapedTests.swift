import Foundation
import StableTextSessionSupport
import Testing

/// `check`, `rules` and `init` print a repository's words escaped in their text output
/// (Protocol/README.md, "Command line": what the commands print of others' text): a rule's name,
/// an `extends` value, a gitlint value, a folder's name hold line breaks and terminal escapes, and
/// each still prints as one line that repaints nothing (they reached the terminal raw).
@Suite struct OthersTextEscaped {
  /// A folder name that clears the screen, turns red and breaks the line.
  static let folder = "d\u{1B}[2J\u{1B}[31mred\nx\u{202E}"
  static let shownFolder = #"d\u{1B}[2J\u{1B}[31mred\nx\u{202E}"#

  /// A repository with a hostile folder and configuration, and with `teamFiles` a team's
  /// commitlint file whose `extends` cannot be honoured.
  static func repository(teamFiles: Bool = false) throws -> (work: URL, environment: [String: String]) {
    let (work, environment) = try FixesThatWrite.repository(
      teamFiles
        ? [
          ".commitlintrc.json":
            #"{"extends": ["evil\u001b]0;pwned\u0007\nfake: error"], "rules": {"type-enum": [2, "always", ["feat\u001b[31m"]]}}"#
            + "\n"
        ] : [:])
    let inner = work.appendingPathComponent(folder)
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
    try #"{"rules": {"maxLength": 5, "x\u001b]0;pwned\u0007": 1}}"#.write(
      to: inner.appendingPathComponent(".stabletext.json"), atomically: true, encoding: .utf8)
    try "hello world\n".write(to: inner.appendingPathComponent("f.txt"), atomically: true, encoding: .utf8)
    return (work, environment)
  }

  /// No scalar a terminal acts on but the line breaks between lines.
  static func expectPlain(_ text: String, _ what: String) {
    #expect(
      !text.unicodeScalars.contains {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
          || (0x202A...0x202E).contains($0.value)
      }, "\(what): \(text)")
  }

  @Test func checkEscapesTheFolderAndTheConfiguration() throws {
    let (work, environment) = try Self.repository()
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    let file = Self.folder + "/f.txt"
    let run = try runCommand([binaryPath, "check", file], in: work.path, environment: environment)
    #expect(run.status == 1)
    #expect(
      run.out == Self.shownFolder + "/f.txt:1:6: error: 11/5 characters: 6 over the limit [over-limit]\n")
    let physical = work.resolvingSymlinksInPath().path
    #expect(
      run.err
        == "stabletext: warning: \(physical)/\(Self.shownFolder)/.stabletext.json: rules.x\\u{1B}]0;pwned\\u{7}: unknown rule ignored\n",
      "\(run.err)")
    Self.expectPlain(run.out + run.err, "check")
    // GitHub's workflow commands: one command a line, escapes and all.
    let github = try runCommand(
      [binaryPath, "check", "--format", "github", file], in: work.path, environment: environment)
    Self.expectPlain(github.out + github.err, "check --format github")
    #expect(github.err.contains(#"rules.x\u{1B}]0;pwned\u{7}: unknown rule ignored"#), "\(github.err)")
  }

  @Test func rulesEscapesTheTeamsFiles() throws {
    let (work, environment) = try Self.repository(teamFiles: true)
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    let run = try runCommand(
      [binaryPath, "rules", ".git/COMMIT_EDITMSG", Self.folder + "/f.txt"], in: work.path,
      environment: environment)
    Self.expectPlain(run.out + run.err, "rules")
    // The commitlint file's `extends` is not honoured: a warning at its place, on one line.
    let physical = work.resolvingSymlinksInPath().path
    #expect(
      run.err.contains(
        "\(physical)/.commitlintrc.json:1:14: warning: extends[0] \"evil\\u{1B}]0;pwned\\u{7}\\nfake: error\" is not honoured: "
      ), "\(run.err)")
  }

  @Test func rulesEscapesAGitlintValueAndACommitlintValue() throws {
    let (work, environment) = try FixesThatWrite.repository([
      ".commitlintrc.json": #"{"rules": {"type-enum": [2, "always", ["feat\u001b[31m"]]}}"# + "\n",
      ".gitlint": "[general]\nignore=B6\n[title-must-not-contain-word]\nwords=WIP,\u{1B}7save\u{07}\n",
    ])
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    let run = try runCommand(
      [binaryPath, "rules", ".git/COMMIT_EDITMSG"], in: work.path, environment: environment)
    Self.expectPlain(run.out + run.err, "rules")
    #expect(run.out.contains(#"    type-enum: [2,"always",["feat\u001B[31m"]]"#), "\(run.out)")
    #expect(
      run.out.contains(#"    [title-must-not-contain-word] words = WIP,\u{1B}7save\u{7}"#), "\(run.out)")
  }

  @Test func initEscapesTheWorkTreesName() throws {
    let (work, environment) = try FixesThatWrite.repository([:])
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    let inner = work.appendingPathComponent(Self.folder)
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
    #expect(
      try runCommand(["/usr/bin/env", "git", "init", "-q"], in: inner.path, environment: environment).status
        == 0)
    let run = try runCommand([binaryPath, "init", "--dry-run"], in: inner.path, environment: environment)
    #expect(run.status == 0, "\(run.err)")
    Self.expectPlain(run.out + run.err, "init")
    #expect(run.out.contains("/\(Self.shownFolder)/.stabletext.json: would write the configuration with:\n"))
  }
}
