import Testing

@testable import StableTextConventions
@testable import StableTextCore

/// The checks of `@commitlint/ensure` (at commitlint 1fd1be00), case by case: the cases of its
/// own tests (`src/<file>.test.ts`) written here as rows, one per test, with the arguments and the
/// verdict each asserts, its title saying what it pins. `caseCounts` records how many cases each
/// file's tests have (rows, and the two that do not apply here); the table must hold exactly
/// those, so none can be dropped silently.
@Suite struct CommitlintEnsureTests {
  /// One call of an `ensure` function, with JavaScript's `undefined` as `nil`.
  enum Call: Sendable {
    case isCase(String?, String?)
    case inEnum(String?, CommitlintValue?)
    case maxLength(String?, Double?)
    case minLength(String?, Double?)
    case notEmpty(String?)
    case maxLineLength(String?, Double?)
  }

  enum Expected: Sendable {
    case holds
    case fails
    /// `expect(…).toThrow(TypeError)`: here, a case name `CommitlintCase(name:)` refuses.
    case throwsTypeError
  }

  struct EnsureRow: Sendable, CustomTestStringConvertible {
    var file: String
    var title: String
    var call: Call
    var expected: Expected

    init(_ file: String, _ title: String, _ call: Call, _ expected: Expected) {
      self.file = file
      self.title = title
      self.call = call
      self.expected = expected
    }

    var testDescription: String { "\(file).test.ts: \(title)" }
  }

  /// The tests in the order of their files.
  static let rows: [EnsureRow] = [
    EnsureRow("case", "true for no params", .isCase(nil, nil), .holds),
    EnsureRow("case", "true for empty", .isCase("", nil), .holds),
    EnsureRow("case", "true for lowercase", .isCase("a", nil), .holds),
    EnsureRow("case", "false for uppercase", .isCase("A", nil), .fails),
    EnsureRow("case", "true for lowercase on lowercase", .isCase("a", "lowercase"), .holds),
    EnsureRow("case", "false for uppercase on lowercase", .isCase("A", "lowercase"), .fails),
    EnsureRow("case", "true for * on lowercase", .isCase("*", "lowercase"), .holds),
    EnsureRow("case", "true for uppercase on uppercase", .isCase("A", "uppercase"), .holds),
    EnsureRow("case", "false for lowercase on uppercase", .isCase("a", "uppercase"), .fails),
    EnsureRow("case", "true for * on uppercase", .isCase("*", "uppercase"), .holds),
    EnsureRow(
      "case", "true for sentencecase on sentencecase", .isCase("Sentence case", "sentence-case"), .holds),
    EnsureRow(
      "case", "false for lowercase on sentencecase", .isCase("sentence case", "sentence-case"), .fails),
    EnsureRow("case", "true for UPPERCASE on sentencecase", .isCase("UPPERCASE", "sentence-case"), .holds),
    EnsureRow("case", "true for Start Case on sentencecase", .isCase("Start Case", "sentence-case"), .holds),
    EnsureRow("case", "true for PascalCase on sentencecase", .isCase("PascalCase", "sentence-case"), .holds),
    EnsureRow("case", "false for kebab-case on sentencecase", .isCase("kebab-case", "sentence-case"), .fails),
    EnsureRow("case", "false for snake_case on sentencecase", .isCase("snake_case", "sentence-case"), .fails),
    EnsureRow("case", "false for camelCase on sentencecase", .isCase("camelCase", "sentence-case"), .fails),
    EnsureRow("case", "true for * on sentence-case", .isCase("*", "sentence-case"), .holds),
    EnsureRow("case", "true for * on camel-case", .isCase("*", "camel-case"), .holds),
    EnsureRow("case", "true for * on kebab-case", .isCase("*", "kebab-case"), .holds),
    EnsureRow("case", "true for * on snake-case", .isCase("*", "snake-case"), .holds),
    EnsureRow("case", "true for * on pascal-case", .isCase("*", "pascal-case"), .holds),
    EnsureRow("case", "true for * on start-case", .isCase("*", "start-case"), .holds),
    EnsureRow(
      "case", "true for `Any_CASE_iN_back-quotes` on lowercase",
      .isCase("`Any_CASE_iN_back-quotes`", "lowercase"), .holds),
    EnsureRow(
      "case", "true for `Any_CASE_iN_back-quotes` on uppercase",
      .isCase("`Any_CASE_iN_back-quotes`", "uppercase"), .holds),
    EnsureRow(
      "case", "true for `Any_CASE_iN_back-quotes` on sentence-case",
      .isCase("`Any_CASE_iN_back-quotes`", "sentence-case"), .holds),
    EnsureRow(
      "case", "true for `Any_CASE_iN_back-quotes` on camel-case",
      .isCase("`Any_CASE_iN_back-quotes`", "camel-case"), .holds),
    EnsureRow(
      "case", "true for `Any_CASE_iN_back-quotes` on kebab-case",
      .isCase("`Any_CASE_iN_back-quotes`", "kebab-case"), .holds),
    EnsureRow(
      "case", "true for `Any_CASE_iN_back-quotes` on snake-case",
      .isCase("`Any_CASE_iN_back-quotes`", "snake-case"), .holds),
    EnsureRow(
      "case", "true for `Any_CASE_iN_back-quotes` on pascal-case",
      .isCase("`Any_CASE_iN_back-quotes`", "pascal-case"), .holds),
    EnsureRow(
      "case", "true for `Any_CASE_iN_back-quotes` on start-case",
      .isCase("`Any_CASE_iN_back-quotes`", "start-case"), .holds),
    EnsureRow(
      "case", "true for lowercase `Any_CASE_iN_back-quotes` lowercase on lowercase",
      .isCase("lowercase `Any_CASE_iN_back-quotes` lowercase", "lowercase"), .holds),
    EnsureRow(
      "case", "false for UPPERCASE `Any_CASE_iN_back-quotes` UPPERCASE on lowercase",
      .isCase("UPPERCASE `Any_CASE_iN_back-quotes` UPPERCASE", "lowercase"), .fails),
    EnsureRow(
      "case", "true for UPPERCASE `Any_CASE_iN_back-quotes` UPPERCASE on uppercase",
      .isCase("UPPERCASE `Any_CASE_iN_back-quotes` UPPERCASE", "uppercase"), .holds),
    EnsureRow(
      "case", "false for lowercase `Any_CASE_iN_back-quotes` lowercase on uppercase",
      .isCase("lowercase `Any_CASE_iN_back-quotes` lowercase", "uppercase"), .fails),
    EnsureRow(
      "case", "true for fooBar`Any_CASE_iN_back-quotes`fooBar on camel-case",
      .isCase("fooBar`Any_CASE_iN_back-quotes`fooBar", "camel-case"), .holds),
    EnsureRow(
      "case", "false for Foo Bar`Any_CASE_iN_back-quotes` Foo Bar on camel-case",
      .isCase("Foo Bar`Any_CASE_iN_back-quotes` Foo Bar", "camel-case"), .fails),
    EnsureRow(
      "case", "true for foo-bar`Any_CASE_iN_back-quotes`foo-bar on kebab-case",
      .isCase("foo-bar`Any_CASE_iN_back-quotes`foo-bar", "kebab-case"), .holds),
    EnsureRow(
      "case", "false for Foo Bar `Any_CASE_iN_back-quotes` Foo Bar on kebab-case",
      .isCase("Foo Bar `Any_CASE_iN_back-quotes` Foo Bar", "kebab-case"), .fails),
    EnsureRow(
      "case", "true for foo_bar`Any_CASE_iN_back-quotes`foo_bar on snake-case",
      .isCase("foo_bar`Any_CASE_iN_back-quotes`foo_bar", "snake-case"), .holds),
    EnsureRow(
      "case", "false for Foo Bar `Any_CASE_iN_back-quotes` Foo Bar on snake-case",
      .isCase("Foo Bar `Any_CASE_iN_back-quotes` Foo Bar", "snake-case"), .fails),
    EnsureRow(
      "case", "true for PascalCase`Any_CASE_iN_back-quotes`PascalCase on pascal-case",
      .isCase("PascalCase`Any_CASE_iN_back-quotes`PascalCase", "pascal-case"), .holds),
    EnsureRow(
      "case", "false for Foo Bar `Any_CASE_iN_back-quotes` Foo Bar on pascal-case",
      .isCase("Foo Bar `Any_CASE_iN_back-quotes` Foo Bar", "pascal-case"), .fails),
    EnsureRow(
      "case", "true for Foo Bar`Any_CASE_iN_back-quotes` Foo Bar on start-case",
      .isCase("Foo Bar `Any_CASE_iN_back-quotes`Foo Bar", "start-case"), .holds),
    EnsureRow(
      "case", "false for foo_bar`Any_CASE_iN_back-quotes`foo_bar on start-case",
      .isCase("foo_bar`Any_CASE_iN_back-quotes`foo_bar", "start-case"), .fails),
    EnsureRow(
      "case", "true for lowercase `Any_CASE_iN_back-quotes` `Any_CASE_iN_back-quotes` lowercase on lowercase",
      .isCase("lowercase `Any_CASE_iN_back-quotes` `Any_CASE_iN_back-quotes` lowercase", "lowercase"), .holds),
    EnsureRow(
      "case", "true for 'Any_CASE_iN_single-quotes' on lowercase",
      .isCase("'Any_CASE_iN_single-quotes'", "lowercase"), .holds),
    EnsureRow(
      "case", "true for \"Any_CASE_iN_double-quotes\" on lowercase",
      .isCase("\"Any_CASE_iN_double-quotes\"", "lowercase"), .holds),
    EnsureRow(
      "case", "true for `lowercasel\"'` on lowercase", .isCase("`lowercasel\"'`", "lowercase"), .holds),
    EnsureRow("case", "false for `LOWERCASE on lowercase", .isCase("`LOWERCASE", "lowercase"), .fails),
    EnsureRow("case", "true for numeric on camel-case", .isCase("1.0.0", "camel-case"), .holds),
    EnsureRow("case", "true for numeric on kebab-case", .isCase("1.0.0", "kebab-case"), .holds),
    EnsureRow("case", "true for numeric on snake-case", .isCase("1.0.0", "snake-case"), .holds),
    EnsureRow("case", "true for numeric on pascal-case", .isCase("1.0.0", "pascal-case"), .holds),
    EnsureRow("case", "true for numeric on uppercase", .isCase("1.0.0", "uppercase"), .holds),
    EnsureRow("case", "true for numeric on sentencecase", .isCase("1.0.0", "sentencecase"), .holds),
    EnsureRow("case", "true for numeric on lowercase", .isCase("1.0.0", "lowercase"), .holds),
    EnsureRow(
      "case", "throw TypeError for invalid case name", .isCase("anything", "someweirdcase"), .throwsTypeError),
    EnsureRow("enum", "false for no params", .inEnum(nil, nil), .fails),
    EnsureRow("enum", "false for not array enums", .inEnum("a", .string("a")), .fails),
    EnsureRow("enum", "true for a against a", .inEnum("a", .array([.string("a")])), .holds),
    EnsureRow("enum", "false for a against b", .inEnum("a", .array([.string("b")])), .fails),
    EnsureRow("enum", "true for a against a, b", .inEnum("a", .array([.string("a"), .string("b")])), .holds),
    EnsureRow("enum", "false for b against a", .inEnum("b", .array([.string("a")])), .fails),
    EnsureRow("enum", "true for b against b", .inEnum("b", .array([.string("b")])), .holds),
    EnsureRow("enum", "true for b against a, b", .inEnum("b", .array([.string("a"), .string("b")])), .holds),
    EnsureRow(
      "enum", "false for c against a, b", .inEnum("c", .array([.string("a"), .string("b")])), .fails),
    EnsureRow("max-length", "false for no params", .maxLength(nil, nil), .fails),
    EnsureRow("max-length", "true for a against 1", .maxLength("a", 1), .holds),
    EnsureRow("max-length", "false for ab against 0", .maxLength("a", 0), .fails),
    EnsureRow("max-length", "true for a against 2", .maxLength("a", 2), .holds),
    EnsureRow("max-length", "true for ab against 2", .maxLength("ab", 2), .holds),
    EnsureRow("min-length", "false for no params", .minLength(nil, nil), .fails),
    EnsureRow("min-length", "true for a against 1", .minLength("a", 1), .holds),
    EnsureRow("min-length", "false for ab against 0", .minLength("a", 0), .holds),
    EnsureRow("min-length", "true for a against 2", .minLength("a", 2), .fails),
    EnsureRow("min-length", "true for ab against 2", .minLength("ab", 2), .holds),
    EnsureRow("not-empty", "false for no params", .notEmpty(nil), .fails),
    EnsureRow("not-empty", "false for \"\"", .notEmpty(""), .fails),
    EnsureRow("not-empty", "true for a", .notEmpty("a"), .holds),
    EnsureRow("max-line-length", "false for no params", .maxLineLength(nil, nil), .fails),
    EnsureRow("max-line-length", "true for a against 1", .maxLineLength("a", 1), .holds),
    EnsureRow("max-line-length", "false for ab against 0", .maxLineLength("a", 0), .fails),
    EnsureRow("max-line-length", "true for a against 2", .maxLineLength("a", 2), .holds),
    EnsureRow("max-line-length", "true for ab against 2", .maxLineLength("ab", 2), .holds),
    EnsureRow("max-line-length", "false for ab/\nab/\nab 1", .maxLineLength("ab\nab\nab", 2), .holds),
    EnsureRow("max-line-length", "true for ab/\nab/\nab 2", .maxLineLength("ab\nab\nab", 2), .holds),
  ]

  /// Tests with no counterpart here, by file and title, with the reason.
  static let notPorted: [(file: String, title: String, reason: String)] = [
    ("index", "exports all checkers", "the JavaScript module's export list"),
    ("index", "rules export functions", "that the module's exports are JavaScript functions"),
  ]

  @Test(arguments: rows) func verdict(_ row: EnsureRow) {
    switch (row.call, row.expected) {
    case (.isCase(let raw, let name), .throwsTypeError):
      #expect(raw != nil && CommitlintCase(name: name ?? "lowercase") == nil)
    case (.isCase(let raw, let name), let expected):
      // `ensure()` is `ensure("", "lowercase")` (its parameters' defaults).
      let target = CommitlintCase(name: name ?? "lowercase")
      #expect(target != nil)
      #expect(target.map { CommitlintEnsure.isCase(raw ?? "", $0) } == (expected == .holds))
    case (.inEnum(let value, let enums), let expected):
      #expect(CommitlintEnsure.isInEnum(value, enums) == (expected == .holds))
    case (.maxLength(let value, let max), let expected):
      #expect(CommitlintEnsure.maxLength(value, max ?? .nan) == (expected == .holds))
    case (.minLength(let value, let min), let expected):
      #expect(CommitlintEnsure.minLength(value, min ?? .nan) == (expected == .holds))
    case (.notEmpty(let value), let expected):
      #expect(CommitlintEnsure.notEmpty(value) == (expected == .holds))
    case (.maxLineLength(let value, let max), let expected):
      #expect(CommitlintEnsure.maxLineLength(value, max ?? .nan) == (expected == .holds))
    }
  }

  /// The cases of each of ensure's test files: rows, and those not ported.
  static let caseCounts: [String: Int] = [
    "case": 59, "enum": 9, "index": 2, "max-length": 5, "max-line-length": 7, "min-length": 5, "not-empty": 3,
  ]

  @Test func holdsEveryCase() {
    var counts: [String: Int] = [:]
    for file in Self.rows.map(\.file) + Self.notPorted.map(\.file) { counts[file, default: 0] += 1 }
    #expect(counts == Self.caseCounts)
    #expect(Self.notPorted.count == 2)
    #expect(Self.rows.count + Self.notPorted.count == 90)
  }

  /// What commitlint's cases make of uncased scripts, Cyrillic, accents and `I'm` (commitlint
  /// #364, #3585, #4620): a text and the cases it is in (it is in no other). The verdicts are
  /// es-toolkit 1.51.0's functions and `ensure.case` run under Node 20: uncased text (Han) is in
  /// every case; Hangul is not in camel, kebab, snake, pascal or start case (those compare the
  /// NFD form, its jamo, with the text), nor is an accented Latin text (`deburr` drops the
  /// accents); `I'm` is `Im` to the word cases, so `I'm fine` is in sentence case alone.
  static let scripts: [(text: String, cases: Set<CommitlintCase>)] = [
    ("I'm fine", [.sentence]),
    ("I\u{2019}m Fine", [.sentence]),
    ("Äm Ne", [.sentence]),
    ("áb-har", [.lower]),
    ("ab\u{301}c", [.lower]),
    ("ТақыРып", [.pascal, .sentence]),
    ("Мав зуъ", [.sentence]),
    ("θέΜα", []),
    ("这是一次提交", Set(CommitlintCase.allCases)),
    ("한국", [.lower, .upper, .sentence]),
    ("обновлены все зависимости", [.lower]),
    ("ОБНОВЛЕНЫ ВСЕ ЗАВИСИМОСТИ", [.upper, .sentence, .start]),
    ("update зависимости", [.lower]),
    ("1ST place", Set(CommitlintCase.allCases)),
    ("xmlHttpRequest", [.camel]),
    ("XMLHttpRequest", [.sentence]),
    ("µs", [.lower, .camel, .kebab, .snake]),
    ("\u{10428}x", [.lower, .camel, .kebab, .pascal, .sentence, .snake, .start]),
    ("İstanbul", [.sentence]),
  ]

  @Test(arguments: scripts.indices) func scriptsAsCommitlintCasesThem(_ index: Int) {
    let (text, cases) = Self.scripts[index]
    for target in CommitlintCase.allCases {
      #expect(CommitlintEnsure.isCase(text, target) == cases.contains(target), "\(text) \(target)")
    }
  }

  /// The conversions themselves, where JavaScript's string functions differ from Swift's: the
  /// final sigma, a first scalar outside the BMP left as it is, `ß` upper-cased to `SS`, NFD
  /// before the word cases.
  @Test func conversions() {
    #expect(CommitlintEnsure.toCase("ΟΔΟΣ ΣΑΣ", .lower) == "οδος σας")
    #expect(CommitlintEnsure.toCase("ΟΔΟΣ", .kebab).unicodeScalars.last == "\u{03C2}")
    #expect(CommitlintEnsure.toCase("\u{10428}x", .sentence).unicodeScalars.first == "\u{10428}")
    #expect(CommitlintEnsure.toCase("ß", .upper) == "SS")
    #expect(CommitlintEnsure.toCase("ß", .kebab) == "ss")
    #expect(CommitlintEnsure.toCase("XMLHttpRequest 2nd", .kebab) == "xml-http-request-2nd")
    #expect(CommitlintEnsure.toCase("foo © bar 😀", .snake) == "foo_©_bar_😀")
    #expect(CommitlintEnsure.toCase("I'm here", .start) == "Im Here")
    #expect(
      Array(CommitlintEnsure.toCase("한", .camel).unicodeScalars) == ["\u{1112}", "\u{1161}", "\u{11AB}"])
    #expect(CommitlintEnsure.toCase("\u{1D400}bc d", .pascal) == "\u{1D400}bcD")
  }
}
