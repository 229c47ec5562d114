import Testing

@testable import StableTextConventions
@testable import StableTextCore

/// The subject's counter agrees with the verdict (Protocol/README.md, "Code actions and hover",
/// "Inlay hints", "Completion"): hover over line 1, the inlay hint after it and completion's
/// "left" all count by the limit that decides the subject — commitlint's `header-max-length` in
/// UTF-16 code units, gitlint's T1 in code points, a line rule in its unit, whichever the subject
/// leaves the least of — and say "no limit" only when nothing limits a line.
@Suite struct SubjectCounterTests {
  /// Each case: team, message (line 1 the subject), then hover's line-1 line, the hint's label
  /// and completion's words for what the subject leaves.
  static let cases:
    [(team: CommitCompletionTests.Team, text: String, hover: String, hint: String, left: String)] = [
      // The preset alone: 50 columns (the 72-column error leaves more).
      (.none, "Add it\n", "Line 1: 6/50 columns", "6/50", "44 of 50 columns left"),
      // Only a .commitlintrc.json extending config-conventional: its 100 UTF-16 code units.
      (
        .conventional, "feat(cli): add a thing\n", "Line 1: 22/100 UTF-16 code units", "22/100",
        "78 of 100 UTF-16 code units left"
      ),
      // An emoji is two UTF-16 code units (and two columns, one cluster).
      (.custom, "feat: 😀 it\n", "Line 1: 11/20 UTF-16 code units", "11/20", "9 of 20 UTF-16 code units left"),
      (
        .custom, "feat: a subject well past it\n", "Line 1: 28/20 UTF-16 code units", "28/20",
        "8 over the limit of 20 UTF-16 code units"
      ),
      // gitlint's T1 counts code points: the emoji is one.
      (.gitlint, "Add 😀 thing\n", "Line 1: 11/30 Unicode scalars", "11/30", "19 of 30 Unicode scalars left"),
      // A line rule of 20 columns beside commitlint's 100: the subject meets the 20 first.
      (
        .conventionalAndLineRule, "feat(cli): add a thing\n", "Line 1: 22/20 columns", "22/20",
        "2 over the limit of 20 columns"
      ),
      (.conventionalAndLineRule, "feat: 漢字\n", "Line 1: 10/20 columns", "10/20", "10 of 20 columns left"),
      // The first filled line is line 1, after comments and blank lines.
      (
        .conventional, "# a comment\n\nfix: it\n", "Line 1: 7/100 UTF-16 code units", "7/100",
        "93 of 100 UTF-16 code units left"
      ),
    ]

  @Test(arguments: cases.indices) func hoverHintAndCompletionAgree(_ index: Int) throws {
    let test = Self.cases[index]
    let field = try CommitCompletionTests.field(test.text, test.team)
    let subjectStart = field.messageIndex.lineStart(field.messageIndex.firstNumbered!)
    let hover = RuleRegistry.withConventions.hoverLines(field, at: subjectStart, strong: { $0 })
    #expect(hover == [test.hover], "\(test.text.debugDescription)")
    let hints = field.inlayHints(in: 0...field.text.utf8Count)
    #expect(hints.map(\.label) == [test.hint], "\(test.text.debugDescription)")
    #expect(hints.first?.tooltip == test.hover)
    let subject = test.text.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty }!
    #expect(SubjectLimit.words(SubjectLimit.all(field.rules), after: subject) == test.left)
  }

  /// "no limit" only where no rule limits a line: plain text under the editor defaults says it;
  /// a commit message under commitlint, hovered on its blank line 2, gives the count alone (the
  /// final newline counted: these are the protocol's defaults).
  @Test func noLimitOnlyWhereNothingLimits() throws {
    let plain = StableTextField(
      text: "notes\n",
      rules: RuleConfiguration(defaults: .editor).resolve(uri: "file:///notes.txt", languageId: "plaintext"))
    #expect(
      RuleRegistry.withConventions.hoverLines(plain, at: 0, strong: { $0 }) == ["5 characters · no limit"])
    let message = try CommitCompletionTests.field("feat: it\n\nBody\n", .conventional)
    #expect(RuleRegistry.withConventions.hoverLines(message, at: 9, strong: { $0 }) == ["15 characters"])
    #expect(message.rules.limitsSomeLine && !plain.rules.limitsSomeLine)
  }

  /// The team's limits are a commit message's: a text file in the same repository (its rules
  /// carry the conventions found above it) gets no header counter, only its whole-text one.
  @Test func teamLimitsOnlyInCommitMessages() throws {
    let notes = try CommitCompletionTests.field(
      "feat(cli): add a thing\n", .conventional, uri: "file:///repo/notes.txt")
    #expect(notes.rules.conventions != nil && notes.rules.teamConventions == nil)
    #expect(notes.inlayHints(in: 0...notes.text.utf8Count).map(\.label) == ["23/150"])
    #expect(
      RuleRegistry.withConventions.hoverLines(notes, at: 0, strong: { $0 }) == [
        "23/150 characters · 127 remaining"
      ])
    #expect(SubjectLimit.all(notes.rules).isEmpty && !notes.rules.limitsSomeLine)
  }
}
