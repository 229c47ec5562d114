import StableTextTestSupport
import Testing

@testable import StableTextConventions
@testable import StableTextCore

/// The team's rules as checks of the registry (Protocol/README.md, "Team conventions",
/// "Diagnostics of the team's rules"): commitlint's and gitlint's verdicts on a commit-message
/// document, with their ranges in the document (markers `1️⃣` … in the text), read from the
/// message as git stores it.
@Suite struct TeamConventionChecksTests {
  /// A commit-message document (or `uri`) under `conventions`, with `extra` as a later layer.
  static func field(
    _ text: String, commitlint: CommitlintConfiguration? = nil, gitlint: GitlintConfiguration? = nil,
    projectRules: RulePatch? = nil, uri: String = "file:///repo/.git/COMMIT_EDITMSG"
  ) -> StableTextField {
    let conventions = TeamConventions(
      commitlint: commitlint.map { CommitlintSetup(configuration: $0, file: "/repo/.commitlintrc.json") },
      gitlint: gitlint.map { GitlintSetup(file: "/repo/.gitlint", sections: [], configuration: $0) })
    let rules = RuleConfiguration().resolve(
      uri: uri, languageId: "text", files: FileLayers(projectRules: projectRules, conventions: conventions))
    return StableTextField(text: text, rules: rules)
  }

  /// `1️⃣-2️⃣ E code: message` (a range's ends as the markers at them, else as offsets; `E`, `W`).
  static func describe(_ diagnostics: [FieldDiagnostic], _ marked: MarkedText) -> [String] {
    let names = Dictionary(marked.offsets.map { ($0.value, $0.key) }, uniquingKeysWith: min)
    func at(_ offset: Int) -> String { names[offset] ?? "@\(offset)" }
    return diagnostics.map { diagnostic in
      let range =
        diagnostic.range.isEmpty
        ? at(diagnostic.range.lowerBound)
        : "\(at(diagnostic.range.lowerBound))-\(at(diagnostic.range.upperBound))"
      let severity = diagnostic.severity == .error ? "E" : diagnostic.severity == .warning ? "W" : "?"
      return "\(range) \(severity) \(diagnostic.code): \(diagnostic.message)"
    }
  }

  /// commitlint 21 names the cases that matched.
  static let subjectCase = "subject must not be sentence-case"
  static let longLine = String(repeating: "x", count: 101)

  /// config-conventional over messages its users write: each diagnostic and where it goes.
  static let conventionalCases: [(marked: String, expected: [String])] = [
    (
      "1️⃣Added stuff.2️⃣\n",
      [
        // subject-full-stop reads the header (commitlint's own rule does).
        "2️⃣ E subject-empty: subject may not be empty",
        "2️⃣ E subject-full-stop: subject may not end with full stop",
        "1️⃣ E type-empty: type may not be empty",
      ]
    ),
    (
      "feat(Parser): 1️⃣Add it.2️⃣\n",
      ["1️⃣-2️⃣ E subject-case: \(subjectCase)", "1️⃣-2️⃣ E subject-full-stop: subject may not end with full stop"]
    ),
    (
      "1️⃣feet2️⃣: add it\n",
      [
        "1️⃣-2️⃣ E type-enum: type must be one of [build, chore, ci, docs, feat, fix, perf, refactor, revert, style, test]"
      ]
    ),
    ("feat: add it\n", []),
    ("feat(parser): add it\n\nWhy it is added.\n", []),
    ("feat!: drop x\n", []),
    ("feat!: drop x\n\nBREAKING CHANGE: x is gone\n", []),
    // Uncased scripts, Cyrillic in lower case and an apostrophe pass; Cyrillic in sentence case does not.
    ("feat: 添加功能\n", []),
    ("feat: добавить поддержку\n", []),
    ("feat: 1️⃣Добавить поддержку2️⃣\n", ["1️⃣-2️⃣ E subject-case: \(subjectCase)"]),
    ("fix: don't crash when I'm offline\n", []),
    // A comment line between the header and the body is not the message's: the body follows the
    // header directly as git stores it, and its range skips the comment.
    (
      "feat: add it\n# Please enter the commit message.\n1️⃣Why it is added.2️⃣\n",
      ["1️⃣-2️⃣ W body-leading-blank: body must have leading blank line"]
    ),
    // The body's line over 100 columns, after a comment; the scissors line ends the message.
    (
      "feat: add it\n\n# Lines starting with '#' are ignored.\nshort line\n1️⃣\(longLine)2️⃣\nshort again\n"
        + "# ------------------------ >8 ------------------------\nAdded stuff.\n\(longLine)\n",
      ["1️⃣-2️⃣ E body-max-line-length: body's lines must not be longer than 100 characters"]
    ),
    // CRLF: the `\r` is not the header's (no header-trim), the ranges are the document's.
    (
      "feat: 1️⃣Add it.2️⃣\r\n\r\nBody.\r\n",
      [
        "1️⃣-2️⃣ E subject-case: \(subjectCase)", "1️⃣-2️⃣ E subject-full-stop: subject may not end with full stop",
      ]
    ),
    // Trailing white space is git's to drop: no header-trim.
    ("feat: add it   \n", []),
    // What defaultIgnores skip, and a blank message (git aborts the commit).
    ("Merge branch 'main' into Feature.\n", []),
    ("fixup! Added stuff.\n", []),
    (
      "1️⃣\n# Please enter the commit message.\n2️⃣",
      [
        "1️⃣-2️⃣ W empty-after-trim: The text is empty after trimming whitespace and newlines; type some text to fill it in"
      ]
    ),
  ]

  @Test(arguments: conventionalCases.indices) func conventional(_ index: Int) {
    let (marked, expected) = Self.conventionalCases[index]
    let text = MarkedText(marked)
    let field = Self.field(text.text, commitlint: CommitlintSharedConfigurations.conventional)
    #expect(Self.describe(field.diagnostics, text) == expected, "\(marked)")
  }

  /// Every part's range: a configuration of one rule per part, on one message.
  @Test func partsAndLevels() {
    var configuration = CommitlintConfiguration(
      rules: [
        .init("type-case", .init(1, .always, .string("upper-case"))),
        .init("scope-empty", .init(2, .always)),
        .init("header-max-length", .init(2, .always, .number(10))),
        .init("body-min-length", .init(2, .always, .number(100))),
        .init("footer-max-length", .init(1, .always, .number(3))),
        .init("references-empty", .init(2, .never)),
        .init("trailer-exists", .init(2, .always, .string("Signed-off-by:"))),
        .init("breaking-change-exclamation-mark", .init(2, .always)),
        .init("subject-case", .init(0, .always, .string("upper-case"))),
      ], parserOptions: .conventionalCommits)
    configuration.helpUrl = "https://example.com/commits"
    let text = MarkedText("1️⃣feat2️⃣(4️⃣api5️⃣)!: drop it6️⃣\n\n7️⃣Body.8️⃣\n\n9️⃣BREAKING CHANGE: gone\n")
    let field = Self.field(text.text, commitlint: configuration)
    // No scope → at the type's end; a body over its minimum; the footer is the paragraph of notes.
    let end = text.text.utf8.count - 1
    #expect(
      Self.describe(field.diagnostics, text) == [
        "1️⃣-2️⃣ W type-case: type must be upper-case",
        "4️⃣-5️⃣ E scope-empty: scope must be empty",
        "1️⃣-6️⃣ E header-max-length: header must not be longer than 10 characters, current length is 19",
        "7️⃣-8️⃣ E body-min-length: body must not be shorter than 100 characters",
        "9️⃣-@\(end) W footer-max-length: footer must not be longer than 3 characters",
        "1️⃣-@\(end) E references-empty: references may not be empty",
        "9️⃣-@\(end) E trailer-exists: message must have `Signed-off-by:` trailer",
      ])
    #expect(
      field.diagnostics.first?.data
        == FieldDiagnostic.Data([("level", .int(1)), ("helpUrl", .string("https://example.com/commits"))]))
  }

  /// `!` and a `BREAKING CHANGE:` footer must agree under breaking-change-exclamation-mark; an
  /// absent scope's empty range is after the type.
  @Test func breakingChangeAndAbsentParts() {
    let configuration = CommitlintConfiguration(
      rules: [
        .init("breaking-change-exclamation-mark", .init(2, .always)),
        .init("scope-empty", .init(2, .never)),
      ], parserOptions: .conventionalCommits)
    let bang = MarkedText("1️⃣feat2️⃣!: drop x3️⃣\n")
    #expect(
      Self.describe(Self.field(bang.text, commitlint: configuration).diagnostics, bang) == [
        "1️⃣-3️⃣ E breaking-change-exclamation-mark: breaking changes must have both an exclamation mark in the "
          + "header and BREAKING CHANGE in the footer to identify a breaking change",
        "2️⃣ E scope-empty: scope may not be empty",
      ])
    let both = MarkedText("feat(1️⃣api2️⃣)!: drop x\n\nBREAKING CHANGE: x is gone\n")
    #expect(Self.describe(Self.field(both.text, commitlint: configuration).diagnostics, both) == [])
  }

  /// gitlint with `T1 line-length=60`, `T5 words=WIP`, a named rule and contrib CT1: each
  /// violation an error on the line gitlint names, its content as data.
  @Test func gitlint() throws {
    var general = GitlintGeneralOptions()
    try general.set("contrib", "CT1")
    var configuration = GitlintConfiguration(general: general)
    try configuration.setOption(rule: "T1", "line-length", "60")
    try configuration.setOption(rule: "T5", "words", "WIP")
    try configuration.setOption(rule: "T5:no-todo", "words", "TODO")
    let title = "WIP: TODO this title is long enough to pass the sixty columns"
    let text = MarkedText("1️⃣\(title)2️⃣\n# A comment the rules do not see\n3️⃣Not blank.4️⃣\n")
    let field = Self.field(text.text, gitlint: configuration)
    #expect(
      Self.describe(field.diagnostics, text) == [
        "1️⃣-2️⃣ E CT1: Title does not start with one of fix, feat, chore, docs, style, refactor, perf, test, revert, ci, build",
        "1️⃣-2️⃣ E T1: Title exceeds max length (61>60)",
        "1️⃣-2️⃣ E T5: Title contains the word 'WIP' (case-insensitive)",
        "1️⃣-2️⃣ E T5:no-todo: Title contains the word 'TODO' (case-insensitive)",
        "3️⃣-4️⃣ E B4: Second line is not empty",
        // Line 3, which the message does not have: where it would be.
        "4️⃣ E B5: Body message is too short (10<20)", "4️⃣ E B6: Body message is missing",
      ])
    #expect(field.diagnostics[1].data == FieldDiagnostic.Data([("content", .string(title))]))
  }

  /// With a team's configuration the preset's 50/72 rules give way; a later layer's line rules
  /// still apply. Without one, the preset's rules report.
  @Test func presetGivesWay() {
    let subject = "feat: " + String(repeating: "a", count: 54)
    let conventional = CommitlintSharedConfigurations.conventional
    #expect(Self.field(subject + "\n").diagnostics.map(\.code) == [.lineTooLong])
    #expect(Self.field(subject + "\n", commitlint: conventional).diagnostics.map(\.code) == [])
    var project = RulePatch()
    project.lineRules = [LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 55, severity: .warning)]
    let layered = Self.field(subject + "\n", commitlint: conventional, projectRules: project)
    #expect(layered.diagnostics.map(\.code) == [.lineTooLong])
  }

  /// A document that is not a commit message reports none of the team's rules.
  @Test func onlyCommitMessages() {
    let field = Self.field(
      "Added stuff.\n", commitlint: CommitlintSharedConfigurations.conventional,
      gitlint: GitlintConfiguration(), uri: "file:///repo/notes.txt")
    #expect(field.rules.conventions != nil && field.rules.preset == nil)
    #expect(field.diagnostics == [])
  }

  /// One verdict: what `check` prints (every diagnostic, one at a time) is what the editor is
  /// published, the field's diagnostics being the single source of both.
  @Test(arguments: conventionalCases.indices) func oneVerdict(_ index: Int) {
    let text = MarkedText(Self.conventionalCases[index].marked).text
    let field = Self.field(
      text, commitlint: CommitlintSharedConfigurations.conventional, gitlint: GitlintConfiguration())
    var printed: [FieldDiagnostic] = []
    field.forEachDiagnostic { printed.append($0) }
    #expect(printed == field.diagnostics)
  }
}

extension TeamConventionChecksTests {
  /// gitlint's body rules give one violation a line (B1 here; B2, trailing white space, is git's
  /// to drop, so never seen): at most `maxDiagnostics` are published, every
  /// one is given to `check`.
  @Test func gitlintIsCapped() {
    let body = (1...30).map { "line \($0) " + String(repeating: "x", count: 85) }.joined(separator: "\n")
    var field = Self.field("Title of the change\n\n\(body)\n", gitlint: GitlintConfiguration())
    field.rules.maxDiagnostics = 10
    var every: [FieldDiagnostic] = []
    field.forEachDiagnostic { every.append($0) }
    #expect(every.count == 30)
    #expect(every.allSatisfy { $0.code.rawValue == "B1" })
    #expect(field.diagnostics == Array(every.prefix(10)))
  }
}
