import StableTextTestSupport
import Testing

@testable import StableTextCore

struct LengthVector: Sendable, CustomTestStringConvertible {
  var text: String
  var rules: Rules
  var length: Int
  var counter: String
  var overLimitFrom: Int?
  var empty: Bool
  var testDescription: String {
    "\(text.debugDescription) \(rules.unit) \(rules.maxLength.map(String.init) ?? "none")"
  }
}

let limit3 = Rules(maxLength: 3)
/// A ZWJ family, a flag and an accented e are three clusters: the cut is before the fourth.
let familyFlagAccent = MarkedText("👨‍👩‍👧‍👦🇰🇷e\u{301}1️⃣x")
let lengthVectors: [LengthVector] = [
  .init(text: "abcd", rules: limit3, length: 4, counter: "04/3", overLimitFrom: 3, empty: false),
  .init(text: "한국어", rules: limit3, length: 3, counter: "03/3", overLimitFrom: nil, empty: false),
  .init(text: "한국어요", rules: limit3, length: 4, counter: "04/3", overLimitFrom: 9, empty: false),
  .init(
    text: familyFlagAccent.text, rules: limit3, length: 4, counter: "04/3",
    overLimitFrom: familyFlagAccent.offset("1️⃣"), empty: false),
  // UTF-16: the family (11 units) does not fit in 10; the cut is at its start.
  .init(
    text: "ab👨‍👩‍👧‍👦", rules: Rules(maxLength: 10, unit: .utf16), length: 13, counter: "13/10", overLimitFrom: 2,
    empty: false),
  .init(
    text: "ab👋🏽", rules: Rules(maxLength: 5, unit: .utf16), length: 6, counter: "06/5", overLimitFrom: 2,
    empty: false),
  .init(
    text: "ab👋🏽", rules: Rules(maxLength: 3, unit: .scalars), length: 4, counter: "04/3", overLimitFrom: 2,
    empty: false),
  .init(
    text: "é!", rules: Rules(maxLength: 2, unit: .utf8), length: 3, counter: "03/2", overLimitFrom: 2,
    empty: false),
  .init(
    text: "abc\n", rules: Rules(maxLength: 3, ignoreFinalNewline: true), length: 3, counter: "03/3",
    overLimitFrom: nil, empty: false),
  .init(
    text: "abc\r\n", rules: Rules(maxLength: 3, ignoreFinalNewline: true), length: 3, counter: "03/3",
    overLimitFrom: nil, empty: false),
  .init(
    text: "abc\r", rules: Rules(maxLength: 3, ignoreFinalNewline: true), length: 3, counter: "03/3",
    overLimitFrom: nil, empty: false),
  .init(
    text: "abc\n\n", rules: Rules(maxLength: 3, ignoreFinalNewline: true), length: 4, counter: "04/3",
    overLimitFrom: 3, empty: false),
  .init(
    text: "abc\r\n", rules: Rules(maxLength: 3), length: 4, counter: "04/3", overLimitFrom: 3, empty: false),
  .init(
    text: "7 chars", rules: Rules(maxLength: 150), length: 7, counter: "07/150", overLimitFrom: nil,
    empty: false),
  .init(
    text: "7 chars", rules: Rules(maxLength: 150, counterDigits: 4), length: 7, counter: "0007/150",
    overLimitFrom: nil, empty: false),
  .init(
    text: "7 chars", rules: Rules(maxLength: nil), length: 7, counter: "7", overLimitFrom: nil, empty: false),
  .init(text: "", rules: Rules(maxLength: 0), length: 0, counter: "00/0", overLimitFrom: nil, empty: true),
  .init(text: "x", rules: Rules(maxLength: 0), length: 1, counter: "01/0", overLimitFrom: 0, empty: false),
  .init(
    text: " \t\n\u{A0}\u{3000}\u{200B}\u{2028}\u{85}", rules: limit3, length: 8, counter: "08/3",
    overLimitFrom: 3, empty: true),
  .init(text: "\u{FEFF}", rules: limit3, length: 1, counter: "01/3", overLimitFrom: nil, empty: false),
  .init(text: "\u{200D}", rules: limit3, length: 1, counter: "01/3", overLimitFrom: nil, empty: false),
  .init(text: "\u{3164}", rules: limit3, length: 1, counter: "01/3", overLimitFrom: nil, empty: false),
  .init(text: " \u{301}", rules: limit3, length: 1, counter: "01/3", overLimitFrom: nil, empty: false),
]

@Test(arguments: lengthVectors)
func lengthCounterAndLimit(_ vector: LengthVector) {
  let field = StableTextField(text: vector.text, rules: vector.rules)
  #expect(field.length == vector.length)
  #expect(field.counter == vector.counter)
  #expect(field.firstClusterOverLimit == vector.overLimitFrom)
  #expect(field.isEmptyAfterTrim == vector.empty)
  #expect(field.remaining == vector.rules.maxLength.map { $0 - vector.length })
}

@Test func diagnosticsInContractOrder() {
  let field = StableTextField(text: "  \n  ", rules: Rules(maxLength: 2))
  let diagnostics = field.diagnostics
  #expect(diagnostics.map(\.code) == [.overLimit, .emptyAfterTrim])
  #expect(diagnostics[0].message == "5/2 characters: 3 over the limit")
  #expect(diagnostics[0].range == 2..<5)
  #expect(diagnostics[0].severity == .error)
  #expect(diagnostics[0].data == .overLimit(length: 5, limit: 2, unit: .graphemes))
  #expect(diagnostics[1].range == 0..<5)
  #expect(diagnostics[1].severity == .warning)

  let bytes = StableTextField(text: "ééé", rules: Rules(maxLength: 4, unit: .utf8)).diagnostics
  #expect(bytes.map(\.message) == ["6/4 bytes: 2 over the limit"])
  let utf16 = StableTextField(text: "😀😀", rules: Rules(maxLength: 3, unit: .utf16)).diagnostics
  #expect(utf16.map(\.message) == ["4/3 UTF-16 code units: 1 over the limit"])
  let scalars = StableTextField(text: "e\u{301}", rules: Rules(maxLength: 1, unit: .scalars)).diagnostics
  #expect(scalars.map(\.message) == ["2/1 Unicode scalars: 1 over the limit"])
  #expect(scalars[0].range == 0..<3)

  let optional = StableTextField(text: " ", rules: Rules(requireNonEmpty: false))
  #expect(optional.diagnostics.isEmpty)
  #expect(optional.isEmptyAfterTrim)
}

/// `minLength`: a shorter text that is not empty after trimming gets `under-limit` over the
/// counted text; bounds from different layers can both hold.
@Test(
  arguments: [
    // text, minimum, maximum, unit, ignoreFinalNewline, expected (code, message, range)
    (
      "abc", 5, nil, LengthUnit.graphemes, false,
      [("under-limit", "3/5 characters: 2 under the minimum", 0..<3)]
    ),
    ("abcde", 5, nil, .graphemes, false, []),
    ("abc\n", 5, nil, .graphemes, true, [("under-limit", "3/5 characters: 2 under the minimum", 0..<3)]),
    ("abc\n", 4, nil, .graphemes, false, []),
    ("", 5, nil, .graphemes, false, [("empty-after-trim", nil, 0..<0)]),
    (" \u{3000} ", 5, nil, .graphemes, false, [("empty-after-trim", nil, 0..<5)]),
    ("é한", 6, nil, .utf8, false, [("under-limit", "5/6 bytes: 1 under the minimum", 0..<5)]),
    (
      "abcdef", 8, 3, .graphemes, false,
      [
        ("over-limit", "6/3 characters: 3 over the limit", 3..<6),
        ("under-limit", "6/8 characters: 2 under the minimum", 0..<6),
      ]
    ),
  ] as [(String, Int, Int?, LengthUnit, Bool, [(String, String?, Range<Int>)])])
func underLimit(
  text: String, minimum: Int, maximum: Int?, unit: LengthUnit, ignoreFinalNewline: Bool,
  expected: [(String, String?, Range<Int>)]
) {
  var rules = Rules(maxLength: maximum, unit: unit, ignoreFinalNewline: ignoreFinalNewline)
  rules.minLength = minimum
  let diagnostics = StableTextField(text: text, rules: rules).diagnostics
  #expect(diagnostics.map(\.code.rawValue) == expected.map(\.0))
  for (diagnostic, (_, message, range)) in zip(diagnostics, expected) {
    if let message { #expect(diagnostic.message == message) }
    #expect(diagnostic.range == range)
    if diagnostic.code == .underLimit {
      #expect(diagnostic.severity == .warning)
      #expect(
        diagnostic.data
          == .underLimit(
            length: rules.unit.count(text[...]) - (ignoreFinalNewline ? 1 : 0), limit: minimum, unit: unit))
    }
  }
}

/// One layer may not set a minimum above its own maximum; layers apart may.
@Test func boundsOfOneLayer() {
  #expect(RulePatch(maxLength: 10).boundsProblem() == nil)
  var patch = RulePatch(maxLength: 10)
  patch.minLength = 10
  #expect(patch.boundsProblem() == nil)
  patch.minLength = 11
  #expect(patch.boundsProblem() == "expected at most maxLength (10), got 11")
  #expect(patch.boundsProblem(maximum: "--max-length") == "expected at most --max-length (10), got 11")
  patch.maxLength = .some(nil)
  #expect(patch.boundsProblem() == nil)
}

/// Truncation keeps one final terminator when it is ignored; the trim fix belongs to
/// `empty-after-trim` alone; no truncation is offered when all that is over the limit is one
/// final terminator (an editor writes it back).
@Test func quickFixesKeepOneFinalTerminatorWhenIgnored() {
  let field = StableTextField(text: "  abcdef \n", rules: Rules(maxLength: 4, ignoreFinalNewline: true))
  let fixes = field.quickFixes
  #expect(fixes.map(\.title) == ["Truncate to 4 characters"])
  #expect(fixes[0].edits.map(\.range) == [4..<9])

  let plain = StableTextField(text: "abc \n", rules: Rules(maxLength: 10))
  #expect(plain.quickFixes.isEmpty)
  for terminator in ["\n", "\r\n", "\r"] {
    let newline = StableTextField(text: "abcd" + terminator, rules: Rules(maxLength: 4))
    #expect(newline.diagnostics.map(\.code) == [.overLimit])
    #expect(newline.quickFixes.isEmpty, "\(terminator.debugDescription)")
  }
  #expect(StableTextField(text: "abcd\n\n", rules: Rules(maxLength: 4)).quickFixes.map(\.kind) == [.truncate])

  let blank = StableTextField(text: " \n ", rules: Rules())
  #expect(blank.quickFixes.first?.edits.map(\.range) == [0..<3])
  #expect(StableTextField(text: "tidy", rules: Rules()).quickFixes.isEmpty)
  // With the final newline ignored, a lone final terminator needs no trimming.
  #expect(StableTextField(text: "tidy\n", rules: Rules(ignoreFinalNewline: true)).quickFixes.isEmpty)
}

@Test(arguments: [
  ("*.md", "/home/me/notes/a.md", true),
  ("*.md", "/home/me/notes/a.txt", false),
  ("docs/*.txt", "/p/docs/a.txt", true),
  ("docs/*.txt", "/p/docs/sub/a.txt", false),
  ("docs/**/*.txt", "/p/docs/sub/deeper/a.txt", true),
  ("docs/**/*.txt", "/p/docs/a.txt", true),
  ("/p/*.txt", "/p/a.txt", true),
  ("/p/*.txt", "/q/p/a.txt", false),
  ("COMMIT_EDITMSG", "/repo/.git/COMMIT_EDITMSG", true),
  ("?.md", "/x/ab.md", false),
  ("?.md", "/x/a.md", true),
  ("**/locales/*.strings", "/app/en.lproj/locales/Main.strings", true),
  ("a b.txt", "/dir/a b.txt", true),
  // `{a,b}` alternatives (the built-in overrides).
  ("**/{COMMIT_EDITMSG,MERGE_MSG}", "/r/.git/MERGE_MSG", true),
  ("**/{COMMIT_EDITMSG,MERGE_MSG}", "/r/.git/TAG_EDITMSG", false),
  ("*.{md,txt}", "/a/b.txt", true),
  ("{docs,notes}/*.md", "/p/notes/x.md", true),
  ("{/abs,rel}/x", "/q/rel/x", true),
  ("{/abs,rel}/x", "/q/abs/x", false),
  ("a{b}c", "/a{b}c", true),
  ("{a,b", "/{a,b", true),
])
func globs(pattern: String, path: String, matches: Bool) {
  #expect(Glob(pattern).matches(path: path) == matches)
}

@Test func decodedURIPaths() {
  #expect(DocumentURI.decodedPath(of: "file:///home/a%20b/x.md") == "/home/a b/x.md")
  #expect(DocumentURI.decodedPath(of: "file://host/share/x.md?q#f") == "/share/x.md")
  #expect(DocumentURI.decodedPath(of: "untitled:Untitled-1") == "Untitled-1")
  #expect(DocumentURI.decodedPath(of: "file:///%E2%9C%93.txt") == "/✓.txt")
}

@Test func ruleLayersResolveInOrder() {
  let configuration = RuleConfiguration(
    rules: RulePatch(maxLength: .some(100), placeholder: "Say something"),
    overrides: [
      RuleOverride(languageId: "gitcommit", rules: RulePatch(maxLength: .some(72))),
      RuleOverride(pattern: "*.txt", rules: RulePatch(maxLength: .some(nil), unit: .utf8)),
      RuleOverride(languageId: "gitcommit", pattern: "*.txt", rules: RulePatch(counterDigits: 3)),
    ])
  // The built-in override gives gitcommit the preset; the user's override comes after it.
  let gitLines = [
    LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 72, severity: .error),
    LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 50),
    LineRule(lines: LineSpan(first: 2, last: 2), blank: true),
    LineRule(lines: LineSpan(first: 3, last: nil), maxLength: 72),
  ]
  /// The preset's rules beyond the initializer's: every exemption, and comments that follow the
  /// scissors line's character.
  func preset(_ rules: Rules) -> Rules {
    var rules = rules
    rules.exemptions = [.generated, .trailers, .longWords]
    rules.detectsCommentCharacter = true
    rules.preset = .gitCommit
    return rules
  }
  let commit = configuration.resolve(uri: "file:///r/.git/COMMIT_EDITMSG", languageId: "gitcommit")
  #expect(
    commit
      == preset(
        Rules(
          maxLength: 72, placeholder: "Say something", commentPrefix: "#",
          endMarker: "# ------------------------ >8 ------------------------", lineRules: gitLines)))
  let text = configuration.resolve(uri: "file:///r/a.txt", languageId: "plaintext")
  #expect(text == Rules(maxLength: nil, unit: .utf8, placeholder: "Say something"))
  let both = configuration.resolve(
    uri: "file:///r/a.txt", languageId: "gitcommit", configured: RulePatch(policy: .truncate))
  #expect(
    both
      == preset(
        Rules(
          maxLength: nil, unit: .utf8, policy: .truncate, placeholder: "Say something", counterDigits: 3,
          commentPrefix: "#", endMarker: Preset.scissors, lineRules: gitLines))
  )
}
