import Testing

@testable import StableTextCore

func at(_ line: Int, _ character: Int) -> TextPosition { TextPosition(line: line, character: character) }
func span(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> TextRange {
  TextRange(start: at(l1, c1), end: at(l2, c2))
}

/// The seed scenario: 150 graphemes of Korean and emoji.
@Test func seedScenarioAtTheLimit() {
  let unit = "안녕👋🏽🇰🇷"  // 4 graphemes
  let text = String(repeating: unit, count: 37) + "가나"  // 150
  let field = StableTextField(text: text, rules: Rules())
  #expect(field.length == 150)
  #expect(field.counter == "150/150")
  #expect(field.state.remaining == 0)
  // One more character is refused; so is a long paste; a deletion is always allowed.
  let end = field.text.utf8Count
  #expect(
    field.shouldChange(end..<end, replacementText: "다")
      == ChangeCheck(allowed: false, reason: .overLimit, length: 151, limit: 150, fitting: ""))
  #expect(
    field.shouldChange(0..<3, replacementText: "")
      == ChangeCheck(allowed: true, reason: nil, length: 149, limit: 150, fitting: nil))
  // Replacing one syllable with another keeps the length: allowed.
  #expect(field.shouldChange(0..<3, replacementText: "한").allowed)
  // A combining mark joins the cluster before it: the length stays 150, so it is allowed.
  #expect(
    field.shouldChange(end..<end, replacementText: "\u{301}")
      == ChangeCheck(allowed: true, reason: nil, length: 150, limit: 150, fitting: nil))
  // A second regional indicator next to a lone one does not lengthen either.
  let lone = StableTextField(text: "ab🇰", rules: Rules(maxLength: 3))
  #expect(lone.shouldChange(lone.text.utf8Count..<lone.text.utf8Count, replacementText: "🇷").allowed)
  #expect(lone.shouldChange(lone.text.utf8Count..<lone.text.utf8Count, replacementText: "🇷🇯").allowed == false)
}

@Test func shortTextStillCatchesALongPaste() {
  let field = StableTextField(text: "hi", rules: Rules(maxLength: 10))
  let check = field.shouldChange(2..<2, replacementText: " 👨‍👩‍👧‍👦 family photo")
  #expect(
    check == ChangeCheck(allowed: false, reason: .overLimit, length: 17, limit: 10, fitting: " 👨‍👩‍👧‍👦 famil"))
}

@Test func deletingIsAllowedWhenAlreadyOver() {
  let field = StableTextField(text: "abcdef", rules: Rules(maxLength: 3))
  #expect(field.shouldChange(0..<1, replacementText: "").allowed)
  #expect(field.shouldChange(0..<2, replacementText: "X").allowed)
  #expect(field.shouldChange(0..<1, replacementText: "XY").allowed == false)
  #expect(field.shouldChange(0..<1, replacementText: "XY").fitting == "X")
}

@Test func utf16RangesLikeNSRange() {
  let field = StableTextField(text: "😀ab", rules: Rules(maxLength: 3))
  #expect(
    field.shouldChange(utf16Range: 2..<3, replacementText: "")
      == ChangeCheck(allowed: true, reason: nil, length: 2, limit: 3, fitting: nil))
  #expect(field.shouldChange(utf16Range: 1..<2, replacementText: "") == nil)
  #expect(field.shouldChange(utf16Range: 4..<9, replacementText: "") == nil)
}

@Test func policies() throws {
  let edits = [FieldEdit(range: span(0, 3, 0, 3), text: "🇰🇷🇯🇵e\u{301}x")]
  var rejected = StableTextField(text: "abc", rules: Rules(maxLength: 5))
  let rejection = try rejected.apply(edits, in: .utf16)
  #expect(rejection == EditOutcome(applied: false, reason: .overLimit, edits: [], caretOffset: nil))
  #expect(rejected.text.string == "abc")

  var truncated = StableTextField(text: "abc", rules: Rules(maxLength: 5, policy: .truncate))
  let truncation = try truncated.apply(edits, in: .utf16)
  #expect(
    truncation
      == EditOutcome(
        applied: true, reason: .overLimit, edits: [AppliedEdit(range: span(0, 3, 0, 3), text: "🇰🇷🇯🇵")],
        caretOffset: 19, splices: [TextSplice(range: 3..<3, insertedCount: 16)]))
  #expect(truncated.text.string == "abc🇰🇷🇯🇵")

  var allowed = StableTextField(text: "abc", rules: Rules(maxLength: 5))
  let allowance = try allowed.apply(edits, in: .utf16, policy: .allow)
  #expect(allowance.applied && allowance.reason == .overLimit)
  #expect(allowed.text.string == "abc🇰🇷🇯🇵e\u{301}x")
  #expect(allowed.diagnostics.map(\.code) == [.overLimit])
}

@Test func truncateGoesEditByEditWithIntermediateResults() throws {
  var field = StableTextField(text: "0123\nxyz", rules: Rules(maxLength: 10, policy: .truncate))
  let outcome = try field.apply(
    [
      // The whole list would make 13 of 10, so each edit is cut against its own result:
      FieldEdit(range: span(1, 3, 1, 3), text: "ABC"),  // 8 + 3 > 10: cut to "AB"
      FieldEdit(range: span(0, 0, 0, 0), text: "한국"),  // nothing left: ""
      FieldEdit(range: span(0, 0, 0, 1), text: "z"),  // same length: applies whole
    ], in: .utf16)
  #expect(outcome.reason == .overLimit)
  #expect(
    outcome.edits == [
      AppliedEdit(range: span(1, 3, 1, 3), text: "AB"),
      AppliedEdit(range: span(0, 0, 0, 0), text: ""),
      AppliedEdit(range: span(0, 0, 0, 1), text: "z"),
    ])
  #expect(field.text.string == "z123\nxyzAB")
  #expect(outcome.caretOffset == 1)
}

@Test func invalidPositionsApplyNothing() {
  var field = StableTextField(text: "😀", rules: Rules())
  #expect(throws: FieldEditError(index: 1, error: .insideCodePoint(at(0, 3), .utf16))) {
    try field.apply(
      [FieldEdit(range: span(0, 0, 0, 0), text: "ab"), FieldEdit(range: span(0, 3, 0, 3), text: "x")],
      in: .utf16)
  }
  #expect(field.text.string == "😀")
}

@Test func fullTextEditsEchoWithoutRange() throws {
  var field = StableTextField(text: "old", rules: Rules(maxLength: 4, policy: .truncate))
  let outcome = try field.apply([FieldEdit(range: nil, text: "brand new")], in: .utf16)
  #expect(outcome.edits == [AppliedEdit(range: nil, text: "bran")])
  #expect(field.state.counter == "04/4")
}

@Test func stateForCounterAndPlaceholder() {
  let field = StableTextField(text: " \u{200B}\n", rules: Rules(maxLength: 150, placeholder: "Say hi"))
  #expect(
    field.state
      == FieldState(
        length: 3, limit: 150, unit: .graphemes, remaining: 147, overLimit: false, emptyAfterTrim: true,
        counter: "03/150",
        placeholder: "Say hi", placeholderVisible: true, lineCount: 2))
  #expect(StableTextField(text: "\u{FEFF}", rules: Rules()).state.placeholderVisible == false)
}

/// Under `reject`, a lengthening edit that was accepted never leaves the text over the limit;
/// under `truncate`, every cut is the longest whole-cluster prefix that fits.
@Test(arguments: [11, 12, 13] as [UInt64])
func policyProperties(seed: UInt64) throws {
  var rng = SeededGenerator(seed: seed)
  for policy in [LimitPolicy.reject, .truncate] {
    var field = StableTextField(text: "", rules: Rules(maxLength: 12, policy: policy))
    for _ in 0..<200 {
      let model = field.text.string
      let a = randomOffset(model, &rng)
      let b = randomOffset(model, &rng)
      let insert = randomText(&rng, maxPieces: 6)
      let start = field.text.position(of: min(a, b), in: .utf32)
      let end = field.text.position(of: max(a, b), in: .utf32)
      // Offsets between "\r" and "\n" clamp to the line's end: use the range as resolved.
      let range = try field.text.offsets(of: TextRange(start: start, end: end), in: .utf32)
      let before = field.length
      let outcome = try field.apply(
        [FieldEdit(range: TextRange(start: start, end: end), text: insert)], in: .utf32)
      let bytes = Array(model.utf8)
      func result(_ text: String) -> String {
        String(
          decoding: bytes[..<range.lowerBound] + Array(text.utf8) + bytes[range.upperBound...], as: UTF8.self)
      }
      let fullLength = result(insert).count
      if fullLength <= 12 || fullLength <= before {
        #expect(outcome.applied && outcome.reason == nil)
        #expect(field.text.string == result(insert))
        continue
      }
      #expect(outcome.reason == .overLimit)
      switch policy {
      case .reject:
        #expect(!outcome.applied)
        #expect(field.text.string == model)
      case .truncate:
        let applied = outcome.edits[0].text
        #expect(insert.hasPrefix(applied))
        #expect(field.text.string == result(applied))
        let fits = { (text: String) in result(text).count <= 12 || result(text).count <= before }
        #expect(fits(applied))
        // The next whole cluster would not have fitted.
        let clusters = Array(insert)
        let taken = Array(applied).count
        if taken < clusters.count {
          #expect(!fits(String(clusters[...taken])))
        }
      case .allow:
        break
      }
      if outcome.applied && field.length > before { #expect(field.length <= 12) }
    }
  }
}

/// The fitting prefix against a plain model: every whole-grapheme prefix of the paste, longest
/// first, inserted into a fresh field's text and counted whole; in every unit, with comment
/// lines and an end marker counted out, on pastes long enough to take many pieces.
@Test(arguments: [151, 152] as [UInt64])
func fittingPrefixAgreesWithTryingEveryPrefix(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let pieces = [
    "a", "bc ", "\n", "# note\n", "한", "e\u{301}", "🇰", "🇷", "\t", "\r\n", "👩\u{200D}👩", "\u{301}",
  ]
  for round in 0..<60 {
    let unit = LengthUnit.allCases[round % LengthUnit.allCases.count]
    let document = (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
    let paste = (0..<Int.random(in: 0...80, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
    let rules = Rules(
      maxLength: Int.random(in: 0...60, using: &rng), unit: unit, commentPrefix: round % 2 == 0 ? "#" : nil)
    let field = StableTextField(text: document, rules: rules)
    let a = randomOffset(document, &rng)
    let b = randomOffset(document, &rng)
    let range = min(a, b)..<max(a, b)
    let check = field.shouldChange(range, replacementText: paste)
    guard !check.allowed else { continue }
    let bytes = Array(document.utf8)
    func result(_ prefix: Substring) -> StableTextField {
      StableTextField(
        text: String(
          decoding: bytes[..<range.lowerBound] + Array(prefix.utf8) + bytes[range.upperBound...],
          as: UTF8.self),
        rules: rules)
    }
    let previous = field.length
    func fits(_ prefix: Substring) -> Bool {
      let length = result(prefix).length
      return length <= rules.maxLength! || length <= previous
    }
    var expected: String?
    var end = paste.endIndex
    while true {
      if fits(paste[..<end]) {
        expected = String(paste[..<end])
        break
      }
      guard end > paste.startIndex else { break }
      end = paste.index(before: end)
    }
    let context = "round \(round) in \(unit): \(document.debugDescription) + \(paste.debugDescription)"
    // Longer prefixes never count less (the usual case): the longest is the answer. Otherwise
    // ("Limit policies"): a prefix that fits and that the next cluster would not fit.
    let lengths = paste.indices.map { result(paste[..<$0]).length } + [result(paste[...]).length]
    if zip(lengths, lengths.dropFirst()).allSatisfy({ $0 <= $1 }) {
      #expect(check.fitting == expected, "\(context)")
    } else if let fitting = check.fitting {
      #expect(fitting.isEmpty || fits(paste.prefix(fitting.count)), "\(context)")
      if fitting.count < paste.count { #expect(!fits(paste.prefix(fitting.count + 1)), "\(context)") }
    }
  }
}
