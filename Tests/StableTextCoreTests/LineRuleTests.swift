import Testing

@testable import StableTextCore

private let gitTemplate = """

  # Please enter the commit message for your changes. Lines starting
  # with '#' will be ignored, and an empty message aborts the commit.
  #
  # On branch main
  # Changes to be committed:
  #\tmodified:   README.md
  #

  """

/// A field under the `gitCommit` preset, as the built-in override resolves it.
private func commitField(_ text: String, _ extra: RulePatch = RulePatch()) -> StableTextField {
  let rules = RuleConfiguration().resolve(
    uri: "file:///repo/.git/COMMIT_EDITMSG", languageId: "text", configured: extra)
  return StableTextField(text: text, rules: rules)
}

/// `code severity start-end message data`, positions as `line:character` in UTF-16.
private func describe(_ diagnostic: FieldDiagnostic, in field: StableTextField) -> String {
  let start = field.text.position(of: diagnostic.range.lowerBound, in: .utf16)
  let end = field.text.position(of: diagnostic.range.upperBound, in: .utf16)
  var data = ""
  if let fields = diagnostic.data?.fields {
    let values = fields.map { field -> String in
      switch field.value {
      case .int(let value): return String(value)
      case .string(let value): return value
      }
    }
    data = " {\(values.joined(separator: " "))}"
  }
  return
    "\(diagnostic.code.rawValue) \(diagnostic.severity.rawValue) \(start.line):\(start.character)-\(end.line):\(end.character) \(diagnostic.message)\(data)"
}

/// Commit messages under the preset: what each one gets, exactly.
@Test(arguments: [
  (
    "git's template alone is empty", gitTemplate,
    [
      "empty-after-trim 2 0:0-8:0 The text is empty after trimming whitespace and newlines; type some text to fill it in"
    ]
  ),
  ("a short subject and the template", "Fix the build" + gitTemplate, []),
  (
    "a subject of 60 columns", String(repeating: "s", count: 60) + gitTemplate,
    ["line-too-long 2 0:50-0:60 60/50 columns: 10 over the limit {0 60 50 columns}"]
  ),
  (
    "a subject of 80 columns is an error at 72", String(repeating: "s", count: 80) + "\n",
    ["line-too-long 1 0:72-0:80 80/72 columns: 8 over the limit {0 80 72 columns}"]
  ),
  (
    "Korean counts two columns", String(repeating: "한", count: 30) + "\n",
    ["line-too-long 2 0:25-0:30 60/50 columns: 10 over the limit {0 60 50 columns}"]
  ),
  (
    "a wide cluster that straddles the limit starts the range", String(repeating: "a", count: 49) + "한국\n",
    ["line-too-long 2 0:49-0:51 53/50 columns: 3 over the limit {0 53 50 columns}"]
  ),
  (
    "line 2 must be blank", "Subject\nbody right away\n",
    ["line-not-blank 2 1:0-1:15 line 2 should be blank {1}"]
  ),
  (
    "blank lines and comments before the subject do not shift it",
    "\n  \n# comment\n" + String(repeating: "x", count: 51) + "\n# note\nnot blank\n",
    [
      "line-too-long 2 3:50-3:51 51/50 columns: 1 over the limit {3 51 50 columns}",
      "line-not-blank 2 5:0-5:9 line 2 should be blank {5}",
    ]
  ),
  (
    "body lines at 72 columns, tabs to the next stop of 8",
    // Two words: a line of one word would be exempt (`longWords`).
    "Subject\n\n\t" + String(repeating: "b", count: 30) + " " + String(repeating: "b", count: 34) + "\nok\n",
    ["line-too-long 2 2:65-2:66 73/72 columns: 1 over the limit {2 73 72 columns}"]
  ),
  (
    "line 2 has no length rule, CRLF lines",
    "Subject\r\n" + String(repeating: "x", count: 80) + "\r\nthird\r\n",
    ["line-not-blank 2 1:0-1:80 line 2 should be blank {1}"]
  ),
  (
    "nothing after the scissors line counts",
    "Subject\n\nbody\n# ------------------------ >8 ------------------------\n"
      + String(repeating: "d", count: 200)
      + "\n",
    []
  ),
  (
    "long comment lines are ignored", "Subject\n\n# " + String(repeating: "c", count: 120) + "\n", []
  ),
])
func commitMessages(name: String, text: String, expected: [String]) {
  let field = commitField(text)
  #expect(field.diagnostics.map { describe($0, in: field) } == expected, "\(name)")
}

/// An 80-column subject, and `git cherry-pick -x`'s line for a 40-digit commit name.
private let subject80 = "Teach the commit-msg hook to read the trailer blocks git writes for cherry-picks"
private let picked = "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)"
private let subject80TooLong = "line-too-long 1 0:72-0:80 80/72 columns: 8 over the limit {0 80 72 columns}"

/// A message whose trailer block holds `(cherry picked from commit <hex>)` is a copy of another
/// commit's: its subject gets the `generated` exemption (Protocol/README.md, "Commit messages as
/// git writes them"); nothing else does, and the line counts only in the trailer block.
@Test(arguments: [
  ("cherry-pick -x of an 80-column subject", subject80 + "\n\nWhy.\n\n" + picked + "\n", []),
  ("the same subject without the trailer", subject80 + "\n\nWhy.\n", [subject80TooLong]),
  ("the trailer alone after the subject", subject80 + "\n\n" + picked + "\n", []),
  (
    "-x with a sign-off after it",
    subject80 + "\n\nWhy.\n\n" + picked + "\nSigned-off-by: A U Thor <a@example.org>\n",
    []
  ),
  (
    "a sign-off before it",
    subject80 + "\n\nWhy.\n\nSigned-off-by: A U Thor <a@example.org>\n" + picked + "\n",
    []
  ),
  ("a 4-digit name", subject80 + "\n\n(cherry picked from commit 0a1B)\n", []),
  (
    "a 64-digit name (SHA-256)",
    subject80 + "\n\n(cherry picked from commit " + String(repeating: "f", count: 64) + ")\n", []
  ),
  ("a 3-digit name", subject80 + "\n\n(cherry picked from commit 0a1)\n", [subject80TooLong]),
  (
    "a 65-digit name",
    subject80 + "\n\n(cherry picked from commit " + String(repeating: "f", count: 65) + ")\n",
    [subject80TooLong]
  ),
  ("not hex", subject80 + "\n\n(cherry picked from commit main)\n", [subject80TooLong]),
  (
    "text after the parenthesis", subject80 + "\n\n(cherry picked from commit abcd) too\n", [subject80TooLong]
  ),
  ("no closing parenthesis", subject80 + "\n\n(cherry picked from commit abcd\n", [subject80TooLong]),
  (
    "in a body paragraph that is not the last",
    subject80 + "\n\nProse\n" + picked + "\nmore prose.\n\nThe end.\n",
    [subject80TooLong]
  ),
  (
    "in a last paragraph of prose (under git's quarter)",
    subject80 + "\n\nOne\ntwo\nthree\nfour\n" + picked + "\n",
    [subject80TooLong]
  ),
  ("as a comment", subject80 + "\n\nWhy.\n\n# " + picked + "\n", [subject80TooLong]),
  (
    "other long lines are still reported",
    subject80 + "\n\n" + String(repeating: "b", count: 75) + " body\n\n" + picked + "\n",
    ["line-too-long 2 2:72-2:80 80/72 columns: 8 over the limit {2 80 72 columns}"]
  ),
])
func cherryPickedSubjects(name: String, text: String, expected: [String]) {
  let field = commitField(text)
  #expect(field.diagnostics.map { describe($0, in: field) } == expected, "\(name)")
}

/// Without `generated` in the exemptions a cherry-picked subject is held to its limits like any.
@Test func cherryPickedSubjectWithoutTheGeneratedExemption() {
  var patch = RulePatch()
  patch.exemptions = [.trailers, .longWords]
  let field = commitField(subject80 + "\n\nWhy.\n\n" + picked + "\n", patch)
  #expect(field.diagnostics.map { describe($0, in: field) } == [subject80TooLong])
}

/// On one line `line-not-blank` comes first; among exceeded limits the most severe wins, then
/// the smallest limit, then the first rule; other units count their own way.
@Test func lineRuleChoiceAndOrder() {
  let rules = [
    LineRule(lines: LineSpan(first: 2, last: nil), maxLength: 10, severity: .hint),
    LineRule(lines: LineSpan(first: 2, last: 2), blank: true, severity: .information),
    LineRule(lines: LineSpan(first: 2, last: 3), maxLength: 12, severity: .warning),
    LineRule(lines: LineSpan(first: 2, last: 3), maxLength: 11, severity: .warning),
    LineRule(lines: LineSpan(first: 3, last: 3), maxLength: 3, unit: .utf8, severity: .error),
  ]
  // Words, not one (a line of one word is exempt under the preset's `longWords`).
  let field = commitField(
    "S\n" + Array(repeating: "é", count: 7).joined(separator: " ") + "\n👋🏽 x\n", RulePatch(lineRules: rules))
  #expect(
    field.diagnostics.map { describe($0, in: field) } == [
      "line-not-blank 3 1:0-1:13 line 2 should be blank {1}",
      "line-too-long 2 1:11-1:13 13/11 columns: 2 over the limit {1 13 11 columns}",
      "line-too-long 1 2:0-2:6 10/3 bytes: 7 over the limit {2 10 3 utf8}",
    ])
}

@Test func messageLinesAreNumberedFromTheFirstNonBlankOne() {
  let field = commitField("\n# c\n \nSubject\n\n# c\nbody\n" + Preset.scissors + "\nafter")
  let kinds = field.messageLines.map { line -> String in
    switch line.kind {
    case .message(let number): return number.map(String.init) ?? "-"
    case .comment: return "#"
    case .ignored: return "x"
    }
  }
  #expect(kinds == ["-", "#", "-", "1", "2", "#", "3", "x", "x"])
}

/// With comments read, the length counts the message lines only, each with its terminator,
/// and the over-limit range starts in the message and runs to the document's end.
@Test func lengthCountsMessageLinesOnly() {
  let field = commitField("Hello\n# a comment that is long\nworld!\n", RulePatch(maxLength: .some(10)))
  #expect(field.length == 13)
  #expect(field.state.counter == "13/10")
  let overLimit = field.diagnostics.first!
  #expect(
    describe(overLimit, in: field)
      == "over-limit 1 2:4-3:0 13/10 characters: 3 over the limit {13 10 graphemes}")
  let ignoring = commitField(
    "Hello\n# a comment\n\nworld\n", RulePatch(maxLength: .some(12), ignoreFinalNewline: true))
  #expect(ignoring.length == 12)
  #expect(ignoring.diagnostics.isEmpty)
}

/// `preset: null` in a later layer turns the preset off everywhere, and a layer's own fields
/// apply after the preset it names.
@Test func presetLayers() {
  let off = commitField("x", RulePatch(preset: .some(nil)))
  #expect(off.rules == Rules.defaults)
  let configuration = RuleConfiguration(rules: RulePatch(maxLength: .some(40), preset: .some(.gitCommit)))
  let own = configuration.resolve(uri: "file:///notes.txt", languageId: "plaintext")
  #expect(own.maxLength == 40)
  #expect(own.commentPrefix == "#")
}

@Test(arguments: [
  ("1", LineSpan(first: 1, last: 1)), ("3-", LineSpan(first: 3, last: nil)),
  ("2-5", LineSpan(first: 2, last: 5)),
])
func lineSpansParse(text: String, span: LineSpan) {
  #expect(LineSpan(text) == span)
  #expect(span.description == text)
}

@Test(arguments: ["", "0", "-3", "3-2", "a", "1-2-3", " 1", "1 ", "+1", "١"])
func badLineSpans(text: String) {
  #expect(LineSpan(text) == nil)
}

@Test func braceExpansionIsBounded() {
  let pattern = String(repeating: "{a,b}", count: 9)
  #expect(Glob.alternativeCount(pattern) == 512)
  #expect(Glob.alternativeCount("{a,b,c}{d,e}") == 6)
}

/// The refusal names the real count (it said 257 for any count past 256), or says it is past
/// `Int.max` (64 groups of 2 and one of 3 overflow).
@Test(
  arguments: [
    ("{a,b}{c,d}", nil),
    (String(repeating: "{a,b}", count: 8), nil),
    (String(repeating: "{a,b}", count: 9), "got 512"),
    ("x{" + (1...257).map(String.init).joined(separator: ",") + "}", "got 257"),
    ("{" + (1...1000).map(String.init).joined(separator: ",") + "}/{a,b,c}", "got 3000"),
    (String(repeating: "{a,b}", count: 62), "got 4611686018427387904"),
    (String(repeating: "{a,b}", count: 64) + "{a,b,c}", "got more than 9223372036854775807"),
  ] as [(String, String?)])
func braceExpansionRefusalCounts(pattern: String, got: String?) {
  #expect(
    Glob.tooManyAlternatives(pattern)
      == got.map { "expected at most 256 alternatives from {a,b} groups, \($0)" })
}

/// Applies a fix's edits (non-overlapping, in order) to the field's text.
private func applying(_ fix: QuickFix, to field: StableTextField) -> String {
  var buffer = field.text
  for edit in fix.edits.reversed() { buffer.replace(edit.range, with: edit.text) }
  return buffer.string
}

@Test func rewrapParagraphs() {
  let long = "This paragraph is much too long for the body of a commit message and must be wrapped again."
  let text =
    "Subject\n\n" + long
    + "\nA second line.\n- a list item that is far too long to be left alone by the rewrap fix at all\n\n"
    + long + "\r\n# comment\n"
  let field = commitField(text)
  let fixes = field.quickFixes.filter { $0.kind == .rewrap }
  #expect(fixes.map(\.title) == ["Rewrap paragraph to 72 columns", "Rewrap paragraph to 72 columns"])
  let first = applying(fixes[0], to: field)
  #expect(
    first
      == "Subject\n\nThis paragraph is much too long for the body of a commit message and\nmust be wrapped again. A second line.\n- a list item that is far too long to be left alone by the rewrap fix at all\n\n"
      + long + "\r\n# comment\n")
  // The second paragraph keeps its own CRLF; applying a fix twice changes nothing more.
  let second = commitField(applying(fixes[1], to: field))
  #expect(second.text.string.contains("commit message and\r\nmust be wrapped again.\r\n# comment"))
  let again = commitField(first)
  let remaining = again.quickFixes.filter { $0.kind == .rewrap }
  #expect(remaining.map(\.title) == ["Rewrap paragraph to 72 columns"])
  #expect(commitField(applying(remaining[0], to: again)).quickFixes.filter { $0.kind == .rewrap }.isEmpty)
  // Each fix names the diagnostic it resolves.
  #expect(fixes[0].diagnostic?.code == .lineTooLong)
}

/// A rewrap asks whether to stop before each check, each paragraph and every `stopCheckPieces`
/// words, and stops when told, asking no more: a paragraph of 10,000 words is asked
/// 1 + 10,000 / 256 times whole; told to stop at the k-th look, the fixes are those of the
/// paragraphs finished by then.
@Test(arguments: [nil, 1, 2, 3, 20, 42, 43, 60, 81, 82])
func aRewrapStopsWhenTold(stopAtLook: Int?) {
  let paragraph = String(repeating: "word ", count: 9_999) + "word"
  let field = commitField("Subject\n\n" + paragraph + "\n\n" + paragraph + "\n")
  var looks = 0
  let fixes = field.quickFixes(
    for: { _ in true },
    stopping: {
      looks += 1
      return looks == stopAtLook
    }
  ).filter { $0.kind == .rewrap }
  let perParagraph = 1 + 10_000 / StableTextField.stopCheckPieces
  // The looks before the line check's paragraphs: one before each check that fixes, up to it.
  let before = RuleRegistry.core.fixing.firstIndex { $0 is LineRulesCheck }! + 1
  #expect(perParagraph == 40)
  switch stopAtLook {
  case nil:
    #expect(fixes.count == 2)
    #expect(looks == RuleRegistry.core.fixing.count + 2 * perParagraph)
  case let k?:
    #expect(looks == k)
    let finished = k <= before ? 0 : min(2, (k - before - 1) / perParagraph)
    #expect(fixes.count == finished)
  }
}

/// Only spaces, tabs and line terminators separate words: a vertical tab, a form feed, U+0085,
/// U+2028 and U+2029 end no line, so the rewrap keeps them in their words, where they were.
@Test func rewrapKeepsCharactersThatEndNoLine() throws {
  let keep = ["\u{B}", "\u{C}", "\u{85}", "\u{2028}", "\u{2029}"]
  var body = ""
  for (n, separator) in (keep + keep).enumerated() { body += "word\(n)\(separator)more text " }
  body += String(repeating: "filler ", count: 10)
  let field = commitField("Subject\n\n" + body + "\n")
  let fix = try #require(field.quickFixes.first { $0.kind == .rewrap })
  let wrapped = applying(fix, to: field)
  for (n, separator) in (keep + keep).enumerated() {
    #expect(wrapped.contains("word\(n)\(separator)more"), "\(separator.unicodeScalars.first!.value) was lost")
  }
  // Every space between words became a space or a line break (the body's last, trailing, went),
  // beside the three line breaks around the body.
  #expect(wrapped.filter { $0 == " " || $0 == "\n" }.count == body.filter { $0 == " " }.count - 1 + 3)
}

/// The rewrap's running length of a line that grows word by word equals counting the whole line,
/// in every unit, when pieces join the cluster before them (a combining mark after a space, a
/// joiner, an emoji modifier, a variation selector, a regional indicator's pair), and in
/// `twitter` (split at spaces) and `sms` (a tally) when URLs and encodings change across pieces.
@Test(arguments: [131, 132] as [UInt64])
func runningLengthAgreesWithCountingTheWholeText(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let pieces = [
    " ", "a", "word", "\u{301}", "\u{200D}", "👩", "🏽", "\u{FE0F}", "1", "\u{20E3}", "🇰", "🇷", "한", "\t",
    "\u{600}",
    "\u{C}", "\u{2028}", "ｗ",
    // URLs that form, grow and end across pieces and spaces (`twitter`); SMS's encodings.
    ".", "co", "http://", "中国", "/a", "x.com", "(", "@", "ä", "€",
  ]
  for unit in LengthUnit.allCases {
    for _ in 0..<(unit == .twitter || unit == .sms ? 600 : 60) {
      let tabSize = Int.random(in: 1...8, using: &rng)
      var running = RunningLength(unit, tabSize: tabSize)
      var text = ""
      for _ in 0..<Int.random(in: 0...16, using: &rng) {
        let piece =
          pieces.randomElement(using: &rng)!
          + (Bool.random(using: &rng) ? pieces.randomElement(using: &rng)! : "")
        #expect(running.length(appending: piece[...]) == unit.count((text + piece)[...], tabSize: tabSize))
        running.append(piece[...])
        text += piece
      }
      #expect(
        running.length == unit.count(text[...], tabSize: tabSize), "\(text.debugDescription) in \(unit)")
    }
  }
}

/// Rewrap is linear in the paragraph: four lines of `a a a …` just over a 32,000-column limit
/// (which took 53 s, the whole candidate line counted again for each word) rewrap at once, and
/// afterwards no line is over the limit.
@Test func rewrapOfLongLinesIsLinear() throws {
  let limit = 32_000
  let line = String(repeating: "a ", count: limit / 2 + 10)
  let rules = Rules(
    maxLength: nil, lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: limit)])
  let field = StableTextField(
    text: "Subject\n\n" + Array(repeating: line, count: 4).joined(separator: "\n"), rules: rules)
  let fix = try #require(field.quickFixes.first { $0.kind == .rewrap })
  let wrapped = StableTextField(text: applying(fix, to: field), rules: rules)
  #expect(wrapped.diagnostics.filter { $0.code == .lineTooLong }.isEmpty)
  #expect(wrapped.text.lineCount == 7)
}

@Test func insertBlankLine() {
  let field = commitField("Subject\r\nBody straight after\r\n")
  // No trim fix: it belongs to `empty-after-trim` alone (it used to offer removing the final CRLF).
  #expect(field.quickFixes.map(\.title) == ["Insert a blank line"])
  #expect(applying(field.quickFixes[0], to: field) == "Subject\r\n\r\nBody straight after\r\n")
  #expect(field.quickFixes[0].diagnostic?.code == .lineNotBlank)
}

/// Truncation with message lines leaves comments and the scissors part alone.
@Test func truncateWithMessageLines() {
  let text = "Hello world\n# keep me\nsecond line\n" + Preset.scissors + "\ndiff"
  let field = commitField(text, RulePatch(maxLength: .some(8), ignoreFinalNewline: true))
  let truncate = field.quickFixes.first { $0.kind == .truncate }
  #expect(truncate?.title == "Truncate to 8 characters")
  #expect(applying(truncate!, to: field) == "Hello wo\n# keep me\n" + Preset.scissors + "\ndiff")
  // Not offered when the crossing line's own terminator, which stays, would not fit.
  let tight = commitField("Hello world\nsecond", RulePatch(maxLength: .some(8)))
  #expect(tight.quickFixes.contains { $0.kind == .truncate } == false)
}

/// The byte-level line scan against a plain model: lines split by `\r\n`, `\n`, `\r`, classified
/// from their `String`s; the counted length against the message lines joined and counted by Swift.
@Test(arguments: [31, 32, 33] as [UInt64])
func messageLinesAgreeWithAStringModel(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let pieces = ["a", "# ", "#", " ", "\t", "\n", "\r\n", "\r", "한", "e\u{301}", "\u{3000}", "👋🏽", "x", "--"]
  let marker = "#--"
  for _ in 0..<300 {
    let text = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
    let unit = LengthUnit.allCases.randomElement(using: &rng)!
    let ignoreFinal = Bool.random(using: &rng)
    let field = StableTextField(
      text: text,
      rules: Rules(
        maxLength: 5, unit: unit, ignoreFinalNewline: ignoreFinal, commentPrefix: "#", endMarker: marker))
    // The model: split keeping terminators.
    var lines: [(content: String, terminator: String)] = []
    var current = ""
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      if scalar == "\r" && scalars.first == "\n" {
        scalars.removeFirst()
        lines.append((current, "\r\n"))
        current = ""
      } else if scalar == "\n" || scalar == "\r" {
        lines.append((current, String(scalar)))
        current = ""
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
    lines.append((current, ""))
    var kinds: [String] = []
    var ended = false
    var next = 1
    // Each message line counts with its own terminator: a `\r` and a `\n` that meet only because a
    // comment between them is left out do not become one `\r\n`.
    var counted: [String] = []
    for line in lines {
      if !ended && line.content == marker { ended = true }
      if ended {
        kinds.append("x")
      } else if line.content.hasPrefix("#") {
        kinds.append("#")
      } else {
        counted.append(line.content + line.terminator)
        if next == 1 && line.content.unicodeScalars.allSatisfy(Whitespace.contains) {
          kinds.append("-")
        } else {
          kinds.append(String(next))
          next += 1
        }
      }
    }
    let scanned = field.messageLines.map { line -> String in
      switch line.kind {
      case .message(let number): return number.map(String.init) ?? "-"
      case .comment: return "#"
      case .ignored: return "x"
      }
    }
    #expect(scanned == kinds, "\(text.debugDescription)")
    while counted.last == "" { counted.removeLast() }
    if ignoreFinal, let last = counted.last?.last, last.isNewline { counted[counted.count - 1].removeLast() }
    // A unit counted whole (sms) counts the message lines as one text.
    let expected =
      unit.measure.lineCount == .whole
      ? unit.count(counted.joined()[...]) : counted.reduce(0) { $0 + unit.count($1[...], tabSize: 8) }
    #expect(field.length == expected, "\(text.debugDescription) \(unit)")
  }
}

/// `maxDiagnostics` against a plain model built from the uncapped list: whole lines while they
/// fit the cap, then one `too-many-diagnostics` at the start of the first line left out, naming
/// every line from it on that has a line diagnostic. Texts of many blocks (a block is 256 lines),
/// rules that cover whole blocks in one unit (counted from the blocks' counts), in two units or
/// with `blank` rules (read line by line), comments and an end marker among the lines.
@Test(arguments: [141, 142, 143] as [UInt64])
func cappedLineDiagnosticsAgreeWithTheUncappedList(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let pieces = ["a", "word ", "long words here ", "한국", "\t", " ", "", "# comment", "e\u{301}e\u{301}"]
  let ruleSets: [[LineRule]] = [
    [LineRule(lines: LineSpan(first: 3, last: nil), maxLength: 5)],
    [
      LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 8, severity: .error),
      LineRule(lines: LineSpan(first: 2, last: 2), blank: true),
      LineRule(lines: LineSpan(first: 3, last: nil), maxLength: 6),
    ],
    [
      LineRule(lines: LineSpan(first: 2, last: 700), maxLength: 4, unit: .utf8),
      LineRule(lines: LineSpan(first: 300, last: nil), maxLength: 7, unit: .columns),
    ],
    [LineRule(lines: LineSpan(first: 5, last: nil), blank: true)],
    [
      LineRule(lines: LineSpan(first: 1, last: nil), blank: true),
      LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 3, unit: .graphemes),
    ],
  ]
  for round in 0..<12 {
    let lineCount = Int.random(in: 200...1_500, using: &rng)
    var lines: [String] = []
    for _ in 0..<lineCount {
      lines.append(
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined())
    }
    if round % 3 == 0 { lines.insert("#--", at: Int.random(in: 0..<lines.count, using: &rng)) }
    let text = lines.joined(separator: round % 2 == 0 ? "\n" : "\r\n")
    var rules = Rules(
      maxLength: nil, commentPrefix: "#", endMarker: "#--", lineRules: ruleSets[round % ruleSets.count])
    let uncapped = StableTextField(text: text, rules: rules).lineDiagnostics
    for cap in [1, 2, 7, 100, Int.random(in: 1...uncapped.count + 1, using: &rng)] {
      rules.maxDiagnostics = cap
      let field = StableTextField(text: text, rules: rules)
      // The model: whole lines of the uncapped list while they fit.
      var expected: [FieldDiagnostic] = []
      var index = 0
      while index < uncapped.count {
        let line = uncapped[index].line!.index
        let sameLine = uncapped[index...].prefix { $0.line!.index == line }
        if expected.count + sameLine.count > cap {
          let omitted = Set(uncapped[index...].map { $0.line!.index }).count
          let start = uncapped[index].line!.start
          #expect(field.diagnostics.last?.message == "\(omitted) more lines break a line rule", "cap \(cap)")
          #expect(field.diagnostics.last?.range == start..<start)
          #expect(field.diagnostics.last?.severity == .information)
          #expect(field.diagnostics.last?.data?.int("omitted") == omitted)
          break
        }
        expected += sameLine
        index += sameLine.count
      }
      let reported = field.diagnostics.filter { $0.code != .tooManyDiagnostics }
      #expect(reported == expected, "round \(round), cap \(cap)")
      #expect(field.diagnostics.contains { $0.code == .tooManyDiagnostics } == (index < uncapped.count))
      // Uncapped, one at a time: the whole list.
      var streamed: [FieldDiagnostic] = []
      field.forEachDiagnostic { streamed.append($0) }
      #expect(streamed == uncapped)
    }
  }
}

/// Spans of any 64-bit line numbers are read; what is wrong with the others is said.
@Test(arguments: [
  ("1234567890123456789", "1234567890123456789"), ("1-9223372036854775807", "1-9223372036854775807"),
  ("3-", "3-"),
  ("2-4", "2-4"),
])
func lineSpansOfAnyLineNumber(text: String, read: String) {
  #expect(LineSpan(text)?.description == read)
}

/// The rewrap's pieces: words split at spaces, tabs and terminators, and between clusters of
/// which one is breakable wide (Han, kana, fullwidth forms, wide emoji; never Hangul, by a
/// cluster's first scalar, conjoining jamo included); a line break between two breakable wide
/// clusters is removed without a space, any other becomes one.
@Test(arguments: [
  ("a b", ["a", " b"]), ("한국어", ["한국어"]), ("中文字", ["中", "文", "字"]), ("かな漢字", ["か", "な", "漢", "字"]),
  ("ＡＢ", ["Ａ", "Ｂ"]), ("a中b", ["a", "中", "b"]), ("a한b", ["a한b"]), ("a👋b", ["a", "👋", "b"]),
  ("ab 中国", ["ab", " 中", "国"]), ("ab 한국", ["ab", " 한국"]), ("한국어 한국어", ["한국어", " 한국어"]),
  ("中\n国", ["中", "国"]), ("中\r\n国", ["中", "国"]), ("中 \n国", ["中", " 国"]), ("a\n国", ["a", " 国"]),
  ("中\nb", ["中", " b"]), ("한\n국", ["한", " 국"]), ("한\r\n국", ["한", " 국"]), ("中\n한", ["中", " 한"]),
  ("한\n中", ["한", " 中"]), ("한국어中文", ["한국어", "中", "文"]), ("中文한국어", ["中", "文", "한국어"]),
  ("漢字한글漢字", ["漢", "字", "한글", "漢", "字"]),
  // Conjoining jamo (각 각, a leading jamo first), compatibility jamo, halfwidth Hangul.
  ("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}\u{11A8}", ["\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}\u{11A8}"]),
  ("中\u{1100}\u{1161}\u{11A8}", ["中", "\u{1100}\u{1161}\u{11A8}"]), ("ㅋㅋㅋ", ["ㅋㅋㅋ"]), ("ﾡﾢﾣ", ["ﾡﾢﾣ"]),
  ("ꥠꥡ", ["ꥠꥡ"]), ("\t x  y\n", ["x", " y"]), ("e\u{301}中", ["e\u{301}", "中"]),
])
func rewrapPiecesBreakBetweenBreakableWideClusters(text: String, pieces: [String]) {
  #expect(StableTextField.rewrapPieces(text[...]).map { $0.glue + $0.text } == pieces)
}

/// The one predicate rewrap and `longWords` share: wide and not Hangul, by the cluster's first
/// scalar, at both ends of each Hangul range.
@Test(arguments: [
  ("中", true), ("か", true), ("カ", true), ("。", true), ("Ａ", true), ("👋", true), ("a", false), ("ｶ", false),
  ("\u{1100}", false), ("\u{115F}", false), ("\u{1100}\u{1161}", false), ("\u{3131}", false),
  ("\u{318E}", false), ("\u{A960}", false), ("\u{A97C}", false), ("\u{AC00}", false), ("\u{D7A3}", false),
  ("\u{D7B0}", false), ("\u{FFA0}", false), ("\u{FFDC}", false), ("\u{3130}", false), ("\u{3190}", true),
  ("\u{A980}", false), ("\u{D7FB}", false), ("\u{AC00}\u{FE0F}", false), ("\u{2E80}", true),
])
func breakableWideClusters(cluster: Character, breakable: Bool) {
  #expect(BreakableWide.contains(cluster) == breakable)
  let bytes = Array(String(cluster).utf8)
  let fromBytes = bytes.withUnsafeBufferPointer {
    BreakableWide.contains(width: DisplayWidth.of(cluster), bytes: $0)
  }
  #expect(fromBytes == breakable)
}

/// In `twitter` a word holding a `.` is one piece (it may be a URL, which is not to be cut, and
/// a piece of it at a time was quadratic in the word); other words still break between
/// breakable wide clusters, and a Korean word stays whole.
@Test(arguments: [
  ("中.国 한국", ["中.国", " 한국"]), ("http://x.com/中文 中文", ["http://x.com/中文", " 中", "文"]),
  ("中。国", ["中", "。", "国"]), ("한국.kr 한국어", ["한국.kr", " 한국어"]),
])
func rewrapPiecesKeepDottedWordsInTwitter(text: String, pieces: [String]) {
  #expect(
    StableTextField.rewrapPieces(text[...], keepingDottedWords: true).map { $0.glue + $0.text } == pieces)
}

/// Rewrap to the largest limits is linear in the paragraph under `twitter` and `sms` (each word
/// was tried on the whole candidate line counted again: 48 KB of CJK words with dots took 8 s in
/// a release build, 100 segments of short words in `sms` over a second), and afterwards no line is
/// over the limit and only whitespace changed.
@Test(arguments: [
  (LengthUnit.twitter, 10_000, "ab"), (.twitter, 10_000, "http://x.com/a"),
  (.twitter, 10_000, String(repeating: "中.", count: 50)), (.sms, 100, "ab"),
])
func rewrapIsLinearInEveryUnit(unit: LengthUnit, limit: Int, word: String) throws {
  let rules = Rules(
    maxLength: nil, lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: limit, unit: unit)])
  let body = Array(repeating: word, count: 48_000 / (word.utf8.count + 1)).joined(separator: " ")
  let field = StableTextField(text: "Subject\n\n" + body, rules: rules)
  let fix = try #require(field.quickFixes.first { $0.kind == .rewrap })
  let wrapped = StableTextField(text: applying(fix, to: field), rules: rules)
  #expect(wrapped.diagnostics.filter { $0.code == .lineTooLong }.isEmpty)
  #expect(wrapped.text.lineCount > 3)
  #expect(
    wrapped.text.string.split(whereSeparator: \.isWhitespace)
      == field.text.string.split(whereSeparator: \.isWhitespace))
}

/// A Chinese or Japanese paragraph can be rewrapped: afterwards no line of it passes the limit,
/// the text is the same less the line breaks, and a second rewrap changes nothing.
@Test func rewrapOfACJKParagraph() throws {
  let sentence = "这是一个很长的句子，用来测试提交信息的正文能否在七十二列处重新换行。"
  let body =
    Array(repeating: sentence, count: 4).joined() + "\n" + Array(repeating: sentence, count: 2).joined()
  let field = commitField("Subject\n\n" + body + "\n")
  let fix = try #require(field.quickFixes.first { $0.kind == .rewrap })
  let wrapped = commitField(applying(fix, to: field))
  #expect(wrapped.diagnostics.filter { $0.code == .lineTooLong }.isEmpty)
  let lines = wrapped.text.string.split(separator: "\n").dropFirst()
  #expect(lines.allSatisfy { LengthUnit.columns.count($0, tabSize: 8) <= 72 })
  #expect(lines.joined() == body.replacingNewlines())
  #expect(wrapped.quickFixes.contains { $0.kind == .rewrap } == false)
}

/// "Rewrap paragraph to 72 columns" on a Korean body of `한국어 한국어 …` (issue 40): lines of
/// whole words (10 words are 69 columns, 11 are 76), never `한` at one line's end and `국어` at
/// the next one's start; rewrapped, nothing is over the limit and nothing is left to rewrap.
@Test func rewrapOfAKoreanBodyKeepsItsWords() throws {
  let words = Array(repeating: "한국어", count: 30)
  let field = commitField("Subject\n\n" + words.joined(separator: " ") + "\n")
  let fix = try #require(field.quickFixes.first { $0.kind == .rewrap })
  #expect(fix.title == "Rewrap paragraph to 72 columns")
  let line = Array(repeating: "한국어", count: 10).joined(separator: " ")
  #expect(applying(fix, to: field) == "Subject\n\n\(line)\n\(line)\n\(line)\n")
  let wrapped = commitField(applying(fix, to: field))
  #expect(wrapped.diagnostics.isEmpty)
  #expect(wrapped.quickFixes.isEmpty)
}

/// One paragraph rewrapped under a line rule in a unit: the limit is `cjk` times what one CJK
/// cluster weighs in that unit plus `ascii` (a space weighs 1 in all of them), so each case
/// wraps alike in every unit.
struct CJKRewrap: Sendable, CustomTestStringConvertible {
  var name: String
  var body: String
  var cjk: Int
  var ascii: Int
  var lines: [String]
  var testDescription: String { name }
}

private let cjkRewraps: [CJKRewrap] = [
  // 8 clusters and a space: two words fit, and `한국어 한국어 한국` would too.
  CJKRewrap(
    name: "Korean words stay whole", body: "한국어 한국어 한국어 한국어", cjk: 8, ascii: 1,
    lines: ["한국어 한국어", "한국어 한국어"]),
  CJKRewrap(
    name: "a line break between Korean words becomes a space", body: "한국어\n한국어 한국어 한국어", cjk: 8,
    ascii: 1, lines: ["한국어 한국어", "한국어 한국어"]),
  CJKRewrap(
    name: "a Korean word longer than the limit sits alone", body: "가 나다라마바사아자차카 타", cjk: 5, ascii: 0,
    lines: ["가", "나다라마바사아자차카", "타"]),
  CJKRewrap(
    name: "Chinese breaks between ideographs, a removed break joins them", body: "中文中文中\n文中文中文", cjk: 4,
    ascii: 0, lines: ["中文中文", "中文中文", "中文"]),
  CJKRewrap(
    name: "Japanese breaks between kana and kanji", body: "これは\n日本語の文です。", cjk: 6, ascii: 0,
    lines: ["これは日本語", "の文です。"]),
  CJKRewrap(
    name: "fullwidth forms break between them", body: "全角ＡＢＣＤ", cjk: 3, ascii: 0, lines: ["全角Ａ", "ＢＣＤ"]),
  CJKRewrap(
    name: "a Korean word after Chinese moves whole", body: "中文 대한민국", cjk: 4, ascii: 0,
    lines: ["中文", "대한민국"]),
  CJKRewrap(
    name: "Korean and Chinese in one word break beside the Chinese only", body: "한국어中文\n中文한국어", cjk: 4,
    ascii: 0, lines: ["한국어中", "文中文", "한국어"]),
]

/// Korean, Chinese, Japanese and mixed paragraphs rewrapped in every unit but `sms` (below):
/// exactly the lines each case names; no line passes the limit but a Korean word longer than it,
/// alone; the text is the same less whitespace; rewrapping again changes nothing.
@Test(
  arguments: cjkRewraps,
  [
    (LengthUnit.graphemes, 1), (.utf16, 1), (.scalars, 1), (.columns, 2), (.twitter, 2), (.utf8, 3),
    (.bytes, 3),
  ])
func rewrapOfCJKParagraphsInEveryUnit(paragraph: CJKRewrap, unit: (LengthUnit, Int)) throws {
  let (unit, weight) = unit
  try expectRewrap(
    paragraph.body, unit: unit, limit: paragraph.cjk * weight + paragraph.ascii, gives: paragraph.lines)
}

/// The same in `sms` to one segment: a line of Korean, Chinese or Japanese is UCS-2, at most 70
/// code units.
@Test(arguments: [
  // 17 words are 67 units, `… 한국` would be 70.
  (
    Array(repeating: "한국어", count: 20).joined(separator: " "),
    [Array(repeating: "한국어", count: 17).joined(separator: " "), "한국어 한국어 한국어"]
  ),
  ("가 " + String(repeating: "나", count: 75) + " 다", ["가", String(repeating: "나", count: 75), "다"]),
  (
    String(repeating: "中", count: 100) + "\n" + String(repeating: "文", count: 50),
    [
      String(repeating: "中", count: 70),
      String(repeating: "中", count: 30) + String(repeating: "文", count: 40),
      String(repeating: "文", count: 10),
    ]
  ),
  (String(repeating: "の", count: 66) + " 대한민국", [String(repeating: "の", count: 66), "대한민국"]),
])
func rewrapOfCJKParagraphsInSMS(body: String, lines: [String]) throws {
  try expectRewrap(body, unit: .sms, limit: 1, gives: lines)
}

/// Rewraps `body`, the paragraph of "Subject\n\n`body`\n" under a rule of `limit` in `unit` from
/// line 3 on, and checks it gives `lines`, then what must hold of any rewrap.
private func expectRewrap(_ body: String, unit: LengthUnit, limit: Int, gives lines: [String]) throws {
  let rules = Rules(
    maxLength: nil, lineRules: [LineRule(lines: LineSpan(first: 3, last: nil), maxLength: limit, unit: unit)])
  let field = StableTextField(text: "Subject\n\n" + body + "\n", rules: rules)
  let fix = try #require(field.quickFixes.first { $0.kind == .rewrap }, "\(unit) to \(limit)")
  #expect(
    applying(fix, to: field) == "Subject\n\n" + lines.joined(separator: "\n") + "\n", "\(unit) to \(limit)")
  let wrapped = StableTextField(text: applying(fix, to: field), rules: rules)
  for line in lines where line.contains(" ") || line.contains(where: { BreakableWide.contains($0) }) {
    #expect(unit.count(line[...], tabSize: 8) <= limit, "\(unit) to \(limit): \(line)")
  }
  #expect(
    wrapped.text.string.filter { !$0.isWhitespace } == field.text.string.filter { !$0.isWhitespace })
  #expect(!wrapped.quickFixes.contains { $0.kind == .rewrap }, "\(unit) to \(limit)")
}

/// `longWords` through the line diagnostics, in every unit: a Korean word without spaces (as
/// syllables, conjoining jamo or compatibility jamo) is one word and exempt; a Chinese or
/// Japanese line, fullwidth forms, a Korean word with a Han character in it and Korean words
/// with spaces are not. Without the exemption every line is reported.
@Test(
  arguments: [
    (String(repeating: "가나다", count: 30), true), ("- " + String(repeating: "가나다", count: 30), true),
    ("  " + String(repeating: "가나다", count: 30) + " ", true),
    (String(repeating: "\u{1100}\u{1161}\u{11A8}", count: 80), true),
    (String(repeating: "ㅋ", count: 80), true),
    ("https://example.com/" + String(repeating: "a", count: 200), true),
    (String(repeating: "中文", count: 40), false), (String(repeating: "日本語のテキスト", count: 10), false),
    (String(repeating: "가나다", count: 30) + "中", false), (String(repeating: "ＡＢ", count: 40), false),
    (Array(repeating: "한국어", count: 30).joined(separator: " "), false),
  ], LengthUnit.allCases)
func longWordsExemptsKoreanWordsNotChineseLines(line: (String, exempt: Bool), unit: LengthUnit) {
  var rules = Rules(
    maxLength: nil,
    lineRules: [
      LineRule(lines: LineSpan(first: 3, last: nil), maxLength: unit == .sms ? 1 : 5, unit: unit)
    ])
  let text = "Subject\n\n" + line.0 + "\nok\n"
  #expect(StableTextField(text: text, rules: rules).lineDiagnostics.map { $0.data?.int("line") } == [2])
  rules.exemptions = [.longWords]
  #expect(
    StableTextField(text: text, rules: rules).lineDiagnostics.map { $0.data?.int("line") }
      == (line.exempt ? [] : [2]))
}

extension String {
  fileprivate func replacingNewlines() -> String { split(separator: "\n").joined() }
}

/// A line rule's `minLength`: filled message lines shorter than it get `under-limit` over their
/// content (blank lines and comments are not held to it), found through the per-block shortest
/// line, kept in step by edits, and capped like the other line diagnostics.
@Test func lineRulesMinimum() throws {
  var rule = LineRule(lines: LineSpan(first: 2, last: nil), unit: .graphemes)
  rule.minLength = 3
  let rules = Rules(maxLength: nil, commentPrefix: "#", lineRules: [rule])
  let field = StableTextField(text: "subject\n\nab\n# c\nabcd\n  \nx", rules: rules)
  let found = field.lineDiagnostics
  #expect(found.map(\.code) == [.underLimit, .underLimit])
  #expect(
    found.map(\.message) == ["2/3 characters: 1 under the minimum", "1/3 characters: 2 under the minimum"])
  #expect(found.map(\.range) == [9..<11, 24..<25])
  #expect(found[0].data == .lineTooLong(line: 2, length: 2, limit: 3, unit: .graphemes))
  #expect(found.allSatisfy { $0.severity == .warning })

  // Deep in a long text: the blocks that hold no short line are stepped over, not this one.
  var lines = Array(repeating: "abcdef", count: 3_000)
  lines[2_500] = "ab"
  var long = StableTextField(text: lines.joined(separator: "\n"), rules: rules)
  #expect(
    long.lineDiagnostics.map(\.data) == [.lineTooLong(line: 2_500, length: 2, limit: 3, unit: .graphemes)])
  let at = TextPosition(line: 2_500, character: 2)
  try long.apply([FieldEdit(range: TextRange(start: at, end: at), text: "cd")], in: .utf16, policy: .allow)
  #expect(long.lineDiagnostics.isEmpty)
  let other = TextRange(
    start: TextPosition(line: 100, character: 1), end: TextPosition(line: 100, character: 6))
  try long.apply([FieldEdit(range: other, text: "")], in: .utf16, policy: .allow)
  #expect(
    long.lineDiagnostics.map(\.data) == [.lineTooLong(line: 100, length: 1, limit: 3, unit: .graphemes)])
  #expect(long.invariantViolations() == [])

  // Past the cap: whole lines, then how many more break a rule (counted line by line).
  var capped = Rules(maxLength: nil, lineRules: [rule])
  capped.maxDiagnostics = 3
  let short = StableTextField(
    text: (["subject"] + Array(repeating: "a", count: 10)).joined(separator: "\n"), rules: capped)
  #expect(short.diagnostics.map(\.code) == [.underLimit, .underLimit, .underLimit, .tooManyDiagnostics])
  #expect(short.diagnostics.last?.message == "7 more lines break a line rule")

  // Both bounds in one rule, and the exemptions: a generated subject is not held to either.
  var both = LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 10, unit: .columns)
  both.minLength = 5
  var subject = Rules(maxLength: nil, lineRules: [both])
  subject.exemptions = [.generated]
  #expect(
    StableTextField(text: "Fix", rules: subject).lineDiagnostics.map(\.message) == [
      "3/5 columns: 2 under the minimum"
    ])
  #expect(StableTextField(text: "Merge branch 'x' into y and more", rules: subject).lineDiagnostics.isEmpty)
  #expect(
    StableTextField(text: "A subject far too long", rules: subject).lineDiagnostics.map(\.code) == [
      .lineTooLong
    ])
}
