import Foundation
import StableTextCore
import Testing

@testable import StableTextConventions

/// The body, footer, header, references, sign-off and trailer rules, case by case: the message,
/// how it is parsed, the condition and value, the verdict and the message commitlint's rule gives.
/// The cases are those of commitlint's own tests of these rules (`@commitlint/rules` at
/// 1fd1be00, `src/<rule>.test.ts`), written here as rows: their inputs and the verdicts they
/// assert (the messages are read from the rules' sources where a test asserts none). Each
/// group's comment says what it pins. `caseCounts` records how many cases each rule has; the
/// table must hold exactly those, so a case cannot be dropped silently.
///
/// Cases per rule: body-empty 6, body-full-stop 6, body-leading-blank 9, body-max-length 3,
/// body-max-line-length 7, body-min-length 3, breaking-change-exclamation-mark 7, footer-empty 9,
/// footer-leading-blank 23, footer-max-length 4, footer-max-line-length 6, footer-min-length 4,
/// header-full-stop 4, header-max-length 2, header-min-length 2, header-trim 10,
/// references-empty 9, signed-off-by 13, subject-exclamation-mark 6, trailer-exists 11: 144.
struct CommitlintRulesATests {
  /// How the test file parses its message: `parse(message)` (angular's options), with
  /// `commentChar: "#"`, or with other issue prefixes.
  enum Parse: Sendable {
    case defaults
    case comments
    case prefixes([String])

    var options: ConventionalCommitParser.Options {
      var options = ConventionalCommitParser.Options.commitlintDefault
      switch self {
      case .defaults: break
      case .comments: options.commentCharacter = "#"
      case .prefixes(let prefixes): options.issuePrefixes = prefixes
      }
      return options
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var rule: any CommitlintRule
    var message: String
    var parse: Parse = .defaults
    /// nil: the test passes no condition (the rule's default applies).
    var when: CommitlintCondition?
    var value: CommitlintValue?
    var valid: Bool
    var text: String?

    var testDescription: String { "\(rule.name) \(message.debugDescription) \(when?.rawValue ?? "-")" }
  }

  static func row(
    _ rule: any CommitlintRule, _ message: String, _ parse: Parse, _ when: CommitlintCondition?,
    _ valid: Bool,
    _ text: String?
  ) -> Case {
    Case(rule: rule, message: message, parse: parse, when: when, value: nil, valid: valid, text: text)
  }

  static func row(
    _ rule: any CommitlintRule, _ message: String, _ when: CommitlintCondition?, _ value: CommitlintValue?,
    _ valid: Bool, _ text: String?
  ) -> Case {
    Case(rule: rule, message: message, when: when, value: value, valid: valid, text: text)
  }

  static func row(
    _ rule: any CommitlintRule, _ message: String, _ when: CommitlintCondition?, _ valid: Bool,
    _ text: String?
  ) -> Case {
    Case(rule: rule, message: message, when: when, value: nil, valid: valid, text: text)
  }

  /// body-empty: a message of a header alone has an empty body; a body line right under the
  /// header is a body.
  static let bodyEmpty: [Case] = {
    let rule = CommitlintEmptyRule(.body)
    let empty = "test: subject"
    let filled = "test: subject\nbody"
    let must = "body must be empty"
    let mayNot = "body may not be empty"
    return [
      row(rule, empty, nil, true, must), row(rule, empty, .never, false, mayNot),
      row(rule, empty, .always, true, must), row(rule, filled, nil, false, must),
      row(rule, filled, .never, true, mayNot), row(rule, filled, .always, false, must),
    ]
  }()

  /// body-full-stop: the body's last character against the value; no body holds either way.
  static let bodyFullStop: [Case] = {
    let rule = BodyFullStopRule()
    let dot = CommitlintValue.string(".")
    let with = "test: subject\n\nbody."
    let without = "test: subject\n\nbody"
    let must = "body must end with full stop"
    let mayNot = "body may not end with full stop"
    return [
      row(rule, "test:\n", .always, dot, true, nil), row(rule, "test:\n", .never, dot, true, nil),
      row(rule, with, .always, dot, true, must), row(rule, with, .never, dot, false, mayNot),
      row(rule, without, .always, dot, false, must), row(rule, without, .never, dot, true, mayNot),
    ]
  }()

  /// body-leading-blank: a blank line between header and body; no body holds either way.
  static let bodyLeadingBlank: [Case] = {
    let rule = BodyLeadingBlankRule()
    let simple = "test: subject"
    let without = "test: subject\nbody"
    let with = "test: subject\n\nbody"
    let must = "body must have leading blank line"
    let mayNot = "body may not have leading blank line"
    return [
      row(rule, simple, nil, true, nil), row(rule, simple, .never, true, nil),
      row(rule, simple, .always, true, nil),
      row(rule, without, nil, false, must), row(rule, without, .never, true, mayNot),
      row(rule, without, .always, false, must),
      row(rule, with, nil, true, must), row(rule, with, .never, false, mayNot),
      row(rule, with, .always, true, must),
    ]
  }()

  /// body-max-length: the whole body's length against the value; no body holds.
  static let bodyMaxLength: [Case] = {
    let rule = CommitlintLengthRule(.body, .max)
    let text = "body must not be longer than 1 characters"
    return [
      row(rule, "test: subject", nil, .number(1), true, nil),
      row(rule, "test: subject\na", nil, .number(1), true, text),
      row(rule, "test: subject\nab", nil, .number(1), false, text),
    ]
  }()

  /// body-max-line-length: each body line against the value, a line that is only a URL exempt,
  /// a Markdown link's URL not counted.
  static let bodyMaxLineLength: [Case] = {
    let rule = CommitlintLengthRule(.body, .maxLine)
    let url = "https://example.com/URL/with/a/very/long/path"
    let text = "body's lines must not be longer than 1 characters"
    return [
      row(rule, "test: subject", nil, .number(1), true, nil),
      row(rule, "test: subject\na", nil, .number(1), true, text),
      row(rule, "test: subject\nab", nil, .number(1), false, text),
      row(rule, "test:subject\na\na\na", nil, .number(1), true, text),
      row(rule, "test:subject\na\nab\na", nil, .number(1), false, text),
      row(rule, "test:subject\na\n\(url)\na", nil, .number(1), true, text),
      row(
        rule, "test:subject\n\nThis is a [link](\(url)).", nil, .number(30), true,
        "body's lines must not be longer than 30 characters"),
    ]
  }()

  /// body-min-length: the whole body's length against the value; no body holds.
  static let bodyMinLength: [Case] = {
    let rule = CommitlintLengthRule(.body, .min)
    let text = "body must not be shorter than 2 characters"
    return [
      row(rule, "test: subject", nil, .number(2), true, nil),
      row(rule, "test: subject\na", nil, .number(2), false, text),
      row(rule, "test: subject\nab", nil, .number(2), true, text),
    ]
  }()

  /// breaking-change-exclamation-mark: `!` in the header and a BREAKING CHANGE footer come together
  /// or not at all; other trailers do not count.
  static let breakingChangeExclamationMark: [Case] = {
    let rule = BreakingChangeExclamationMarkRule()
    let text =
      "breaking changes must have both an exclamation mark in the header and BREAKING CHANGE in the footer to identify a breaking change"
    let plainFooter = "Some-Other-Trailer: content"
    let breakingFooter = "BREAKING CHANGE: reason"
    return [
      row(rule, "commit message\n\n", nil, true, text),
      row(rule, "commit message\n\n\(plainFooter)", nil, true, text),
      row(rule, "commit message\n\n\(breakingFooter)", nil, false, text),
      row(rule, "type: subject\n\n\(plainFooter)", nil, true, text),
      row(rule, "type: subject\n\n\(breakingFooter)", nil, false, text),
      row(rule, "type!: subject\n\n\(plainFooter)", nil, false, text),
      row(rule, "type!: subject\n\n\(breakingFooter)", nil, true, text),
    ]
  }()

  /// footer-empty: a BREAKING CHANGE line makes a footer; a body line does not.
  static let footerEmpty: [Case] = {
    let rule = CommitlintEmptyRule(.footer)
    let simple = "test: subject"
    let empty = "test: subject\nbody"
    let filled = "test: subject\nBREAKING CHANGE: something important"
    let must = "footer must be empty"
    let mayNot = "footer may not be empty"
    return [
      row(rule, simple, nil, true, must), row(rule, simple, .never, false, mayNot),
      row(rule, simple, .always, true, must),
      row(rule, empty, nil, true, must), row(rule, empty, .never, false, mayNot),
      row(rule, empty, .always, true, must),
      row(rule, filled, nil, false, must), row(rule, filled, .never, true, mayNot),
      row(rule, filled, .always, false, must),
    ]
  }()

  /// footer-leading-blank: a blank line before the footer; no footer holds either way, comment lines
  /// are dropped first, and a body of several paragraphs keeps its last blank line.
  static let footerLeadingBlank: [Case] = {
    let rule = FooterLeadingBlankRule()
    let simple = "test: subject"
    let body = "test: subject\nbody"
    let trailing = "test: subject\nbody\n\n"
    let without = "test: subject\nbody\nBREAKING CHANGE: something important"
    let withoutBody =
      "feat(new-parser): introduces a new parsing library\n\nBREAKING CHANGE: new library does not support foo-construct"
    let withBodyWithComment =
      "feat(new-parser): introduces a new parsing library\n\nBody Line 1\n# comment\nBody Line 2\n\nBREAKING CHANGE: new library does not support foo-construct"
    let with = "test: subject\nbody\n\nBREAKING CHANGE: something important"
    let withMultiLine = "test: subject\nmulti\nline\nbody\n\nBREAKING CHANGE: something important"
    let withDoubleNewLine = "fix: some issue\n\ndetailed explanation\n\ncloses #123"
    let must = "footer must have leading blank line"
    let mayNot = "footer may not have leading blank line"
    return [
      row(rule, simple, nil, true, nil), row(rule, simple, .never, true, nil),
      row(rule, simple, .always, true, nil),
      row(rule, body, nil, true, nil), row(rule, body, .never, true, nil),
      row(rule, body, .always, true, nil),
      row(rule, trailing, nil, true, nil), row(rule, trailing, .never, true, nil),
      row(rule, trailing, .always, true, nil),
      row(rule, withoutBody, .never, false, mayNot), row(rule, withoutBody, .always, true, must),
      row(rule, without, nil, false, must), row(rule, without, .never, true, mayNot),
      row(rule, without, .always, false, must),
      row(rule, with, nil, true, must), row(rule, with, .never, false, mayNot),
      row(rule, with, .always, true, must),
      row(rule, withMultiLine, nil, true, must), row(rule, withMultiLine, .never, false, mayNot),
      row(rule, withMultiLine, .always, true, must),
      row(rule, withDoubleNewLine, .never, false, mayNot), row(rule, withDoubleNewLine, .always, true, must),
      row(rule, withBodyWithComment, .comments, .always, true, must),
    ]
  }()

  /// footer-max-length, footer-max-line-length and footer-min-length: the footer's length against
  /// the value; a message without a footer holds.
  static func footerLengths(
    _ rule: any CommitlintRule, _ value: Double, _ text: String, short: Bool, long: Bool
  )
    -> [Case]
  {
    [
      row(rule, "test: subject", nil, .number(value), true, nil),
      row(rule, "test: subject\nbody", nil, .number(value), true, nil),
      row(rule, "test: subject\nBREAKING CHANGE: a", nil, .number(value), short, text),
      row(rule, "test: subject\nBREAKING CHANGE: ab", nil, .number(value), long, text),
    ]
  }

  static let footerMaxLength = footerLengths(
    CommitlintLengthRule(.footer, .max), 18, "footer must not be longer than 18 characters", short: true,
    long: false)
  /// Its "multiple lines" tests parse the single-line messages again (as upstream's do).
  static let footerMaxLineLength =
    footerLengths(
      CommitlintLengthRule(.footer, .maxLine), 18, "footer's lines must not be longer than 18 characters",
      short: true,
      long: false)
    + footerLengths(
      CommitlintLengthRule(.footer, .maxLine), 18, "footer's lines must not be longer than 18 characters",
      short: true,
      long: false
    ).suffix(2)
  static let footerMinLength = footerLengths(
    CommitlintLengthRule(.footer, .min), 19, "footer must not be shorter than 19 characters", short: false,
    long: true)

  /// header-full-stop: the header's last character against the value.
  static let headerFullStop: [Case] = {
    let rule = HeaderFullStopRule()
    let dot = CommitlintValue.string(".")
    return [
      row(rule, "header.\n", .always, dot, true, "header must end with full stop"),
      row(rule, "header.\n", .never, dot, false, "header may not end with full stop"),
      row(rule, "header\n", .always, dot, false, "header must end with full stop"),
      row(rule, "header\n", .never, dot, true, "header may not end with full stop"),
    ]
  }()

  /// header-max-length and header-min-length: the header's length against the value, at and past
  /// it, and the current length in the message.
  static let headerLengths: [Case] = [
    row(
      CommitlintLengthRule(.header, .max), "test: a", nil, .number(7), true,
      "header must not be longer than 7 characters, current length is 7"),
    row(
      CommitlintLengthRule(.header, .max), "test: ab", nil, .number(7), false,
      "header must not be longer than 7 characters, current length is 8"),
    row(
      CommitlintLengthRule(.header, .min), "BREAKING CHANGE: a", nil, .number(19), false,
      "header must not be shorter than 19 characters, current length is 18"),
    row(
      CommitlintLengthRule(.header, .min), "BREAKING CHANGE: ab", nil, .number(19), true,
      "header must not be shorter than 19 characters, current length is 19"),
  ]

  /// header-trim: spaces and tabs at the header's start, end or both, each with its own message.
  static let headerTrim: [Case] = {
    let rule = HeaderTrimRule()
    let start = "header must not start with whitespace"
    let end = "header must not end with whitespace"
    let both = "header must not be surrounded by whitespace"
    return [
      row(rule, "test: subject", nil, true, nil),
      row(rule, "\t\ttest: subject", nil, false, start), row(rule, " test: subject", nil, false, start),
      row(rule, "\t\ttest: subject", nil, false, start),
      row(rule, "test: subject\t\t", nil, false, end), row(rule, "test: subject  ", nil, false, end),
      row(rule, "test: subject\t\t", nil, false, end),
      row(rule, "\t \ttest: subject \t  \t", nil, false, both),
      row(rule, " test: subject ", nil, false, both),
      row(rule, "\t\ttest: subject\t", nil, false, both),
    ]
  }()

  /// references-empty: an issue reference (`Closes #1`, or another prefix when configured); a
  /// comment line's `#1` is no reference.
  static let referencesEmpty: [Case] = {
    let rule = ReferencesEmptyRule()
    let plain = "foo: bar"
    let comment = "foo: baz\n#1 Comment"
    let reference = "#comment\nfoo: baz \nCloses #1"
    let references = "#comment\nfoo: bar \nCloses #1, #2, #3"
    let mayNot = "references may not be empty"
    let must = "references must be empty"
    return [
      row(rule, plain, .comments, nil, false, mayNot), row(rule, reference, .comments, nil, true, mayNot),
      row(rule, comment, .comments, .never, false, mayNot),
      row(rule, comment, .comments, .always, true, must),
      row(rule, reference, .comments, .never, true, mayNot),
      row(rule, reference, .comments, .always, false, must),
      row(rule, references, .comments, .never, true, mayNot),
      row(rule, references, .comments, .always, false, must),
      row(rule, "bar REF-1234", .prefixes(["REF-"]), .never, true, mayNot),
    ]
  }()

  /// signed-off-by: the last non-comment line is the sign-off, not a word in the subject or body; a
  /// cherry-pick line after it hides it.
  static let signedOffBy: [Case] = {
    let rule = SignedOffByRule()
    let value = CommitlintValue.string("Signed-off-by:")
    let with = "test: subject\nbody\nfooter\nSigned-off-by:\n\n"
    let without = "test: subject\nbody\nfooter\n\n"
    let inSubject = "test: subject Signed-off-by:\nbody\nfooter\n\n"
    let inBody = "test: subject\nbody Signed-off-by:\nfooter\n\n"
    let withComments =
      "test: subject\n\nmessage body\n\nSigned-off-by:\n\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored, and an empty message aborts the commit.\n"
    let withCherryPick =
      "test: subject\n\nmessage body\n\nSigned-off-by:\n\n(cherry picked from commit 1234567aB)\n"
    let must = "message must be signed off"
    let mustNot = "message must not be signed off"
    return [
      row(rule, "test:\n", .always, value, false, must), row(rule, "test:\n", .never, value, true, mustNot),
      row(rule, with, .always, value, true, must), row(rule, with, .never, value, false, mustNot),
      row(rule, without, .always, value, false, must), row(rule, without, .never, value, true, mustNot),
      row(rule, withComments, .always, value, true, must),
      row(rule, inSubject, .always, value, false, must), row(rule, inSubject, .never, value, true, mustNot),
      row(rule, inBody, .always, value, false, must), row(rule, inBody, .never, value, true, mustNot),
      row(rule, withCherryPick, .always, value, true, must),
      row(rule, withCherryPick, .never, value, false, mustNot),
    ]
  }()

  /// subject-exclamation-mark: the `!` before the header's colon.
  static let subjectExclamationMark: [Case] = {
    let rule = SubjectExclamationMarkRule()
    let must = "subject must have an exclamation mark in the subject to identify a breaking change"
    let mustNot = "subject must not have an exclamation mark in the subject to identify a breaking change"
    return [
      row(rule, "test:\n", .always, false, must), row(rule, "test:\n", .never, true, mustNot),
      row(rule, "test!: subject\n", .always, true, must),
      row(rule, "test!: subject\n", .never, false, mustNot),
      row(rule, "test: subject\n", .always, false, must), row(rule, "test: subject\n", .never, true, mustNot),
    ]
  }()

  /// trailer-exists: a trailer git reads in the last paragraph (among others, before comments),
  /// not the same words in the subject or body.
  static let trailerExists: [Case] = {
    let rule = TrailerExistsRule()
    let value = CommitlintValue.string("Signed-off-by:")
    let with = "test: subject\n\nbody\n\nfooter\n\nSigned-off-by:\n\n"
    let without = "test: subject\n\nbody\n\nfooter\n\n"
    let inSubject = "test: subject Signed-off-by:\n\nbody\n\nfooter\n\n"
    let inBody = "test: subject\n\nbody Signed-off-by:\n\nfooter\n\n"
    let withNoise =
      "test: subject\n\nmessage body\n\nArbitrary-trailer:\nSigned-off-by:\nAnother-arbitrary-trailer:\n\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored, and an empty message aborts the commit.\n"
    let must = "message must have `Signed-off-by:` trailer"
    let mustNot = "message must not have `Signed-off-by:` trailer"
    return [
      row(rule, "test:\n", .always, value, false, must), row(rule, "test:\n", .never, value, true, mustNot),
      row(rule, with, .always, value, true, must), row(rule, with, .never, value, false, mustNot),
      row(rule, without, .always, value, false, must), row(rule, without, .never, value, true, mustNot),
      row(rule, withNoise, .always, value, true, must),
      row(rule, inSubject, .always, value, false, must), row(rule, inSubject, .never, value, true, mustNot),
      row(rule, inBody, .always, value, false, must), row(rule, inBody, .never, value, true, mustNot),
    ]
  }()

  static let cases: [Case] =
    bodyEmpty + bodyFullStop + bodyLeadingBlank + bodyMaxLength + bodyMaxLineLength + bodyMinLength
    + breakingChangeExclamationMark + footerEmpty + footerLeadingBlank + footerMaxLength + footerMaxLineLength
    + footerMinLength + headerFullStop + headerLengths + headerTrim + referencesEmpty + signedOffBy
    + subjectExclamationMark + trailerExists

  @Test(arguments: cases)
  func verdict(_ row: Case) throws {
    let commit = try #require(ConventionalCommitParser(row.parse.options).parse(row.message))
    let verdict = row.rule.verdict(commit, row.when ?? row.rule.defaultCondition, row.value)
    #expect(verdict.valid == row.valid)
    #expect(verdict.message == row.text)
  }

  /// How many cases each rule's table holds (those of commitlint's test of the rule, each
  /// `test(…)` one case and each row of a `test.each` another).
  static let caseCounts: [String: Int] = [
    "body-empty": 6, "body-full-stop": 6, "body-leading-blank": 9, "body-max-length": 3,
    "body-max-line-length": 7, "body-min-length": 3, "breaking-change-exclamation-mark": 7, "footer-empty": 9,
    "footer-leading-blank": 23, "footer-max-length": 4, "footer-max-line-length": 6, "footer-min-length": 4,
    "header-full-stop": 4, "header-max-length": 2, "header-min-length": 2, "header-trim": 10,
    "references-empty": 9, "signed-off-by": 13, "subject-exclamation-mark": 6, "trailer-exists": 11,
  ]

  @Test func holdsEveryCase() {
    var counts: [String: Int] = [:]
    for row in Self.cases { counts[row.rule.name, default: 0] += 1 }
    #expect(counts == Self.caseCounts)
    #expect(Self.caseCounts.count == 20)
    #expect(Self.cases.count == 144)
    // The other 18 rules (case, enum, empty, full stop and lengths of type, scope and subject)
    // are `CommitlintRulesBTests`' table: together, every rule of `@commitlint/rules`.
    let theirs = Set(CommitlintRulesBTests.caseCounts.keys)
    #expect(theirs.isDisjoint(with: Self.caseCounts.keys))
    #expect(theirs.union(Self.caseCounts.keys) == Set(CommitlintRules.all.map(\.name)))
  }

  /// The defaults a rule applies without a value, as commitlint's parameters give them.
  @Test func defaultsWithoutValue() throws {
    let commit = try #require(ConventionalCommitParser().parse("test: subject\n\nbody"))
    #expect(
      CommitlintLengthRule(.body, .max).verdict(commit, .always, nil)
        == CommitlintVerdict(false, "body must not be longer than 0 characters"))
    #expect(
      BodyFullStopRule().verdict(commit, .always, nil)
        == CommitlintVerdict(false, "body must end with full stop"))
    #expect(
      CommitlintLengthRule(.header, .max).verdict(commit, .always, nil).message
        == "header must not be longer than 0 characters, current length is 13")
    #expect(
      TrailerExistsRule().verdict(commit, .always, nil)
        == CommitlintVerdict(true, "message must have `` trailer"))
    #expect(
      SignedOffByRule().verdict(commit, .always, nil) == CommitlintVerdict(true, "message must be signed off")
    )
    // Each rule's parameter default in `@commitlint/rules` (`when = "never"` in scope-empty.ts and
    // references-empty.ts, `"always"` in the other 36): what a rule holds when given no condition.
    let defaults = Dictionary(
      uniqueKeysWithValues: CommitlintRules.all.map { ($0.name, $0.defaultCondition) })
    #expect(defaults.count == 38)
    #expect(defaults.filter { $0.value == .never }.keys.sorted() == ["references-empty", "scope-empty"])
  }

  /// Lengths count UTF-16 code units, as JavaScript's `length`: an emoji outside the BMP is two.
  @Test func lengthsInUTF16() throws {
    let commit = try #require(ConventionalCommitParser().parse("feat: 😀é"))
    #expect(
      CommitlintLengthRule(.header, .max).verdict(commit, .always, .number(8))
        == CommitlintVerdict(false, "header must not be longer than 8 characters, current length is 9"))
    #expect(CommitlintLengthRule(.header, .max).verdict(commit, .always, .number(9)).valid)
  }
}

/// What `trailer-exists` reads: the lines `git interpret-trailers --parse` prints, each row's
/// expectation the output of git 2.39.5 for the message.
struct GitTrailersTests {
  static let cases: [(String, [String])] = [
    ("a\n\nKey : v\n  cont\n(cherry picked from commit abcdefg)\nFoo:x\n", ["Key: v cont", "Foo: x"]),
    ("a\n\nprose line\nSigned-off-by: A <a@b>\n", ["Signed-off-by: A <a@b>"]),
    ("a\n\nprose\nmore prose\nnot: x\nSigned-off-by: A\n", ["not: x", "Signed-off-by: A"]),
    ("a\n\nB: c\n---\nD: e\n", ["B: c"]),
    ("a\n\nB: c\n# ------------------------ >8 ------------------------\nD: e\n", ["B: c"]),
    ("B: c\n", []),
    ("a\n\nB: c\n\n# comment\n\n", ["B: c"]),
    ("test: subject\n\nbody\n\nfooter\n\nSigned-off-by:\n\n", ["Signed-off-by: "]),
  ]

  @Test(arguments: cases)
  func parse(_ message: String, _ expected: [String]) {
    #expect(TrailerExistsRule.trailers(message) == expected)
  }
}
