import StableTextCore
import StableTextProject
import Testing

@testable import StableTextConventions

/// One assertion of gitlint's rule tests: a rule with options, a title or body line (a line rule's
/// `validate(line)`) or a commit (a commit rule's `validate(commit)`), and the violations gitlint's
/// test expects (`None` is `[]`). `source` is the gitlint test file and function it comes from.
struct GitlintRuleCase: CustomTestStringConvertible, Sendable {
  enum Input: Sendable {
    case line(String)
    case commit(GitlintCommit)
  }

  var source: String
  var rule: any GitlintRule
  var options: GitlintOptions
  var input: Input
  var expected: [GitlintViolation]

  var testDescription: String {
    switch input {
    case .line(let line): "\(source) \(rule.id) \(String(reflecting: line))"
    case .commit(let commit): "\(source) \(rule.id) \(String(reflecting: commit.original))"
    }
  }

  func run() -> [GitlintViolation] {
    switch input {
    case .line(let line):
      (rule as! any GitlintLineRule).validate(line: line, options)
    case .commit(let commit):
      (rule as! any GitlintCommitRule).validate(commit, options)
    }
  }
}

private func line(
  _ source: String, _ rule: some GitlintLineRule, _ settings: KeyValuePairs<String, String>, _ text: String,
  _ expected: [GitlintViolation] = []
) -> GitlintRuleCase {
  GitlintRuleCase(
    source: source, rule: rule, options: options(rule, settings), input: .line(text), expected: expected)
}

private func line(
  _ source: String, _ rule: some GitlintLineRule, _ text: String, _ expected: [GitlintViolation] = []
) -> GitlintRuleCase {
  line(source, rule, [:], text, expected)
}

private func commit(
  _ source: String, _ rule: some GitlintCommitRule, _ ruleOptions: GitlintOptions, _ commit: GitlintCommit,
  _ expected: [GitlintViolation] = []
) -> GitlintRuleCase {
  GitlintRuleCase(
    source: source, rule: rule, options: ruleOptions, input: .commit(commit), expected: expected)
}

private func commit(
  _ source: String, _ rule: some GitlintCommitRule, _ message: GitlintCommit,
  _ expected: [GitlintViolation] = []
) -> GitlintRuleCase {
  commit(source, rule, rule.defaultOptions, message, expected)
}

private func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

private let t1 = GitlintTitleMaxLength()
private let t5 = GitlintTitleMustNotContainWord()
private let t7 = GitlintTitleRegexMatches()
private let t8 = GitlintTitleMinLength()

/// test_title_rules.py, every assertion.
let gitlintTitleCases: [GitlintRuleCase] = {
  let file = "test_title_rules.py"
  var cases: [GitlintRuleCase] = [
    line("\(file) test_max_line_length", t1, repeated("å", 72)),
    line(
      "\(file) test_max_line_length", t1, repeated("å", 73),
      [GitlintViolation("T1", "Title exceeds max length (73>72)", repeated("å", 73))]),
    line("\(file) test_max_line_length", t1, ["line-length": "120"], repeated("å", 73)),
    line(
      "\(file) test_max_line_length", t1, ["line-length": "120"], repeated("å", 121),
      [GitlintViolation("T1", "Title exceeds max length (121>120)", repeated("å", 121))]),
    line("\(file) test_trailing_whitespace", GitlintTitleTrailingWhitespace(), "å"),
    line(
      "\(file) test_trailing_whitespace", GitlintTitleTrailingWhitespace(), "å ",
      [GitlintViolation("T2", "Title has trailing whitespace", "å ")]),
    line(
      "\(file) test_trailing_whitespace", GitlintTitleTrailingWhitespace(), "å\t",
      [GitlintViolation("T2", "Title has trailing whitespace", "å\t")]),
    line("\(file) test_hard_tabs", GitlintTitleHardTab(), "This is å test"),
    line(
      "\(file) test_hard_tabs", GitlintTitleHardTab(), "This is å\ttest",
      [GitlintViolation("T4", "Title contains hard tab characters (\\t)", "This is å\ttest")]),
    line("\(file) test_trailing_punctuation", GitlintTitleTrailingPunctuation(), "This is å test"),
  ]
  for mark in "?:!.,;" {
    let title = "This is å test\(mark)"
    cases.append(
      line(
        "\(file) test_trailing_punctuation", GitlintTitleTrailingPunctuation(), title,
        [GitlintViolation("T3", "Title has trailing punctuation (\(mark))", title)]))
  }
  let wip = "Title contains the word 'WIP' (case-insensitive)"
  cases += [
    line("\(file) test_title_must_not_contain_word", t5, "This is å test"),
    line("\(file) test_title_must_not_contain_word", t5, "This is å wiping test"),
    line(
      "\(file) test_title_must_not_contain_word", t5, "WIP This is å test",
      [GitlintViolation("T5", wip, "WIP This is å test")]),
    line(
      "\(file) test_title_must_not_contain_word", t5, "wip This is å test",
      [GitlintViolation("T5", wip, "wip This is å test")]),
    line(
      "\(file) test_title_must_not_contain_word", t5, "WIP:This is å test",
      [GitlintViolation("T5", wip, "WIP:This is å test")]),
    line(
      "\(file) test_title_must_not_contain_word", t5, ["words": "wip,test,å"], "WIP:This is å test",
      [
        GitlintViolation("T5", "Title contains the word 'wip' (case-insensitive)", "WIP:This is å test"),
        GitlintViolation("T5", "Title contains the word 'test' (case-insensitive)", "WIP:This is å test"),
        GitlintViolation("T5", "Title contains the word 'å' (case-insensitive)", "WIP:This is å test"),
      ]),
    line("\(file) test_leading_whitespace", GitlintTitleLeadingWhitespace(), "a"),
    line(
      "\(file) test_leading_whitespace", GitlintTitleLeadingWhitespace(), " a",
      [GitlintViolation("T6", "Title has leading whitespace", " a")]),
    line(
      "\(file) test_leading_whitespace", GitlintTitleLeadingWhitespace(), "\ta",
      [GitlintViolation("T6", "Title has leading whitespace", "\ta")]),
    line(
      "\(file) test_leading_whitespace", GitlintTitleLeadingWhitespace(), " ☺",
      [GitlintViolation("T6", "Title has leading whitespace", " ☺")]),
    line("\(file) test_regex_matches", t7, gitcommit("US1234: åbc\n").title),
    line("\(file) test_regex_matches", t7, ["regex": "^US[0-9]*: å"], gitcommit("US1234: åbc\n").title),
    line(
      "\(file) test_regex_matches", t7, ["regex": "^UÅ[0-9]*"], gitcommit("US1234: åbc\n").title,
      [GitlintViolation("T7", "Title does not match regex (^UÅ[0-9]*)", "US1234: åbc")]),
    line("\(file) test_min_line_length", t8, repeated("å", 72)),
    line(
      "\(file) test_min_line_length", t8, repeated("å", 4),
      [GitlintViolation("T8", "Title is too short (4<5)", repeated("å", 4), 1)]),
    line("\(file) test_min_line_length", t8, ["min-length": "3"], repeated("å", 4)),
    line("\(file) test_min_line_length", t8, ["min-length": "3"], repeated("å", 3)),
    line(
      "\(file) test_min_line_length", t8, ["min-length": "3"], repeated("å", 2),
      [GitlintViolation("T8", "Title is too short (2<3)", repeated("å", 2), 1)]),
    line(
      "\(file) test_min_line_length", t8, ["min-length": "3"], "",
      [GitlintViolation("T8", "Title is too short (0<3)", "", 1)]),
  ]
  return cases
}()

private let b1 = GitlintBodyMaxLineLength()
private let b5 = GitlintBodyMinLength()
private let b6 = GitlintBodyMissing()
private let b7 = GitlintBodyChangedFileMention()
private let b8 = GitlintBodyRegexMatches()

/// test_body_rules.py, every assertion.
let gitlintBodyCases: [GitlintRuleCase] = {
  let file = "test_body_rules.py"
  let missing = GitlintViolation("B6", "Body message is missing", nil, 3)
  let mentions = "This is a test\n\nHere is a mention of föo/test.py"
  let bodyCommit = gitcommit("US1234: åbc\nIgnored\nBödy\nFöo\nMy-Commit-Tag: föo\n\n")
  var cases: [GitlintRuleCase] = [
    line("\(file) test_max_line_length", b1, repeated("å", 80)),
    line(
      "\(file) test_max_line_length", b1, repeated("å", 81),
      [GitlintViolation("B1", "Line exceeds max length (81>80)", repeated("å", 81))]),
    line("\(file) test_max_line_length", b1, ["line-length": "120"], repeated("å", 73)),
    line(
      "\(file) test_max_line_length", b1, ["line-length": "120"], repeated("å", 121),
      [GitlintViolation("B1", "Line exceeds max length (121>120)", repeated("å", 121))]),
    line("\(file) test_trailing_whitespace", GitlintBodyTrailingWhitespace(), "å"),
    line(
      "\(file) test_trailing_whitespace", GitlintBodyTrailingWhitespace(), "å ",
      [GitlintViolation("B2", "Line has trailing whitespace", "å ")]),
    line(
      "\(file) test_trailing_whitespace", GitlintBodyTrailingWhitespace(), "å\t",
      [GitlintViolation("B2", "Line has trailing whitespace", "å\t")]),
    line("\(file) test_hard_tabs", GitlintBodyHardTab(), "This is ã test"),
    line(
      "\(file) test_hard_tabs", GitlintBodyHardTab(), "This is å\ttest",
      [GitlintViolation("B3", "Line contains hard tab characters (\\t)", "This is å\ttest")]),
    commit(
      "\(file) test_body_first_line_empty", GitlintBodyFirstLineEmpty(),
      gitcommit("Tïtle\n\nThis is the secōnd body line")),
    commit(
      "\(file) test_body_first_line_empty", GitlintBodyFirstLineEmpty(),
      gitcommit("Tïtle\nnöt empty\nThis is the secönd body line"),
      [GitlintViolation("B4", "Second line is not empty", "nöt empty", 2)]),
    commit("\(file) test_body_min_length", b5, gitcommit("Title\n\nThis is the second body line\n")),
    commit("\(file) test_body_min_length", b5, gitcommit("Tïtle\n")),
    commit(
      "\(file) test_body_min_length", b5, gitcommit("Tïtle\n\ntöoshort\n"),
      [GitlintViolation("B5", "Body message is too short (8<20)", "töoshort", 3)]),
    commit(
      "\(file) test_body_min_length", b5, gitcommit("Tïtle\n\nsecönd\nthïrd\n"),
      [GitlintViolation("B5", "Body message is too short (11<20)", "secöndthïrd", 3)]),
    commit(
      "\(file) test_body_min_length", b5, options(b5, ["min-length": "120"]),
      gitcommit("Title\n\n\(repeated("å", 21))\n"),
      [GitlintViolation("B5", "Body message is too short (21<120)", repeated("å", 21), 3)]),
    commit(
      "\(file) test_body_min_length", b5, options(b5, ["min-length": "8"]),
      gitcommit("Tïtle\n\n\(repeated("å", 8))\n")),
    commit("\(file) test_body_missing", b6, gitcommit("Tïtle\n\nThis ïs the first body line\n")),
    commit("\(file) test_body_missing", b6, gitcommit("Tïtle\n"), [missing]),
    commit("\(file) test_body_missing_multiple_empty_new_lines", b6, gitcommit("Tïtle\n\n\n\n"), [missing]),
    commit("\(file) test_body_missing_merge_commit", b6, gitcommit("Merge: Tïtle\n")),
    commit(
      "\(file) test_body_missing_merge_commit", b6, options(b6, ["ignore-merge-commits": "false"]),
      gitcommit("Merge: Tïtle\n"), [missing]),
    commit("\(file) test_body_changed_file_mention", b7, gitcommit(mentions)),
    commit(
      "\(file) test_body_changed_file_mention", b7, options(b7, ["files": "bar.txt,föo/test.py"]),
      gitcommit(mentions)),
    commit(
      "\(file) test_body_changed_file_mention", b7, options(b7, ["files": "bar.txt,föo/test.py"]),
      gitcommit(mentions, ["föo/test.py"])),
    commit(
      "\(file) test_body_changed_file_mention", b7, options(b7, ["files": "bar.txt,föo/test.py"]),
      gitcommit(
        "This is a test\n\nHere is a mention of föo/test.py\nAnd here is a mention of bar.txt",
        ["föo/test.py", "bar.txt"])),
    commit(
      "\(file) test_body_changed_file_mention", b7, options(b7, ["files": "bar.txt,föo/test.py"]),
      gitcommit(
        "This is a test\n\nHere is å mention of\nAnd here is a mention of bar.txt",
        ["föo/test.py", "bar.txt"]),
      [GitlintViolation("B7", "Body does not mention changed file 'föo/test.py'", nil, 4)]),
    commit(
      "\(file) test_body_changed_file_mention", b7, options(b7, ["files": "bar.txt,föo/test.py"]),
      gitcommit(
        "This is å test\n\nHere is a mention of\nAnd here is a mention of", ["föo/test.py", "bar.txt"]),
      [
        GitlintViolation("B7", "Body does not mention changed file 'bar.txt'", nil, 4),
        GitlintViolation("B7", "Body does not mention changed file 'föo/test.py'", nil, 4),
      ]),
    commit("\(file) test_body_match_regex", b8, bodyCommit),
    commit("\(file) test_body_match_regex", b8, options(b8, ["regex": "^Bödy(.*)"]), bodyCommit),
    commit("\(file) test_body_match_regex", b8, options(b8, ["regex": "My-Commit-Tag: föo$"]), bodyCommit),
    commit("\(file) test_body_match_regex", b8, options(b8, ["regex": "(.*)Föo(.*)"]), bodyCommit),
    commit(
      "\(file) test_body_match_regex", b8, options(b8, ["regex": "^Tëst(.*)Foo"]), bodyCommit,
      [GitlintViolation("B8", "Body does not match regex (^Tëst(.*)Foo)", nil, 6)]),
  ]
  var unset = b8.defaultOptions
  unset.set("regex", .regex(nil))
  cases.append(commit("\(file) test_body_match_regex", b8, unset, bodyCommit))
  for body in ["åbc", "åbc\n", "åbc\nföo\n", "åbc\n\n", "åbc\nföo\nblå", "åbc\nföo\nblå\n"] {
    cases.append(commit("\(file) test_body_match_regex", b8, options(b8, ["regex": ".*"]), gitcommit(body)))
  }
  return cases
}()

private let m1 = GitlintAuthorValidEmail()

/// test_meta_rules.py, every assertion but the log's (M1 logs nothing here: it has no logger).
let gitlintMetaCases: [GitlintRuleCase] = {
  let file = "test_meta_rules.py"
  var cases: [GitlintRuleCase] = []
  let valid = [
    "föo@bar.com", "Jöhn.Doe@bar.com", "jöhn+doe@bar.com", "jöhn/doe@bar.com", "jöhn.doe@subdomain.bar.com",
  ]
  for email in valid {
    cases.append(commit("\(file) test_author_valid_email_rule", m1, gitcommit("", authorEmail: email)))
  }
  cases.append(commit("\(file) test_author_valid_email_rule", m1, gitcommit("")))
  let invalid = [
    "föo@bar", "JöhnDoe", "Jöhn Doe", "Jöhn Doe@foo.com", " JöhnDoe@foo.com", "JöhnDoe@ foo.com",
    "JöhnDoe@foo. com", "JöhnDoe@foo. com", "@bår.com", "föo@.com",
  ]
  for email in invalid {
    cases.append(
      commit(
        "\(file) test_author_valid_email_rule", m1, gitcommit("", authorEmail: email),
        [GitlintViolation("M1", "Author email for commit is invalid", email)]))
  }
  var unset = m1.defaultOptions
  unset.set("regex", .regex(nil))
  for email in ["föo", nil, "hür dür"] {
    cases.append(
      commit(
        "\(file) test_author_valid_email_rule_custom_regex", m1, unset, gitcommit("", authorEmail: email)))
  }
  for email in ["föo@bår.com", "Jöhn.Doe@bår.com", "jöhn+doe@bår.com", "jöhn/doe@bår.com"] {
    cases.append(
      commit(
        "\(file) test_author_valid_email_rule_custom_regex", m1, options(m1, ["regex": "[^@]+@bår.com"]),
        gitcommit("", authorEmail: email)))
  }
  cases.append(
    commit(
      "\(file) test_author_valid_email_rule_custom_regex", m1, options(m1, ["regex": "[^@]+@bår.com"]),
      gitcommit("", authorEmail: "föo@hur.com"),
      [GitlintViolation("M1", "Author email for commit is invalid", "föo@hur.com")]))
  return cases
}()

private let ct1 = GitlintContribConventionalCommit()
private let cc1 = GitlintContribSignedOffBy()

/// test_conventional_commit.py and test_signedoff_by.py, every assertion of their rule tests.
let gitlintContribCases: [GitlintRuleCase] = {
  let file = "test_conventional_commit.py test_conventional_commits"
  let notOneOf =
    "Title does not start with one of fix, feat, chore, docs, style, refactor, perf, test, revert, ci, build"
  var cases = GitlintContribConventionalCommit.defaultTypes.map { line(file, ct1, "\($0): föo") }
  cases += [
    line(file, ct1, "bår: foo", [GitlintViolation("CT1", notOneOf, "bår: foo")]),
    line(file, ct1, "feat_wrong_chars: föo", [GitlintViolation("CT1", notOneOf, "feat_wrong_chars: föo")]),
    line(
      file, ct1, "feat_wrong_chars(scope): föo",
      [GitlintViolation("CT1", notOneOf, "feat_wrong_chars(scope): föo")]),
    line(
      file, ct1, "fix föo",
      [
        GitlintViolation(
          "CT1", "Title does not follow ConventionalCommits.org format 'type(optional-scope): description'",
          "fix föo")
      ]),
    line(file, ct1, "feat!: föo"),
    line(file, ct1, "fix(scope)!: föo"),
    line(file, ct1, ["types": "föo,bär"], "föo: hür dur"),
    line(file, ct1, ["types": "föo,bär"], "bär: hür dur"),
    line(
      file, ct1, ["types": "föo,bär"], "fix: hür dur",
      [GitlintViolation("CT1", "Title does not start with one of föo, bär", "fix: hür dur")]),
    line(file, ct1, ["types": "föo123,123bär"], "föo123: hür dur"),
    line(file, ct1, ["types": "föo123,123bär"], "123bär: hür dur"),
  ]
  let signed = "test_signedoff_by.py test_signedoff_by"
  let noSignOff = GitlintViolation("CC1", "Body does not contain a 'Signed-off-by' line", nil, 1)
  cases += [
    commit(signed, cc1, gitcommit("Föobar\n\nMy Body\nSigned-off-by: John Smith")),
    commit(signed, cc1, gitcommit("Föobar\n\nMy Body"), [noSignOff]),
    commit(signed, cc1, gitcommit("Signed-off-by\n\nFöobar"), [noSignOff]),
  ]
  return cases
}()

@Suite struct GitlintRuleTests {
  @Test(arguments: gitlintTitleCases) func titleRules(_ test: GitlintRuleCase) {
    #expect(test.run() == test.expected)
  }

  @Test(arguments: gitlintBodyCases) func bodyRules(_ test: GitlintRuleCase) {
    #expect(test.run() == test.expected)
  }

  @Test(arguments: gitlintMetaCases) func metaRules(_ test: GitlintRuleCase) {
    #expect(test.run() == test.expected)
  }

  @Test(arguments: gitlintContribCases) func contribRules(_ test: GitlintRuleCase) {
    #expect(test.run() == test.expected)
  }

  /// The contrib rules' `test_enable`: `contrib` names a rule by id or by name, and it then runs.
  @Test(arguments: [
    ("CT1", "CT1"), ("contrib-title-conventional-commits", "CT1"), ("CC1", "CC1"),
    ("contrib-body-requires-signed-off-by", "CC1"),
  ])
  func contribEnable(_ reference: String, _ id: String) throws {
    var general = GitlintGeneralOptions()
    try general.set("contrib", reference)
    let configuration = GitlintConfiguration(general: general)
    #expect(configuration.rules.map(\.id).filter { $0.hasPrefix("C") } == [id])
    #expect(GitlintConfiguration().rules.allSatisfy { !$0.id.hasPrefix("C") })
  }
}

/// M1's default expression is checked without a regex; it must agree with the expression on
/// the test's addresses and on every string of up to four characters from `a@. \n`.
@Test func authorValidEmailDefaultAgreesWithItsExpression() throws {
  let regex = try GitlintRegex(GitlintAuthorValidEmail.defaultPattern, engine: PCRE2Engine())
  var samples = [
    "föo@bar.com", "föo@bar", "@bår.com", "föo@.com", "a@b.c", "a@b.", "a@.b.c", "a@b..c", "a b@c.d",
    "a@b c.d",
    "a@b.c d", "a@@b.c", "", "a@b.c@d",
  ]
  var words = [""]
  for _ in 0..<4 {
    words = words.flatMap { word in ["a", "@", ".", " ", "\n"].map { word + $0 } }
    samples += words
  }
  let rule = GitlintAuthorValidEmail()
  for sample in samples where !sample.isEmpty {
    let expected =
      regex.search(sample) ? [] : [GitlintViolation("M1", "Author email for commit is invalid", sample)]
    #expect(
      rule.validate(gitcommit("", authorEmail: sample), rule.defaultOptions) == expected,
      "\(sample.debugDescription)")
  }
}
