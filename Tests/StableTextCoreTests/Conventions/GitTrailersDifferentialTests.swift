import Foundation
import Testing

@testable import StableTextCore

/// The message as git stores it and its trailer block, against real git on generated messages
/// whose lines end in `\n`, `\r\n` and lone `\r`s (Protocol/README.md, "Team conventions": "What
/// the rules read"; issue 55 found a `Signed-off-by:` after a lone CR that the hook saw and git
/// did not): for each message, `StoredCommitMessage` is `git stripspace --strip-comments`'s output
/// byte for byte; `GitTrailers` finds the trailers `git interpret-trailers --parse` prints for
/// it; and `missing-trailer` (`requiredTrailers`, the editor's and the hook's sign-off check) is
/// reported exactly when git finds no `Signed-off-by`. commitlint's `trailer-exists` and
/// `signed-off-by` read that stored message, in the hook as in CI.
@Suite struct GitTrailersDifferentialTests {
  /// `git ARGUMENTS` with `input` on standard input: its standard output.
  static func git(_ arguments: [String], input: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "core.commentChar=#"] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["HOME"] = "/nonexistent"
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    // Written on a thread of its own: git may fill its output pipe before it reads all of this.
    let writer = Thread {
      stdin.fileHandleForWriting.write(Data(input.utf8))
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }

  /// Messages of a title, a body of prose, comments, blank lines and stray trailers, and most
  /// often a last paragraph of trailers (git's own and others, continuation lines); each line
  /// ended by `\n`, or now and then by `\r\n`, a lone `\r`, `\r\r\n` or `\n\r`, and now and
  /// then with a `\r` inside (before a sign-off) or white space at its end.
  static func messages(count: Int) -> [String] {
    var seed: UInt64 = 55
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let prose = [
      "Body of the change.", "More prose here", "# a comment", "", "   ", "Not a trailer: not really at all",
      "Refs: #42", "---", "\tindented",
    ]
    let trailers = [
      "Signed-off-by: Ada <ada@example.org>", "signed-off-by: lower <l@x>",
      "Reviewed-by: Bo <bo@example.org>",
      "Co-authored-by: Cy <cy@x>", "(cherry picked from commit 0123456789abcdef)", " continued value",
      "Fixes:",
      "Token : spaced", "# a comment",
    ]
    let ends = ["\n", "\n", "\n", "\n", "\n", "\n", "\r\n", "\r", "\r\r\n", "\n\r"]
    func line(_ pieces: [String]) -> String {
      var line = pieces[next(pieces.count)]
      if next(12) == 0 { line += "\rSigned-off-by: Hidden <h@x>" }
      if next(10) == 0 { line += " \t" }
      return line + ends[next(ends.count)]
    }
    return (0..<count).map { _ in
      var text = ["Add the thing", "Fix it", "Change"][next(3)] + ends[next(ends.count)]
      for _ in 0..<next(5) { text += line(prose) }
      if next(4) != 0 {
        text += ends[next(ends.count)]
        for _ in 0..<(1 + next(3)) { text += line(trailers) }
      }
      return text
    }
  }

  static func field(_ text: String) -> StableTextField {
    var project = RulePatch()
    project.requiredTrailers = ["Signed-off-by"]
    let rules = RuleConfiguration().resolve(
      uri: "file:///repo/.git/COMMIT_EDITMSG", languageId: "gitcommit",
      files: FileLayers(projectRules: project))
    return StableTextField(text: text, rules: rules)
  }

  /// Issue 55's lone CR and its neighbours, written out: the trailers `git stripspace
  /// --strip-comments | git interpret-trailers --parse` printed for each (git 2.39), and so
  /// whether the sign-off is missing.
  @Test(arguments: [
    // The sign-off after a lone CR is inside the body's line: git sees no trailer.
    ("Title\n\nBody.\rSigned-off-by: Ann <ann@x>\n", [String]()),
    ("Title\n\rSigned-off-by: Ann <ann@x>\n", []),
    ("Title\r\n\r\nSigned-off-by: Ann <ann@x>\r\n", ["Signed-off-by: Ann <ann@x>"]),
    ("Title\n\nSigned-off-by: Ann <ann@x>\r", ["Signed-off-by: Ann <ann@x>"]),
    // A lone CR between two trailers makes them one, the second its value's tail.
    (
      "Title\n\nSigned-off-by: Ann <ann@x>\rReviewed-by: Bo <b@x>\n",
      ["Signed-off-by: Ann <ann@x>\rReviewed-by: Bo <b@x>"]
    ),
  ])
  func loneReturnsAsGitReadsThem(_ message: String, _ trailers: [String]) {
    let field = Self.field(message)
    #expect(GitTrailers.parse(StoredCommitMessage(field).text) == trailers)
    #expect(field.diagnostics.contains { $0.code == .missingTrailer } == trailers.isEmpty)
  }

  @Test func sameMessageAndTrailersAsGit() throws {
    var differences: [String] = []
    var signedByGit = 0
    var loneReturns = 0
    for message in Self.messages(count: 400) {
      let field = Self.field(message)
      if field.messageIndex.holdsLoneReturns { loneReturns += 1 }
      #expect(
        field.messageIndex.gitReadsTrailersOtherwise
          == (field.messageIndex.holdsLoneReturns || message.contains("---")))
      let stored = StoredCommitMessage(field).text
      let gitStored = try Self.git(["stripspace", "--strip-comments"], input: message)
      guard stored == gitStored else {
        differences.append(
          "\(message.debugDescription): stored \(stored.debugDescription), git \(gitStored.debugDescription)")
        continue
      }
      let gitTrailers = try Self.git(["interpret-trailers", "--parse"], input: gitStored)
        .split(separator: "\n").map(String.init)
      if GitTrailers.parse(stored) != gitTrailers {
        differences.append(
          "\(message.debugDescription): trailers \(GitTrailers.parse(stored)), git \(gitTrailers)")
      }
      let signed = gitTrailers.contains { $0.lowercased().hasPrefix("signed-off-by:") }
      if signed { signedByGit += 1 }
      let missing = field.diagnostics.contains { $0.code == .missingTrailer }
      if missing == signed {
        differences.append("\(message.debugDescription): missing-trailer \(missing), git signed \(signed)")
      }
    }
    // The generated messages (deterministic) exercise both sides: lone CRs in most of them, and
    // sign-offs git finds and does not.
    #expect(loneReturns == 333)
    #expect(signedByGit == 73)
    #expect(
      differences.isEmpty,
      "\(differences.count) differences:\n\(differences.prefix(8).joined(separator: "\n"))")
  }
}
