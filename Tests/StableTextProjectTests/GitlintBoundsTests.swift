import StableTextConventions
import StableTextCore
import StableTextProject
import Testing

/// What a hostile `.gitlint` cannot do (Protocol/README.md, "gitlint's rules"; docs/bounds.md):
/// an expression that backtracks without end is refused by name once the lint's budget is spent,
/// however the budget is spent (one title, many body lines, a long body); the file's readers are
/// linear (named rules, interpolation, `[DEFAULT]` in every section) and bounded in what they
/// build; an expression is compiled once per configuration. Sizes are ten times those issue 55
/// found; the results are asserted, the times are `stabletext-bench bounds`' to print.
@Suite struct GitlintBoundsTests {
  /// The configuration a `.gitlint` of `text` builds.
  static func configuration(_ text: String) throws -> GitlintConfiguration {
    let read = GitlintFile.read(Array(text.utf8), path: "/repo/.gitlint")
    guard let setup = read.setup, read.problems.isEmpty else { throw ConfigurationProblems(read.problems) }
    return setup.configuration
  }

  /// The refusal of `option` holding `value` (gitlint's sentence for an invalid value).
  static func refusal(_ rule: String, _ option: String, _ value: String) -> String {
    "'\(value)' is not a valid value for option '\(rule).\(option)'. Invalid regular expression: 'matching it on this message took more than the "
  }

  struct Hostile: Sendable, CustomTestStringConvertible {
    var section: String
    var rule: String
    var option = "regex"
    var value: String
    var message: String
    var testDescription: String { "[\(section)] \(option)=\(value)" }
  }

  static let title200 = String(repeating: "a", count: 200) + "!"
  static let hostile: [Hostile] = [
    // Exponential: nested and overlapping repeats on a 200-character title.
    Hostile(section: "title-match-regex", rule: "T7", value: "^(a+)+$", message: title200),
    Hostile(section: "title-match-regex", rule: "T7", value: "(a|aa)+$", message: title200),
    Hostile(section: "title-match-regex", rule: "T7", value: "^(\\w+\\s?)*$", message: title200),
    Hostile(section: "title-match-regex", rule: "T7", value: "(.*a){20}[xy]", message: title200),
    // Polynomial with no group at all: the callouts after the quantifiers count it. (A class at
    // the end, not a letter: PCRE2 gives up at once on a pattern whose last letter the text
    // lacks, which would test nothing.)
    Hostile(
      section: "title-match-regex", rule: "T7", value: ".*.*.*.*.*[xy]",
      message: String(repeating: "a", count: 2_000)),
    // A T5 word, which gitlint puts between `\b`s.
    Hostile(section: "T5", rule: "T5", option: "words", value: "(a+)+!!", message: title200),
    // A long body searched whole by B8.
    Hostile(
      section: "body-match-regex", rule: "B8", value: "(x+x+)+[yz]",
      message: "Title\n\n" + String(repeating: String(repeating: "x", count: 70) + "\n", count: 2_000)),
    // Many body lines, each cheap alone (about 3,000 steps), read one by one by I3 and I2: the
    // budget is the lint's, not a line's.
    Hostile(
      section: "ignore-body-lines", rule: "I3", value: "^(a+)+$",
      message: "Title\n\n" + String(repeating: "aaaaaaaaaa!\n", count: 2_000)),
    Hostile(
      section: "ignore-by-body", rule: "I2", value: "^(a+)+$",
      message: "Title\n\n" + String(repeating: "aaaaaaaaaa!\n", count: 2_000)),
    // The author's name, read by I4; the e-mail by M1.
    Hostile(
      section: "ignore-by-author-name", rule: "I4", value: "^(a+)+$", message: "Title\n\nBody line here\n"),
    Hostile(
      section: "author-valid-email", rule: "M1", value: "^(a+)+$", message: "Title\n\nBody line here\n"),
  ]

  @Test(arguments: hostile) func refusedByName(_ hostile: Hostile) throws {
    let configuration = try Self.configuration("[\(hostile.section)]\n\(hostile.option)=\(hostile.value)\n")
    let author = String(repeating: "a", count: 200) + "!"
    let commit = GitlintCommit(message: hostile.message, authorName: author, authorEmail: author)
    let violations = GitlintLinter.lint(commit, configuration)
    #expect(violations.count == 1)
    #expect(violations.first?.ruleID == hostile.rule)
    #expect(violations.first?.lineNumber == nil)
    let word = hostile.value
    #expect(
      violations.first?.message.hasPrefix(Self.refusal(hostile.rule, hostile.option, word)) == true,
      "\(violations)")
  }

  /// A scan that fails inside one item, where no callout counts it (`\w{60000}` over runs of
  /// 59,999 word characters): the lint's time ends it.
  @Test func scanInsideAnItemIsBoundedByTime() throws {
    let configuration = try Self.configuration("[body-match-regex]\nregex=\\w{60000}[xy]\n")
    let run = String(repeating: "w", count: 59_999)
    let commit = GitlintCommit(message: "Title\n\n" + Array(repeating: run, count: 4).joined(separator: " "))
    let violations = GitlintLinter.lint(commit, configuration)
    #expect(violations.count == 1)
    #expect(violations.first?.message.hasPrefix(Self.refusal("B8", "regex", "\\w{60000}[xy]")) == true)
  }

  /// An ordinary expression on a large message is within the budget: the steps grow with the
  /// message (B8 searching 2 MB for a trailer, I3 reading 20,000 lines).
  @Test func ordinaryExpressionsPassOnLargeMessages() throws {
    let configuration = try Self.configuration(
      "[body-match-regex]\nregex=Signed-off-by: \\w+\n[ignore-body-lines]\nregex=^(Change-Id|Refs): \n")
    let lines = (0..<20_000).map {
      $0 % 2 == 0 ? "Change-Id: I\($0)" : "Some text, with Signs and Sigs \($0)"
    }
    let body = lines.joined(separator: "\n") + "\n" + String(repeating: "Sig ", count: 500_000) + "end"
    let commit = GitlintCommit(message: "Title of the change\n\n" + body + "\nSigned-off-by: Ann\n")
    let violations = GitlintLinter.lint(commit, configuration)
    #expect(violations.map(\.ruleID) == ["B1"])
  }

  /// An engine that counts what it compiles.
  final class Counting: GitlintRegexEngine, @unchecked Sendable {
    var compiled: [String] = []
    func compile(_ pattern: String) throws(GitlintRegexError) -> any GitlintCompiledRegex {
      compiled.append(pattern)
      return try PCRE2Engine().compile(pattern)
    }
  }

  /// A 26 KB pattern (ten times the lines issue 55 read it again for), and a T5 word that 2,000
  /// named rules share: each compiled once, when the configuration is read, never per line.
  @Test func compiledOncePerConfiguration() throws {
    let engine = Counting()
    var configuration = GitlintConfiguration(engine: engine)
    let words = (0..<2_400).map { "word\($0)" }
    try configuration.setOption(rule: "I3", "regex", "^(" + words.joined(separator: "|") + ")$")
    for instance in 0..<2_000 {
      try configuration.setOption(rule: "T5:w\(instance)", "words", "fix(me)?,WIP")
    }
    #expect(engine.compiled.count == 2)
    let body = (0..<2_000).map { $0 % 2 == 0 ? "word\($0)" : "kept line \($0)" }.joined(separator: "\n")
    let violations = GitlintLinter.lint(GitlintCommit(message: "fixme: title\n\n" + body), configuration)
    #expect(engine.compiled.count == 2)
    #expect(violations.count == 2_000)
    #expect(violations.filter { $0.ruleID == "B1" }.isEmpty)
  }

  /// 200,000 named rules (ten times the 20,000 that took 27 s): read in linear time, each one a
  /// rule of its own.
  @Test func namedRulesAreLinear() throws {
    var text = ""
    for instance in 0..<200_000 { text += "[T5:w\(instance)]\nwords=w\(instance)\n" }
    let configuration = try Self.configuration(text)
    #expect(configuration.rules.count == GitlintRules.builtIn.count + 200_000)
    #expect(configuration.index(of: "T5:w199999") == GitlintRules.builtIn.count + 199_999)
    let violations = GitlintLinter.lint(
      GitlintCommit(message: "w199999 is here\n\nThe body of this commit.\n"), configuration)
    #expect(violations.map(\.ruleID) == ["T5:w199999"])
  }

  /// References to references, ten levels of ten over 3,000 characters (a 4 KB file that Python
  /// would expand to 3·10¹³ characters, as issue 55's 3 KB did to 10¹⁰ at ten levels): refused
  /// once what is built passes the bound, naming the option.
  @Test func interpolationIsBounded() {
    var text = "[DEFAULT]\nk0 = " + String(repeating: "x", count: 3_000) + "\n"
    for level in 1...10 {
      text += "k\(level) = " + String(repeating: "%(k\(level - 1))s", count: 10) + "\n"
    }
    text += "[T5]\nwords = %(k10)s\n"
    guard case .failure(let problem) = IniSections.parse(text) else {
      Issue.record("read")
      return
    }
    #expect(problem.kind == "TooLarge")
    #expect(problem.message.hasPrefix("[T5] k4: the file's values, with [DEFAULT]'s in every section"))
  }

  /// `[DEFAULT]` put in each of 200,000 sections: refused once the copies pass the bound.
  @Test func defaultsInEverySectionAreBounded() {
    var text = "[DEFAULT]\nwords = " + String(repeating: "w", count: 1_000) + "\n"
    for instance in 0..<200_000 { text += "[T5:w\(instance)]\n" }
    guard case .failure(let problem) = IniSections.parse(text) else {
      Issue.record("read")
      return
    }
    #expect(problem.kind == "TooLarge")
  }
}
