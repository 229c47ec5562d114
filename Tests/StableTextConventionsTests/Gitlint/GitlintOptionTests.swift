import StableTextCore
import StableTextProject
import Testing

@testable import StableTextConventions

/// test_options.py (the option types as `.gitlint`'s text sets them) and test_rules.py (the
/// violation's text and equality).
@Suite struct GitlintOptionTests {
  private func read(_ kind: GitlintOptionKind, _ raw: String, name: String = "tëst-name")
    throws(GitlintOptionError)
    -> GitlintOptionValue
  {
    try GitlintOptionSpec(name, kind, .string(nil), "Tëst Description").read(raw, engine: PCRE2Engine())
  }

  private func error(_ kind: GitlintOptionKind, _ raw: String, name: String = "tëst-name") -> String? {
    do {
      _ = try read(kind, raw, name: name)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func optionEquality() throws {
    let values: [(GitlintOptionKind, String)] = [
      (.int(allowNegative: false), "123"), (.string, "foöbar"), (.bool, "False"), (.list, "a,b"),
      (.regex, "^foöbar(.*)"),
    ]
    for (kind, raw) in values {
      #expect(try read(kind, raw) == read(kind, raw))
    }
    #expect(try read(.string, "åbc") != read(.string, "åbcd"))
    #expect(try read(.int(allowNegative: false), "123") != read(.string, "123"))
    #expect(
      GitlintOptionSpec("tëst-option", .string, .string("åbc"), "Test Dëscription")
        != GitlintOptionSpec("tëst-option", .string, .string("åbc"), "Test Dëscription2"))
  }

  @Test func intOption() throws {
    #expect(try read(.int(allowNegative: false), "123") == .int(123))
    #expect(try read(.int(allowNegative: false), "456") == .int(456))
    #expect(
      error(.int(allowNegative: false), "-123")
        == "Option 'tëst-name' must be a positive integer (current value: '-123')")
    #expect(
      error(.int(allowNegative: false), "foo")
        == "Option 'tëst-name' must be a positive integer (current value: 'foo')")
    #expect(try read(.int(allowNegative: true), "-456") == .int(-456))
    #expect(
      error(.int(allowNegative: true), "foo", name: "test-name")
        == "Option 'test-name' must be an integer (current value: 'foo')")
    // Python's int() beyond the test: whitespace, a sign, underscores between digits, other scripts' digits.
    #expect(try read(.int(allowNegative: false), " +1_000 ") == .int(1000))
    #expect(try read(.int(allowNegative: false), "٤٢") == .int(42))
    #expect(error(.int(allowNegative: false), "1__0") != nil)
    #expect(error(.int(allowNegative: false), "4.0") != nil)
    #expect(error(.int(allowNegative: false), "") != nil)
  }

  @Test func strOption() throws {
    #expect(try read(.string, "föo") == .string("föo"))
    #expect(try read(.string, "bår") == .string("bår"))
    #expect(try read(.string, "123") == .string("123"))
    #expect(try read(.string, "-123") == .string("-123"))
  }

  @Test func booleanOption() throws {
    #expect(try read(.bool, "true") == .bool(true))
    #expect(try read(.bool, "False") == .bool(false))
    #expect(try read(.bool, "True") == .bool(true))
    // str() of the test's other values, as Python gives them to the option.
    for raw in ["1", "-1", "foo", "bår", "['foo']", "{'foo': 'bar'}", "None"] {
      #expect(error(.bool, raw) == "Option 'tëst-name' must be either 'true' or 'false'")
    }
  }

  @Test func listOption() throws {
    #expect(try read(.list, "å,b,c,d") == .list(["å", "b", "c", "d"]))
    #expect(try read(.list, "1,2,3,4") == .list(["1", "2", "3", "4"]))
    #expect(try read(.list, "") == .list([]))
    #expect(try read(.list, "  \t  ") == .list([]))
    #expect(try read(.list, "ë,f,g,") == .list(["ë", "f", "g"]))
    #expect(
      try read(.list, " abc , def   , ghi \t  , jkl  mno  ") == .list(["abc", "def", "ghi", "jkl  mno"]))
    #expect(try read(.list, "123") == .list(["123"]))
  }

  @Test func regexOption() throws {
    guard case .regex(let regex?) = try read(.regex, "^myrëgex(.*)foo$") else {
      Issue.record("not a regex")
      return
    }
    #expect(regex.pattern == "^myrëgex(.*)foo$")
    #expect(regex.search("myrëgex bar foo"))
    #expect(
      try read(.regex, "[0-9]föbar.*") == .regex(try GitlintRegex("[0-9]föbar.*", engine: PCRE2Engine())))
    #expect(error(.regex, "foo(")?.hasPrefix("Invalid regular expression: '") == true)
  }

  /// Where Python's `re` and Swift's `Regex` spell things differently, the expression means what
  /// it means in Python.
  @Test(arguments: [
    ("a$", "xa\n", true),  // `$` also before a final newline
    ("a$", "a\nb", false),
    ("a\\Z", "a\n", false),  // Python's `\Z` is the very end
    ("a.b", "a\rb", true),  // `.` is anything but `\n`
    ("a.b", "a\nb", false),
    ("(?s)a.b", "a\nb", true),
    ("(?m)^b$", "a\nb\nc", true),
    ("[]a]", "]", true),  // a leading `]` is literal
    ("[^]]", "]", false),
    ("[[]", "[", true),  // so is `[` in a class
    ("\\bwip\\b", "wip:x", true),  // `\b` between \w and \W, not Unicode's word breaks
    ("\\bwip\\b", "wiping", false),
    ("B1\\b", "B1 , T3", true),  // digits are word characters
    ("1\\b", "1a", false),
    ("e\u{301}", "e\u{301}", true),  // code points, not grapheme clusters
    ("^e$", "e\u{301}", false),
    ("(?P<n>a)b", "ab", true),
  ])
  func pythonSpelling(_ pattern: String, _ text: String, _ found: Bool) throws {
    #expect(try GitlintRegex(pattern, engine: PCRE2Engine()).search(text) == found)
  }

  @Test func ruleViolationDescription() {
    #expect(
      GitlintViolation("rule-ïd", "Tēst message", "Tēst content", 57).description
        == "57: rule-ïd Tēst message: \"Tēst content\"")
  }

  @Test func ruleViolationEquality() {
    let violation = GitlintViolation("ïd1", "My messåge", "My cöntent", 1)
    #expect(violation == GitlintViolation("ïd1", "My messåge", "My cöntent", 1))
    #expect(violation != GitlintViolation("föo", "My messåge", "My cöntent", 1))
    #expect(violation != GitlintViolation("ïd1", "föo", "My cöntent", 1))
    #expect(violation != GitlintViolation("ïd1", "My messåge", "föo", 1))
    #expect(violation != GitlintViolation("ïd1", "My messåge", "My cöntent", 2))
  }

  /// Setting a rule's option through the configuration, with gitlint's messages.
  @Test func ruleOptionMessages() throws {
    var configuration = GitlintConfiguration(engine: PCRE2Engine())
    try configuration.setOption(rule: "title-max-length", "line-length", "60")
    #expect(configuration.rules[configuration.index(of: "T1")!].options.int("line-length") == 60)
    func message(_ rule: String, _ option: String, _ raw: String) -> String? {
      do {
        try configuration.setOption(rule: rule, option, raw)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message("T9", "x", "1") == "No such rule 'T9'")
    #expect(message("T1", "length", "1") == "Rule 'T1' has no option 'length'")
    #expect(
      message("T1", "line-length", "x")
        == "'x' is not a valid value for option 'T1.line-length'. Option 'line-length' must be a positive integer (current value: 'x')."
    )
    #expect(message("T5", "words", "WIP,(") != nil)
    #expect(
      message("T5:", "words", "x")
        == "The rule-name part in 'T5:' cannot contain whitespace, colons or be empty")
    #expect(message("T9:a", "words", "x") == "No such rule 'T9' (named rule: 'T9:a')")
  }

  @Test func generalOptionMessages() throws {
    var general = GitlintGeneralOptions()
    func message(_ name: String, _ raw: String) -> String? {
      do {
        try general.set(name, raw)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(
      message("ignore-merge-commits", "no")
        == "Option 'ignore-merge-commits' must be either 'true' or 'false'")
    #expect(message("foo", "1") == "'foo' is not a valid gitlint option")
    #expect(message("contrib", "CT1,CX9") == "No contrib rule with id or name 'CX9' found.")
    #expect(message("verbosity", "4") == "Option 'verbosity' must be set between 0 and 3")
    #expect(message("ignore-squash-commits", "FALSE") == nil)
    #expect(general.ignoreSquashCommits == false)
    #expect(message("ignore", "T1, body-hard-tab") == nil)
    #expect(general.ignore == .rules(["T1", "body-hard-tab"]))
  }
}
