import Foundation
import StableTextCore
import StableTextSessionSupport
import Synchronization
import Testing

@testable import StableTextServer

/// What the daemon learns from its one `git config -z --get-regexp` per repository
/// (`GitCommentPrefixes`): the comment prefix, and git's identity as the author of the commit
/// being written, which a team's rules read (Protocol/README.md, "Team conventions").
@Suite struct GitFacts {
  static let cases: [(config: String, environment: [String: String], expected: GitCommentPrefixes.Facts)] = [
    ("", [:], .init()),
    (
      "user.name\nAnn Example\0user.email\nann@example.com\0core.commentchar\n;\0", [:],
      .init(prefix: ";", authorName: "Ann Example", authorEmail: "ann@example.com")
    ),
    // core.commentString wins over core.commentChar; `auto` is no prefix.
    ("core.commentchar\n;\0core.commentstring\n//\0", [:], .init(prefix: "//")),
    ("core.commentchar\nauto\0", [:], .init()),
    // The last value of a key wins (a repository's over the global file), as `git config --get`.
    ("user.name\nGlobal\0user.name\nLocal Name\0", [:], .init(authorName: "Local Name")),
    // author.* wins over user.*, and git's environment over both, as git decides the author.
    (
      "user.name\nAnn\0author.name\nAnn Author\0user.email\na@x\0author.email\nauthor@x\0", [:],
      .init(authorName: "Ann Author", authorEmail: "author@x")
    ),
    (
      "user.name\nAnn\0user.email\na@x\0",
      [
        "GIT_AUTHOR_NAME": "dependabot[bot]",
        "GIT_AUTHOR_EMAIL": "49699333+dependabot[bot]@users.noreply.github.com",
      ],
      .init(authorName: "dependabot[bot]", authorEmail: "49699333+dependabot[bot]@users.noreply.github.com")
    ),
    // A value with a line break, and a key without a value.
    ("user.name\nTwo\nLines\0user.email\0", [:], .init(authorName: "Two\nLines")),
  ]

  @Test func factsFromOneConfigCall() {
    for (config, environment, expected) in Self.cases {
      #expect(
        GitCommentPrefixes.facts(fromConfig: Array(config.utf8), environment: environment) == expected,
        "\(config)")
    }
  }

  /// A git that gives no answer (stopped by its bounds on a loaded machine, or unable to start)
  /// is asked again a second later, and its first real answer is the one kept and announced:
  /// the daemon does not hold "no sign-off" for a minute because one ask was slow.
  @Test func aGitThatGivesNoAnswerIsAskedAgain() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let answer = GitCommentPrefixes.Facts(
      prefix: ";", authorName: "Ann", authorEmail: "ann@example.com",
      signOff: SignOffIdentity(ident: "Ann <ann@example.com> 1700000000 +0000"))
    let asks = Mutex(0)
    let prefixes = GitCommentPrefixes { _ in
      let ask = asks.withLock { count in
        count += 1
        return count
      }
      // Two asks stopped with nothing said (what a cut ask returns: no prefix, no identity).
      return ask < 3 ? (GitCommentPrefixes.Facts(), false) : (answer, true)
    }
    #expect(prefixes.facts(forFolder: folder) == nil)
    for _ in 0..<200 where prefixes.isAsking { usleep(50_000) }
    #expect(!prefixes.isAsking)
    #expect(asks.withLock { $0 } == 3)
    #expect(prefixes.takeAnswered() == [folder])
    #expect(prefixes.facts(forFolder: folder) == answer)
    // Answered: not asked again within the minute.
    #expect(!prefixes.isAsking)
    #expect(asks.withLock { $0 } == 3)
  }
}
