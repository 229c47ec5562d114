import Foundation
import StableTextCore
import StableTextSessionSupport
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
}
