import Testing

@testable import StableTextCore

/// The counters of `StableTextField.inlayHints` (Protocol/README.md, "Inlay hints"): which lines
/// get one under each mode, where it goes (UTF-8 offsets), and the range's both ends included.
@Suite struct InlayHintsCoreTests {
  static func field(_ text: String, _ mode: InlayHintsMode, maxLength: Int? = nil) -> StableTextField {
    var project = RulePatch()
    project.inlayHints = mode
    if let maxLength { project.maxLength = .some(maxLength) }
    let rules = RuleConfiguration(defaults: .editor).resolve(
      uri: "file:///repo/.git/COMMIT_EDITMSG", languageId: "gitcommit",
      files: FileLayers(projectRules: project))
    return StableTextField(text: text, rules: rules)
  }

  /// Each case: text, mode, limit, then `offset label` for each hint over the whole text.
  static let cases: [(text: String, mode: InlayHintsMode, maxLength: Int?, expected: [String])] = [
    ("# comment\nAdd it\n\nBody\n", .subject, nil, ["16 6/50"]),
    ("# comment\nAdd it\n\nBody\n", .all, nil, ["16 6/50", "22 4/72"]),
    ("# comment\nAdd it\n\nBody\n", .off, 30, []),
    // git drops leading blank lines: the subject is the first filled line.
    ("\nBody\n", .subject, nil, ["5 4/50"]),
    // No subject yet (git drops blank lines, so none is line 1): nothing to count.
    ("\n# comment\n", .subject, nil, []),
    ("漢字\n", .subject, 10, ["6 4/50", "7 02/10"]),
    ("Add it\r\n\r\nBody\r\n", .all, nil, ["6 6/50", "14 4/72"]),
  ]

  @Test(arguments: 0..<cases.count) func eachCase(_ index: Int) {
    let test = Self.cases[index]
    let field = Self.field(test.text, test.mode, maxLength: test.maxLength)
    let hints = field.inlayHints(in: 0...field.text.utf8Count)
    #expect(hints.map { "\($0.offset) \($0.label)" } == test.expected, "\(test.text.debugDescription)")
  }

  /// A hint at either end of the range is in it; one past either end is not.
  @Test func bothEndsIncluded() {
    let field = Self.field("Add it\n", .subject, maxLength: 150)
    #expect(field.inlayHints(in: 6...6).map(\.label) == ["6/50"])
    #expect(field.inlayHints(in: 0...5).map(\.label) == [])
    #expect(field.inlayHints(in: 7...7).map(\.label) == ["06/150"])
  }

  /// A request gets at most `maxLineHints` line counters, the first of its range, and the
  /// whole-text counter besides.
  @Test func lineCountersAreBounded() {
    let lines = StableTextField.maxLineHints * 2
    let text = "Add it\n\n" + String(repeating: "body\n", count: lines)
    let field = Self.field(text, .all, maxLength: 100_000)
    let hints = field.inlayHints(in: 0...field.text.utf8Count)
    #expect(hints.count == StableTextField.maxLineHints + 1)
    #expect(hints.first?.label == "6/50")
    #expect(hints.last?.offset == field.text.utf8Count)
    // Asked from the middle, the first of that range.
    let middle = field.inlayHints(in: 8 + 5 * 100...field.text.utf8Count)
    #expect(middle.first?.offset == 8 + 5 * 100 + 4)
    #expect(middle.count == StableTextField.maxLineHints + 1)
  }
}
