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

  /// The committer from the same `git config` answer, where it decides it, is what `git var
  /// GIT_COMMITTER_IDENT` says, against real git: configuration and environment in the order git
  /// takes them, git's crud stripped; where it does not decide (a part missing, or empty once
  /// cleaned) there is no answer, and the daemon asks `git var`.
  @Test func committerFromConfigIsGitVars() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("st-ident-\(UUID().uuidString)")
      .path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cases: [(config: [(String, String)], environment: [String: String], decided: Bool)] = [
      ([("user.name", "Ann Example"), ("user.email", "ann@example.com")], [:], true),
      ([("user.name", "  Ann, Example;  "), ("user.email", " <ann@example.com>, ")], [:], true),
      ([("user.name", "Ann <the> Example"), ("user.email", "a\"b@example.com")], [:], true),
      ([("user.name", "Dé 'Quote'"), ("user.email", "d@example.com")], [:], true),
      (
        [
          ("user.name", "Ann"), ("user.email", "ann@example.com"), ("committer.name", "Cee Committer"),
          ("committer.email", "cee@example.com"),
        ], [:], true
      ),
      (
        [("user.name", "Ann"), ("user.email", "ann@example.com")],
        ["GIT_COMMITTER_NAME": " Env Name ", "GIT_COMMITTER_EMAIL": "env@example.com"], true
      ),
      ([("user.name", "Ann"), ("user.email", "ann@example.com")], ["GIT_COMMITTER_NAME": ""], false),
      ([("user.name", ",;"), ("user.email", "ann@example.com")], [:], false),
      ([("user.name", "Ann")], ["EMAIL": "mail@example.com"], false),
      ([], [:], false),
    ]
    let pattern =
      "^(" + GitCommentPrefixes.keys.map { $0.replacing(".", with: "\\.") }.joined(separator: "|") + ")$"
    for (index, (config, extra, decided)) in cases.enumerated() {
      let folder = root + "/\(index)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      var environment = ["HOME": root, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CEILING_DIRECTORIES": root]
      #expect(
        try runCommand(["/usr/bin/env", "git", "init", "-q"], in: folder, environment: environment).status
          == 0)
      for (key, value) in config {
        #expect(
          try runCommand(["/usr/bin/env", "git", "config", key, value], in: folder, environment: environment)
            .status
            == 0)
      }
      environment.merge(extra) { $1 }
      let output = try runCommand(
        ["/usr/bin/env", "git", "config", "-z", "--get-regexp", pattern], in: folder, environment: environment
      ).out
      var seen = ProcessInfo.processInfo.environment
      seen.merge(environment) { $1 }
      let derived = GitCommentPrefixes.committer(fromConfig: Array(output.utf8), environment: seen)
      #expect((derived != nil) == decided, "case \(index): \(String(describing: derived))")
      guard let derived else { continue }
      let ident = try runCommand(
        ["/usr/bin/env", "git", "var", "GIT_COMMITTER_IDENT"], in: folder, environment: environment)
      #expect(ident.status == 0, "case \(index): \(ident.err)")
      #expect(derived == SignOffIdentity(ident: ident.out), "case \(index): git var says \(ident.out)")
    }
  }
}
