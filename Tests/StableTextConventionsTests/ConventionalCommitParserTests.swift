import StableTextCore
import Testing

@testable import StableTextConventions

/// The parser, case by case: the cases of `@commitlint/parse`'s tests (`src/index.test.ts` at
/// commitlint 1fd1be00) and of conventional-commits-parser's spec (`src/CommitParser.spec.ts` at
/// conventional-changelog 340ad83e) that commitlint's options can express, written here as rows
/// (a message, the options, what the parser must make of it), each named by the behaviour it
/// pins. Cases of a custom parser function, a custom `headerPattern`/`headerCorrespondence`,
/// `fieldPattern` or `mergePattern` (options commitlint's presets never set) are not ported.
/// `holdsEveryCase` records how many rows each table has.
struct ConventionalCommitParserTests {
  typealias Options = ConventionalCommitParser.Options
  typealias Reference = ConventionalCommit.Reference

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var message: String
    var options: Options = .commitlintDefault
    var check: @Sendable (ConventionalCommit) -> Void

    var testDescription: String { name }
  }

  static func reference(
    _ raw: String, _ issue: String, action: String? = nil, owner: String? = nil, repository: String? = nil,
    prefix: String = "#"
  ) -> Reference {
    Reference(raw: raw, action: action, owner: owner, repository: repository, issue: issue, prefix: prefix)
  }

  static var withComments: Options {
    var options = Options.commitlintDefault
    options.commentCharacter = "#"
    return options
  }

  /// conventional-commits-parser's `defaultOptions` as far as commitlint's options express them:
  /// both note keywords (its header pattern differs from the presets' only in the scope's
  /// characters, which these cases do not use).
  static var parserDefaults: Options {
    var options = Options.commitlintDefault
    options.noteKeywords = ["BREAKING CHANGE", "BREAKING-CHANGE"]
    return options
  }

  /// The spec's `customOptions` (its revert and field patterns aside).
  static let customOptions = Options(
    headerBang: .none, breakingHeader: false, noteKeywords: ["BREAKING AMEND"], issuePrefixes: ["#", "gh-"],
    referenceActions: ["kill", "kills", "killed", "handle", "handles", "handled"], revert: .angular,
    commentCharacter: "#")

  static let commitlintParseCases: [Case] = [
    Case(name: "returns object with raw message", message: "type(scope): subject") {
      #expect($0.raw == "type(scope): subject")
    },
    Case(name: "returns object with expected keys", message: "message") { commit in
      #expect(commit.header == "message")
      #expect(commit.body == nil && commit.footer == nil && commit.merge == nil && commit.revert == nil)
      #expect(commit.type == nil && commit.scope == nil && commit.subject == nil)
      #expect(commit.mentions.isEmpty && commit.notes.isEmpty && commit.references.isEmpty)
    },
    Case(name: "uses angular grammar", message: "type(scope): subject") { commit in
      #expect(commit.type == "type" && commit.scope == "scope" && commit.subject == "subject")
      #expect(
        commit.ranges.type == 0..<4 && commit.ranges.scope == 5..<10 && commit.ranges.subject == 13..<20)
    },
    Case(name: "supports scopes with /", message: "type(some/scope): subject") { commit in
      #expect(commit.scope == "some/scope" && commit.subject == "subject")
    },
    Case(
      name: "ignores comments", message: "type(some/scope): subject\n# some comment", options: withComments
    ) {
      commit in
      #expect(commit.body == nil && commit.footer == nil && commit.subject == "subject")
    },
    Case(
      name: "parses inline references in subject and body",
      message: "type(some/scope): subject #reference\n\nthings #reference"
    ) { commit in
      #expect(commit.subject == "subject #reference")
      #expect(commit.body == "")
      #expect(commit.footer == "things #reference")
      #expect(
        commit.references == [
          reference("type(some/scope): subject #reference", "reference"),
          reference("things #reference", "reference"),
        ])
    },
    Case(
      name: "filters comment lines when commentChar is set",
      message: "type(scope): subject\n# this is a comment\nbody content",
      options: withComments
    ) { commit in
      #expect(commit.subject == "subject" && commit.body == "body content" && commit.footer == nil)
    },
    Case(
      name: "keep -side notes- in the body section",
      message:
        "type(some/scope): subject\n\nCI on master branch caught this:\n\n```\nUnhandled Exception:\nSystem.AggregateException: One or more errors occurred. (Some problem when connecting to 'api.mycryptoapi.com/eth')\n\n--- End of stack trace from previous location where exception was thrown ---\n\nat GWallet.Backend.FSharpUtil.ReRaise (System.Exception ex) [0x00000] in /Users/runner/work/geewallet/geewallet/src/GWallet.Backend/FSharpUtil.fs:206\n...\n```"
    ) { commit in
      #expect(
        commit.body
          == "CI on master branch caught this:\n\n```\nUnhandled Exception:\nSystem.AggregateException: One or more errors occurred. (Some problem when connecting to 'api.mycryptoapi.com/eth')\n\n--- End of stack trace from previous location where exception was thrown ---\n\nat GWallet.Backend.FSharpUtil.ReRaise (System.Exception ex) [0x00000] in /Users/runner/work/geewallet/geewallet/src/GWallet.Backend/FSharpUtil.fs:206\n...\n```"
      )
    },
    Case(name: "parses references leading subject", message: "#1 some subject") {
      #expect($0.references.first?.issue == "1")
    },
    Case(
      name: "parses custom references", message: "#1 some subject PREFIX-2",
      options: {
        var options = Options.commitlintDefault
        options.issuePrefixes = ["PREFIX-"]
        return options
      }()
    ) { commit in
      #expect(commit.references == [reference("#1 some subject PREFIX-2", "2", prefix: "PREFIX-")])
    },
    Case(name: "uses permissive default regex without parser opts", message: "chore(component,demo): bump") {
      #expect($0.scope == "component,demo")
    },
    Case(
      name: "uses permissive default regex with other parser opts", message: "chore(component,demo): bump",
      options: withComments
    ) { #expect($0.scope == "component,demo") },
    Case(name: "works with chinese scope by default", message: "fix(面试评价): 测试", options: withComments) {
      commit in
      #expect(commit.subject == "测试" && commit.scope == "面试评价")
    },
    Case(
      name: "parses footer with noteKeywords containing regex-special characters",
      message: "feat: add feature\n\nBody text\n[1]: Custom note footer",
      options: {
        var options = Options.commitlintDefault
        options.noteKeywords = ["[1]", "Notes:"]
        return options
      }()
    ) { commit in
      #expect(commit.notes == [ConventionalCommit.Note(title: "[1]", text: "Custom note footer")])
    },
  ]

  static let parserSpecCases: [Case] = [
    Case(
      name: "should work",
      message: "feat(ng-list): Allow custom separator\nbla bla bla\n\nCloses #123\nCloses #25\nFixes #33\n",
      options: parserDefaults
    ) { commit in
      #expect(commit.header == "feat(ng-list): Allow custom separator")
      #expect(commit.footer == "Closes #123\nCloses #25\nFixes #33")
      #expect(
        commit.references == [
          reference("#123", "123", action: "Closes"), reference("#25", "25", action: "Closes"),
          reference("#33", "33", action: "Fixes"),
        ])
    },
    Case(name: "should parse references from header", message: "Subject #1", options: parserDefaults) {
      #expect($0.references == [reference("Subject #1", "1")])
    },
    Case(
      name: "should stop note text before reference footer ending with a period",
      message: "feat!: support type effects\n\nBREAKING CHANGE: effect replaces hidden.\n\nFixes #1476.",
      options: .conventionalCommits
    ) { commit in
      #expect(
        commit.notes == [ConventionalCommit.Note(title: "BREAKING CHANGE", text: "effect replaces hidden.")])
      #expect(commit.references == [reference("#1476", "1476", action: "Fixes")])
    },
    Case(
      name: "should keep reference-like sentences in note text",
      message:
        "feat!: support type effects\n\nBREAKING CHANGE: effect replaces hidden.\nThis fixes #1476.\nConsumers need to update their config.",
      options: .conventionalCommits
    ) { commit in
      #expect(
        commit.notes == [
          ConventionalCommit.Note(
            title: "BREAKING CHANGE",
            text: "effect replaces hidden.\nThis fixes #1476.\nConsumers need to update their config.")
        ])
      #expect(commit.references == [reference("#1476", "1476", action: "fixes")])
    },
    Case(
      name: "should stop note text before the next footer token",
      message: "feat!: support type effects\n\nBREAKING CHANGE: effect replaces hidden.\n\nReviewed-by: Z",
      options: .conventionalCommits
    ) { commit in
      #expect(
        commit.notes == [ConventionalCommit.Note(title: "BREAKING CHANGE", text: "effect replaces hidden.")])
      #expect(commit.footer == "BREAKING CHANGE: effect replaces hidden.\n\nReviewed-by: Z")
    },
    Case(
      name: "should parse next custom note before checking footer tokens",
      message:
        "feat: support custom notes\n\nSECURITY: token validation was hardened.\n\nDEPRECATION: legacy token fallback will be removed.",
      options: {
        var options = Options.commitlintDefault
        options.noteKeywords = ["SECURITY", "DEPRECATION"]
        return options
      }()
    ) { commit in
      #expect(
        commit.notes == [
          ConventionalCommit.Note(title: "SECURITY", text: "token validation was hardened."),
          ConventionalCommit.Note(title: "DEPRECATION", text: "legacy token fallback will be removed."),
        ])
    },
    Case(
      name: "should parse trailer footers without references (#773)",
      message:
        "test: this is a test\n\nthis is the body of the commit\n\nFoo: Foo: this is a trailer\nBar: This is the footer of the commit",
      options: parserDefaults
    ) { commit in
      #expect(commit.body == "this is the body of the commit")
      #expect(commit.footer == "Foo: Foo: this is a trailer\nBar: This is the footer of the commit")
    },
    Case(
      name: "should not cut breaking change notes at inline references (#819)",
      message:
        "feat: add some cool new stuff\n\nBREAKING CHANGE: We removed some boring old stuff in\norder to make room for the new stuff. We went back and\nforth on whether or not to do this in #4, so if you want\nmore information you should check out that discussion.",
      options: parserDefaults
    ) { commit in
      #expect(
        commit.notes == [
          ConventionalCommit.Note(
            title: "BREAKING CHANGE",
            text:
              "We removed some boring old stuff in\norder to make room for the new stuff. We went back and\nforth on whether or not to do this in #4, so if you want\nmore information you should check out that discussion."
          )
        ])
      #expect(commit.references == [reference("forth on whether or not to do this in #4", "4")])
    },
    Case(
      name: "should not include trailers after breaking change notes (#428)",
      message:
        "feat!: add some cool new stuff\n\nBREAKING CHANGE: this changes the API.\n\nCo-authored-by: Someone <someone@example.com>",
      options: .conventionalCommits
    ) { commit in
      #expect(
        commit.notes == [ConventionalCommit.Note(title: "BREAKING CHANGE", text: "this changes the API.")])
      #expect(
        commit.footer
          == "BREAKING CHANGE: this changes the API.\n\nCo-authored-by: Someone <someone@example.com>")
      #expect(commit.mentions == ["example"])
    },
    Case(
      name: "should not treat indented `key: value` lines as footers (#1512)",
      message:
        "chore(deps): bump foo from 1.0.0 to 2.0.0\n\nBumps foo from 1.0.0 to 2.0.0.\n\n---\nupdated-dependencies:\n- dependency-name: \"foo\"\n  dependency-version: 2.0.0\n  dependency-type: direct:development\n...\n\nSigned-off-by: dependabot[bot] <support@github.com>",
      options: .conventionalCommits
    ) { commit in
      #expect(
        commit.body
          == "Bumps foo from 1.0.0 to 2.0.0.\n\n---\nupdated-dependencies:\n- dependency-name: \"foo\"\n  dependency-version: 2.0.0\n  dependency-type: direct:development\n..."
      )
      #expect(commit.footer == "Signed-off-by: dependabot[bot] <support@github.com>")
    },
    Case(
      name: "should not treat note keywords without a colon as notes (#1515)",
      message: "feat: something\n\nBREAKING CHANGE was discussed but this commit contains none.",
      options: parserDefaults
    ) { commit in
      #expect(commit.notes.isEmpty)
      #expect(commit.body == "BREAKING CHANGE was discussed but this commit contains none.")
    },
    Case(
      name: "should deduplicate references when the same issue appears multiple times",
      message: "feat(ng-list): Allow custom separator\nCloses #123\nCloses #123\nFixes #123\n",
      options: parserDefaults
    ) { commit in
      #expect(
        commit.references == [
          reference("#123", "123", action: "Closes"), reference("#123", "123", action: "Fixes"),
        ])
    },
    Case(name: "should parse @ in the header", message: "feat(@org/hello-world): message") { commit in
      #expect(commit.type == "feat" && commit.scope == "@org/hello-world" && commit.subject == "message")
    },
    Case(
      name: "should not be subject to ReDos",
      message: "b" + String(repeating: "\r\n", count: 1_000_000) + "b",
      options: customOptions
    ) { commit in
      #expect(commit.header == "b")
      #expect(commit.body == "b")
    },
    Case(
      name: "should trim extra newlines",
      message:
        "\n\n\n\n\n\n\nfeat(scope): broadcast $destroy event on scope destruction\n\n\n\n\n\nperf testing shows that in chrome this change adds 5-15% overhead\n\n\n\nwhen destroying 10k nested scopes where each scope has a $destroy listener\n\n\n\n\n\nBREAKING AMEND: some breaking change\n\n\n\n\nBREAKING AMEND: An awesome breaking change\n\n\n```\ncode here\n```\n\nKills #1\n\n\n\nkilled #25\n\n\n\n\n",
      options: customOptions
    ) { commit in
      #expect(commit.header == "feat(scope): broadcast $destroy event on scope destruction")
      #expect(commit.type == "feat" && commit.scope == "scope")
      #expect(
        commit.body
          == "perf testing shows that in chrome this change adds 5-15% overhead\n\n\n\nwhen destroying 10k nested scopes where each scope has a $destroy listener"
      )
      #expect(
        commit.footer
          == "BREAKING AMEND: some breaking change\n\n\n\n\nBREAKING AMEND: An awesome breaking change\n\n\n```\ncode here\n```\n\nKills #1\n\n\n\nkilled #25"
      )
      #expect(
        commit.notes == [
          ConventionalCommit.Note(title: "BREAKING AMEND", text: "some breaking change"),
          ConventionalCommit.Note(
            title: "BREAKING AMEND", text: "An awesome breaking change\n\n\n```\ncode here\n```"),
        ])
      #expect(
        commit.references == [
          reference("#1", "1", action: "Kills"), reference("#25", "25", action: "killed"),
        ])
      #expect(commit.mentions.isEmpty && commit.revert == nil)
    },
  ]

  /// What the presets' own patterns decide (conventionalcommits' `!`, both revert patterns, URLs
  /// that are not references), as JavaScript's matcher decides it.
  static let presetCases: [Case] = [
    Case(name: "breaking header gives a note", message: "feat(api)!: drop v1", options: .conventionalCommits)
    {
      commit in
      #expect(commit.type == "feat" && commit.scope == "api" && commit.subject == "drop v1")
      #expect(commit.notes == [ConventionalCommit.Note(title: "BREAKING CHANGE", text: "drop v1")])
    },
    Case(name: "breaking header pattern first", message: "feat(a)!: b): c", options: .conventionalCommits) {
      commit in
      #expect(commit.scope == "a" && commit.subject == "b): c")
    },
    Case(name: "greedy scope without the breaking pattern", message: "feat(a): b (c): d") { commit in
      #expect(commit.scope == "a): b (c" && commit.subject == "d")
    },
    Case(name: "angular has no `!`", message: "feat!: drop v1") { commit in
      #expect(commit.type == nil && commit.subject == nil && commit.notes.isEmpty)
    },
    Case(name: "no type, no subject", message: "Added stuff.", options: .conventionalCommits) { commit in
      #expect(commit.header == "Added stuff." && commit.type == nil && commit.subject == nil)
    },
    Case(
      name: "conventionalcommits revert", message: "revert: feat: x\n\nThis reverts commit abc123.",
      options: .conventionalCommits
    ) { commit in
      #expect(commit.revert == ["header": "feat: x", "hash": "abc123"])
    },
    Case(name: "angular revert", message: "Revert \"feat: x\"\n\nThis reverts commit 1234567890abcdef.") {
      commit in
      #expect(commit.revert == ["header": "feat: x", "hash": "1234567890abcdef"])
    },
    Case(
      name: "angular revert wants 7 to 40 word characters",
      message: "Revert \"x\"\n\nThis reverts commit abc."
    ) {
      #expect($0.revert == nil)
    },
    Case(name: "a URL is not a reference", message: "fix: see https://example.com/#123\n\nCloses #4") {
      commit in
      #expect(commit.references == [reference("#4", "4", action: "Closes")])
    },
    Case(name: "owner and repository", message: "fix: x\n\nCloses owner/repo#12, other#3") { commit in
      #expect(
        commit.references == [
          reference("owner/repo#12", "12", action: "Closes", owner: "owner", repository: "repo"),
          reference(", other#3", "3", action: "Closes", repository: "other"),
        ])
    },
    Case(name: "mentions", message: "feat: thanks @alice and @bob-2") {
      #expect($0.mentions == ["alice", "bob-2"])
    },
    Case(name: "ranges of body and footer", message: "feat: x\n\nbody one\nbody two\n\nRefs #1\n") { commit in
      #expect(commit.ranges.header == 0..<7)
      #expect(commit.ranges.body == 9..<26)
      #expect(commit.ranges.footer == 28..<35)
    },
  ]

  /// Lines that make JavaScript's matcher backtrack for long (lazy prefixes, lazy headers, actions
  /// without word boundaries) parse in one pass here: each finishes, with JavaScript's result.
  static let longLineCases: [Case] = [
    Case(
      name: "200,000 bytes of actions and references",
      message: "feat: x\n\n" + String(repeating: "fix owner/x#1a ", count: 13_000) + "\r#2",
      options: .conventionalCommits
    ) { commit in
      // One after the repeats are merged; `#2` follows a CR, which no action's sentence crosses.
      #expect(
        commit.references == [reference("owner/x#1a", "1a", action: "fix", owner: "owner", repository: "x")])
    },
    Case(
      name: "a revert header of 100,000 spaces",
      message: "Revert " + String(repeating: " ", count: 100_000) + "x\n\nThis reverts commit abcdef12."
    ) { commit in
      #expect(commit.revert?["hash"] == "abcdef12")
    },
    Case(
      name: "a word of 200,000 letters before a prefix",
      message: String(repeating: "a", count: 200_000) + "#1"
    ) {
      commit in
      #expect(commit.references.first?.repository == String(repeating: "a", count: 200_000))
    },
  ]

  @Test(arguments: commitlintParseCases + parserSpecCases + presetCases + longLineCases)
  func parses(_ row: Case) throws {
    let commit = try #require(ConventionalCommitParser(row.options).parse(row.message))
    row.check(commit)
  }

  /// "throws when called with empty message": a blank message has no commit.
  /// How many rows each table holds: `@commitlint/parse`'s cases, the parser spec's, the presets'
  /// and the long lines'.
  @Test func holdsEveryCase() {
    #expect(
      [
        Self.commitlintParseCases.count, Self.parserSpecCases.count, Self.presetCases.count,
        Self.longLineCases.count,
      ] == [14, 15, 12, 3])
  }

  @Test func blankMessage() {
    #expect(ConventionalCommitParser().parse("") == nil)
    #expect(ConventionalCommitParser().parse(" \n\t\u{2028}") == nil)
  }
}
