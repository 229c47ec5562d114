import Testing

@testable import StableTextConventions
@testable import StableTextCore

/// JavaScript's regular expressions as commitlint's `ignores` functions test messages with them
/// (Protocol/README.md, "JavaScript and TypeScript configurations"): each row is a pattern, its
/// flags and the answers `new RegExp(pattern, flags).test(text)` gives in Node 20 (recorded as
/// facts), or that Node refuses the pattern; then what StableText refuses rather than
/// approximates, and the bound on a pattern's size.
@Suite struct JavaScriptRegexTests {
  struct RegexCase: Sendable, CustomTestStringConvertible {
    var pattern: String
    var flags: String
    var answers: [(String, Bool)]
    var invalid: Bool

    init(_ pattern: String, _ flags: String, _ answers: [(String, Bool)] = [], invalid: Bool = false) {
      self.pattern = pattern
      self.flags = flags
      self.answers = answers
      self.invalid = invalid
    }

    var testDescription: String { "/\(pattern)/\(flags)" }
  }

  static let cases: [RegexCase] = [
    RegexCase("abc", "", [("abc", true), ("xabcx", true), ("ab", false), ("ABC", false)]),
    RegexCase("^feat", "", [("feat: x", true), ("a feat", false), ("\nfeat", false)]),
    RegexCase(
      "^feat", "m", [("a\nfeat", true), ("a\rfeat", true), ("a\u{2028}feat", true), ("a\u{85}feat", false)]),
    RegexCase("done$", "", [("done", true), ("done\n", false), ("not done.", false)]),
    RegexCase("done$", "m", [("done\nx", true), ("done\r\nx", true), ("done\u{2029}", true)]),
    RegexCase(
      "a.c", "",
      [
        ("abc", true), ("a\nc", false), ("a\rc", false), ("a\u{2028}c", false), ("a\u{85}c", true),
        ("a\u{b}c", true), ("a😀c", false),
      ]),
    RegexCase("a.c", "s", [("a\nc", true), ("a\u{2028}c", true)]),
    RegexCase("a..c", "", [("a😀c", true)]),
    RegexCase("^.$", "", [("😀", false), ("é", true)]),
    RegexCase("[a-c]+x", "", [("bbx", true), ("dx", false), ("Bx", false)]),
    RegexCase("[a-c]+x", "i", [("BBx", true), ("ÀX", false)]),
    RegexCase("[^a-c]", "", [("abc", false), ("abcd", true), ("", false)]),
    RegexCase("\\d{2,3}", "", [("1", false), ("12", true), ("٣٣", false)]),
    RegexCase("^\\w+$", "", [("abc_1", true), ("ab-c", false), ("é", false)]),
    RegexCase(
      "\\s", "",
      [
        ("a b", true), ("a b", true), ("a\u{feff}b", true), ("a\u{85}b", false), ("a\u{2028}b", true),
        ("a\u{180e}b", false), ("ab", false),
      ]),
    RegexCase(
      "\\bfix\\b", "", [("a fix b", true), ("prefix", false), ("fix", true), ("fixé", true), ("éfix", true)]),
    RegexCase("\\Bfix", "", [("prefix", true), ("a fix", false)]),
    RegexCase("colou?r", "", [("color", true), ("colour", true), ("colouur", false)]),
    RegexCase("a{2}", "", [("a", false), ("aa", true)]),
    RegexCase("a{2,}", "", [("a", false), ("aaa", true)]),
    RegexCase("a{,2}", "", [("a{,2}", true), ("aa", false)]),
    RegexCase("a{1", "", [("a{1", true), ("a", false)]),
    RegexCase("x{a}", "", [("x{a}", true)]),
    RegexCase("]", "", [("]", true)]),
    RegexCase("}", "", [("}", true)]),
    RegexCase("a+?b", "", [("aaab", true), ("b", false)]),
    RegexCase("(a|b)c", "", [("bc", true), ("ac", true), ("c", false)]),
    RegexCase("(?:ab)+$", "", [("ababab", true), ("aba", false)]),
    RegexCase("(?<type>feat|fix): ", "", [("fix: y", true), ("docs: z", false)]),
    RegexCase(
      "^(feat|fix)(\\(.+\\))?!?: .+", "", [("feat(x)!: y", true), ("feat(): y", false), ("fix: ", false)]),
    RegexCase("\\x41\\u0042\\t", "", [("AB\t", true), ("AB ", false)]),
    RegexCase("\\x4", "", [("x4", true)]),
    RegexCase("\\u12", "", [("u12", true)]),
    RegexCase("\\u{2}", "", [("uu", true), ("u", false)]),
    RegexCase("\\cJ", "", [("\n", true), ("cJ", false)]),
    RegexCase("\\c1", "", [("\\c1", true)]),
    RegexCase("[\\c1]", "", [("\u{11}", true), ("c", false)]),
    RegexCase("\\q\\/", "", [("q/", true)]),
    RegexCase("\\0", "", [("\u{0}", true), ("0", false)]),
    RegexCase("[\\b]", "", [("\u{8}", true), ("b", false)]),
    RegexCase("[\\d-z]", "", [("-", true), ("5", true), ("z", true), ("m", false)]),
    RegexCase("[a-]", "", [("-", true), ("b", false)]),
    RegexCase("[]", "", [("", false), ("a", false)]),
    RegexCase("[^]", "", [("", false), ("\n", true)]),
    RegexCase("WIP", "i", [("wip", true), ("Wip on", true), ("WİP", false)]),
    RegexCase("µ", "i", [("μ", true), ("Μ", true)]),
    RegexCase("k", "i", [("\u{212a}", false), ("K", true)]),
    RegexCase("s", "i", [("\u{17f}", false), ("S", true)]),
    RegexCase("ß", "i", [("SS", false), ("ẞ", false)]),
    RegexCase("[à-å]", "i", [("À", true), ("A", false)]),
    RegexCase("[^a]", "i", [("A", false), ("b", true)]),
    RegexCase("\\W", "i", [("\u{17f}", true), ("k", false)]),
    RegexCase("(a*)*b", "", [("aaaaaaaaaaaaaaaaaaaac", false)]),
    RegexCase("^chore\\(release\\)", "y", [("chore(release): 1", true), ("x chore(release)", false)]),
    RegexCase("release", "y", [("release", true), ("a release", false)]),
    RegexCase("release", "g", [("a release", true)]),
    RegexCase("^v?\\d+\\.\\d+\\.\\d+$", "", [("v1.2.3", true), ("1.2.3", true), ("1.2", false)]),
    RegexCase("^Merge (pull request|branch)", "", [("Merge branch 'x'", true), ("Merged", false)]),
    RegexCase("(?:)", "", [("", true)]),
    RegexCase("a|", "", [("b", true)]),
    RegexCase("a**", "", invalid: true),
    RegexCase("(", "", invalid: true),
    RegexCase(")", "", invalid: true),
    RegexCase("[b-a]", "", invalid: true),
    RegexCase("a{2,1}", "", invalid: true),
    RegexCase("{1}", "", invalid: true),
    RegexCase("?", "", invalid: true),
    RegexCase("a\\", "", invalid: true),
    RegexCase("(?<>a)", "", invalid: true),
    RegexCase("[", "", invalid: true),
    RegexCase("a", "gg", invalid: true),
    RegexCase("a", "x", invalid: true),
  ]

  @Test(arguments: cases) func answersAsNode(_ row: RegexCase) throws {
    if row.invalid {
      #expect(throws: JavaScriptRegex.Problem.self) {
        try JavaScriptRegex(pattern: row.pattern, flags: row.flags)
      }
      do {
        _ = try JavaScriptRegex(pattern: row.pattern, flags: row.flags)
      } catch {
        guard case .invalid = error else {
          Issue.record("\(row.testDescription) refused as \(error), not as invalid")
          return
        }
      }
      return
    }
    let regex = try JavaScriptRegex(pattern: row.pattern, flags: row.flags)
    for (text, expected) in row.answers {
      #expect(regex.test(text) == expected, "\(row.testDescription).test(\(text.debugDescription))")
    }
  }

  /// Valid JavaScript that would need a backtracking engine or Unicode mode: refused by name.
  @Test(arguments: [
    ("(a)\\1", "", "back-reference"), ("(?=a)b", "", "lookaround"), ("(?<=a)b", "", "lookaround"),
    ("(?!a)b", "", "lookaround"), ("a", "u", "Unicode mode"), ("a", "v", "Unicode mode"),
    ("(?i:a)", "", "modifier"),
    ("(?<n>a)\\k<n>", "", "back-reference"), ("\\01", "", "octal"), ("[\\1]", "", "octal"),
  ])
  func refusesWhatItDoesNotMatch(_ pattern: String, _ flags: String, _ named: String) {
    do {
      _ = try JavaScriptRegex(pattern: pattern, flags: flags)
      Issue.record("/\(pattern)/\(flags) was accepted")
    } catch {
      guard case .unsupported(let what) = error else {
        Issue.record("/\(pattern)/\(flags): \(error), not unsupported")
        return
      }
      #expect(what.contains(named), "\(what)")
    }
  }

  /// A pattern whose repetitions would write out past the bound is refused, and a nested empty
  /// repetition is refused before it runs long; a pattern that backtracks exponentially in
  /// JavaScript is matched in time linear in the text (the Pike machine visits each state once a
  /// position).
  @Test func boundedPatternsAndLinearMatching() throws {
    #expect(throws: JavaScriptRegex.Problem.self) {
      try JavaScriptRegex(pattern: "(a{1000}){1000}", flags: "")
    }
    #expect(throws: JavaScriptRegex.Problem.self) {
      try JavaScriptRegex(pattern: "((?:){1000000}){1000000}", flags: "")
    }
    let regex = try JavaScriptRegex(pattern: "(a*)*b", flags: "")
    #expect(regex.test(String(repeating: "a", count: 100_000) + "c") == false)
    #expect(regex.test(String(repeating: "a", count: 100_000) + "b"))
    let nested = try JavaScriptRegex(pattern: "^(\\w+\\s?)*$", flags: "")
    #expect(nested.test(String(repeating: "word ", count: 20_000) + "!") == false)
  }

  @Test func describesItselfAsWritten() throws {
    let regex = try JavaScriptRegex(pattern: "^WIP\\b", flags: "i")
    #expect(regex.description == "/^WIP\\b/i")
    #expect(regex.keepsState == false)
    #expect(try JavaScriptRegex(pattern: "a", flags: "g").keepsState)
  }
}
