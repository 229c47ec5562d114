import Testing

@testable import StableTextProject

/// How the one `git rev-parse` and the one `git config -z --get-regexp` are read (`GitRepository`,
/// `GitConfig`): every answer, or all but the top in a git directory, or none.
@Suite struct GitAnswersTests {
  static let paths = [
    ".git/hooks", ".git/CHERRY_PICK_HEAD", ".git/REVERT_HEAD", ".git/rebase-merge",
    ".git/rebase-apply", ".git/stabletext-init",
  ]

  static let cases: [(what: String, output: String, status: Int32, cut: Bool, expected: [String]?)] = [
    (
      "a work tree", (["false", "true", "/r/.git", ".git"] + paths + ["/r"]).joined(separator: "\n") + "\n",
      0,
      false, ["false", "true", "/r/.git", ".git"] + paths + ["/r"]
    ),
    // git stops at `--show-toplevel`, asked last: the others stand.
    (
      "a git directory", (["true", "false", "/r/.git", "."] + paths).joined(separator: "\n") + "\n", 128,
      false,
      ["true", "false", "/r/.git", "."] + paths
    ),
    ("outside a repository", "", 128, false, nil),
    // A path with a line break: the lines do not count the answers (asked one by one then).
    (
      "a line break in a path",
      (["false", "true", "/r\nx/.git", ".git"] + paths + ["/r\nx"]).joined(separator: "\n") + "\n", 0, false,
      nil
    ),
    ("stopped", "false\ntrue\n", 0, true, nil),
    (
      "not an answer", (["yes", "true", "/r/.git", ".git"] + paths + ["/r"]).joined(separator: "\n"), 0,
      false, nil
    ),
  ]

  @Test func revParseAnswers() {
    for (what, output, status, cut, expected) in Self.cases {
      #expect(GitRepository.answers(Array(output.utf8), status: status, cut: cut) == expected, "\(what)")
    }
  }

  @Test func oneQuestionPerAnswer() {
    // The questions asked together and one by one are the same, in the same order.
    #expect(["rev-parse"] + GitRepository.questionsOneByOne.flatMap { $0 } == GitRepository.questions)
  }

  static let configs: [(listing: String, key: String, value: String?)] = [
    ("core.commentchar\n;\0", "core.commentChar", ";"),
    ("core.commentchar\n;\0core.commentchar\n%\0", "core.commentChar", "%"),
    // The section and the name are asked in any case.
    ("commit.cleanup\nscissors\0", "Commit.Cleanup", "scissors"),
    // A key without a value is set, but has none.
    ("core.hookspath\0", "core.hooksPath", nil),
    ("user.name\nTwo\nLines\0", "user.name", "Two\nLines"),
  ]

  @Test func configValues() {
    for (listing, key, value) in Self.configs {
      #expect(GitConfig(listing: Array(listing.utf8)).value(key) == value, "\(listing)")
    }
    #expect(GitConfig(listing: Array("core.hookspath\0".utf8)).isSet("core.hooksPath"))
    #expect(!GitConfig(listing: []).isSet("core.hooksPath"))
  }

  static let prefixes: [(listing: String, configured: String?, prefix: String?)] = [
    ("", nil, nil),
    ("core.commentchar\n;\0", ";", ";"),
    ("core.commentchar\nauto\0", "auto", nil),
    // git 2.45's core.commentString wins.
    ("core.commentchar\n;\0core.commentstring\n//\0", "//", "//"),
  ]

  @Test func commentPrefixes() {
    for (listing, configured, prefix) in Self.prefixes {
      let config = GitConfig(listing: Array(listing.utf8))
      #expect(config.configuredCommentPrefix == configured, "\(listing)")
      #expect(config.commentString == prefix, "\(listing)")
    }
  }
}
