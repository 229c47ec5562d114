import StableTextCore
import StableTextProject
import Testing

@testable import StableTextConventions

/// test_lint.py: the whole linter over gitlint's sample messages (kept beside the project in
/// ../shared/third-party/gitlint-samples): which rules run, the ignores, the special commits and
/// the order of the violations.
@Suite struct GitlintLinterTests {
  private let sample1Title = "Commit title contåining 'WIP', as well as trailing punctuation."
  private let sample1Long =
    "This is the first line of the commit message body and it is meant to test a line that exceeds the maximum line length of 80 characters."
  private let sample3Title =
    " Commit title containing 'WIP', \tleading and tråiling whitespace and longer than 72 characters."

  private func lint(_ message: String, _ configuration: GitlintConfiguration = GitlintConfiguration())
    -> [GitlintViolation]
  {
    GitlintLinter.lint(gitcommit(message), configuration, readingCommitIgnores: false)
  }

  @Test func lintSample1() throws {
    #expect(
      try lint(GitlintSamples.sample("sample1")) == [
        GitlintViolation("T3", "Title has trailing punctuation (.)", sample1Title, 1),
        GitlintViolation("T5", "Title contains the word 'WIP' (case-insensitive)", sample1Title, 1),
        GitlintViolation("B4", "Second line is not empty", "This line should be empty", 2),
        GitlintViolation("B1", "Line exceeds max length (135>80)", sample1Long, 3),
        GitlintViolation("B2", "Line has trailing whitespace", "This line has a tråiling space. ", 4),
        GitlintViolation("B2", "Line has trailing whitespace", "This line has a trailing tab.\t", 5),
        GitlintViolation(
          "B3", "Line contains hard tab characters (\\t)", "This line has a trailing tab.\t", 5),
      ])
  }

  @Test func lintSample2() throws {
    #expect(
      try lint(GitlintSamples.sample("sample2")) == [
        GitlintViolation(
          "T5", "Title contains the word 'WIP' (case-insensitive)", "Just a title contåining WIP", 1),
        GitlintViolation("B6", "Body message is missing", nil, 3),
      ])
  }

  private var sample3Violations: [GitlintViolation] {
    [
      GitlintViolation("T1", "Title exceeds max length (95>72)", sample3Title, 1),
      GitlintViolation("T3", "Title has trailing punctuation (.)", sample3Title, 1),
      GitlintViolation("T4", "Title contains hard tab characters (\\t)", sample3Title, 1),
      GitlintViolation("T5", "Title contains the word 'WIP' (case-insensitive)", sample3Title, 1),
      GitlintViolation("T6", "Title has leading whitespace", sample3Title, 1),
      GitlintViolation("B4", "Second line is not empty", "This line should be empty", 2),
      GitlintViolation(
        "B1", "Line exceeds max length (101>80)",
        "This is the first line is meånt to test a line that exceeds the maximum line length of 80 characters.",
        3),
      GitlintViolation("B2", "Line has trailing whitespace", "This line has a trailing space. ", 4),
      GitlintViolation("B2", "Line has trailing whitespace", "This line has a tråiling tab.\t", 5),
      GitlintViolation("B3", "Line contains hard tab characters (\\t)", "This line has a tråiling tab.\t", 5),
    ]
  }

  @Test func lintSample3() throws {
    #expect(try lint(GitlintSamples.sample("sample3")) == sample3Violations)
  }

  /// `gitlint-ignore: all` in the body.
  @Test func lintSample4() throws {
    #expect(
      GitlintLinter.lint(gitcommit(try GitlintSamples.sample("sample4")), GitlintConfiguration()) == [])
  }

  /// `gitlint-ignore: T3, T6, body-max-line-length` in the body.
  @Test func lintSample5() throws {
    #expect(
      GitlintLinter.lint(gitcommit(try GitlintSamples.sample("sample5")), GitlintConfiguration()) == [
        GitlintViolation("T1", "Title exceeds max length (95>72)", sample3Title, 1),
        GitlintViolation("T4", "Title contains hard tab characters (\\t)", sample3Title, 1),
        GitlintViolation("T5", "Title contains the word 'WIP' (case-insensitive)", sample3Title, 1),
        GitlintViolation("B4", "Second line is not empty", "This line should be ëmpty", 2),
        GitlintViolation("B2", "Line has trailing whitespace", "This line has a tråiling space. ", 4),
        GitlintViolation("B2", "Line has trailing whitespace", "This line has a trailing tab.\t", 5),
        GitlintViolation(
          "B3", "Line contains hard tab characters (\\t)", "This line has a trailing tab.\t", 5),
      ])
  }

  @Test func lintMeta() throws {
    var commit = gitcommit(try GitlintSamples.sample("sample2"))
    commit.authorEmail = "foo bår"
    #expect(
      GitlintLinter.lint(commit, GitlintConfiguration()) == [
        GitlintViolation("M1", "Author email for commit is invalid", "foo bår", nil),
        GitlintViolation(
          "T5", "Title contains the word 'WIP' (case-insensitive)", "Just a title contåining WIP", 1),
        GitlintViolation("B6", "Body message is missing", nil, 3),
      ])
  }

  @Test func lintIgnore() throws {
    var general = GitlintGeneralOptions()
    try general.set("ignore", "T1,T3,T4,T5,T6,B1,B2")
    #expect(
      try lint(GitlintSamples.sample("sample3"), GitlintConfiguration(general: general)) == [
        GitlintViolation("B4", "Second line is not empty", "This line should be empty", 2),
        GitlintViolation(
          "B3", "Line contains hard tab characters (\\t)", "This line has a tråiling tab.\t", 5),
      ])
  }

  @Test func lintConfigurationRule() throws {
    var configuration = GitlintConfiguration(engine: PCRE2Engine())
    try configuration.setOption(rule: "I1", "regex", "^Just a title(.*)")
    #expect(try lint(GitlintSamples.sample("sample2"), configuration) == [])

    try configuration.setOption(rule: "I1", "ignore", "B6")
    #expect(
      try lint(GitlintSamples.sample("sample2"), configuration) == [
        GitlintViolation(
          "T5", "Title contains the word 'WIP' (case-insensitive)", "Just a title contåining WIP", 1)
      ])

    var bodyLines = GitlintConfiguration(engine: PCRE2Engine())
    try bodyLines.setOption(rule: "I3", "regex", "(.*)tråiling(.*)")
    #expect(
      try lint(GitlintSamples.sample("sample1"), bodyLines) == [
        GitlintViolation("T3", "Title has trailing punctuation (.)", sample1Title, 1),
        GitlintViolation("T5", "Title contains the word 'WIP' (case-insensitive)", sample1Title, 1),
        GitlintViolation("B4", "Second line is not empty", "This line should be empty", 2),
        GitlintViolation("B1", "Line exceeds max length (135>80)", sample1Long, 3),
        GitlintViolation("B2", "Line has trailing whitespace", "This line has a trailing tab.\t", 4),
        GitlintViolation(
          "B3", "Line contains hard tab characters (\\t)", "This line has a trailing tab.\t", 4),
      ])
  }

  @Test(arguments: [
    ("merge", "ignore-merge-commits"), ("revert", "ignore-revert-commits"),
    ("squash", "ignore-squash-commits"),
    ("fixup", "ignore-fixup-commits"), ("fixup_amend", "ignore-fixup-amend-commits"),
  ])
  func lintSpecialCommit(_ sample: String, _ option: String) throws {
    let message = try GitlintSamples.sample(sample)
    #expect(lint(message) == [])
    var general = GitlintGeneralOptions()
    try general.set(option, "false")
    #expect(!lint(message, GitlintConfiguration(general: general)).isEmpty)
  }

  @Test func lintRegexRules() throws {
    let message = try GitlintSamples.sample("no-violations")
    var configuration = GitlintConfiguration(engine: PCRE2Engine())
    #expect(lint(message, configuration) == [])
    try configuration.setOption(rule: "title-match-regex", "regex", "Tïtle$")
    #expect(lint(message, configuration) == [])
    try configuration.setOption(rule: "body-match-regex", "regex", "Sïgned-Off-By: (.*)$")
    #expect(lint(message, configuration) == [])
    try configuration.setOption(rule: "title-match-regex", "regex", "^Tïtle")
    try configuration.setOption(rule: "body-match-regex", "regex", "Sügned-Off-By: (.*)$")
    #expect(
      lint(message, configuration) == [
        GitlintViolation("T7", "Title does not match regex (^Tïtle)", "Normal Commit Tïtle", 1),
        GitlintViolation("B8", "Body does not match regex (Sügned-Off-By: (.*)$)", nil, 6),
      ])
  }

  @Test func namedRules() throws {
    var configuration = GitlintConfiguration(engine: PCRE2Engine())
    for name in ["my-ïd", "another-rule-ïd"] {
      try configuration.setOption(rule: "T5:\(name)", "words", "Föo")
    }
    #expect(
      lint("WIP: Föo bar\n\nFoo bår hur dur bla bla", configuration) == [
        GitlintViolation("T5", "Title contains the word 'WIP' (case-insensitive)", "WIP: Föo bar", 1),
        GitlintViolation(
          "T5:another-rule-ïd", "Title contains the word 'Föo' (case-insensitive)", "WIP: Föo bar", 1),
        GitlintViolation("T5:my-ïd", "Title contains the word 'Föo' (case-insensitive)", "WIP: Föo bar", 1),
      ])
  }

  @Test func ignoreNamedRules() throws {
    let message = "WIP: Föo bar\n\nFoo bår hur dur bla bla"
    let violations = [
      GitlintViolation("T5", "Title contains the word 'WIP' (case-insensitive)", "WIP: Föo bar", 1),
      GitlintViolation("T5:my-ïd", "Title contains the word 'Föo' (case-insensitive)", "WIP: Föo bar", 1),
    ]
    func configured(ignoring ignore: String?) throws -> GitlintConfiguration {
      var general = GitlintGeneralOptions()
      if let ignore { try general.set("ignore", ignore) }
      var configuration = GitlintConfiguration(general: general, engine: PCRE2Engine())
      try configuration.setOption(rule: "T5:my-ïd", "words", "Föo")
      return configuration
    }
    #expect(lint(message, try configured(ignoring: nil)) == violations)
    #expect(lint(message, try configured(ignoring: "T5")) == Array(violations[1...]))
    #expect(lint(message, try configured(ignoring: "T5:my-ïd")) == Array(violations[..<1]))
    #expect(
      lint(message, try configured(ignoring: "title-must-not-contain-word:my-ïd")) == Array(violations[..<1]))
  }

  /// Beyond gitlint's tests: a commit read from a repository is a merge by its parents, not its
  /// title; an ignore rule's list replaces `[general] ignore` for its commit, as in gitlint.
  @Test func mergeByParentsAndIgnoreReplaced() throws {
    var merge = GitlintCommit(message: "Merge branch 'x'", parentCount: 2)
    #expect(merge.isMergeCommit)
    merge.parentCount = 1
    #expect(!merge.isMergeCommit)
    #expect(!GitlintLinter.lint(merge, GitlintConfiguration()).isEmpty)

    var general = GitlintGeneralOptions()
    try general.set("ignore", "T5")
    var configuration = GitlintConfiguration(general: general, engine: PCRE2Engine())
    try configuration.setOption(rule: "I1", "regex", "^WIP")
    try configuration.setOption(rule: "I1", "ignore", "B6")
    #expect(
      lint("WIP title", configuration) == [
        GitlintViolation("T5", "Title contains the word 'WIP' (case-insensitive)", "WIP title", 1)
      ])
  }
}
