import Dispatch
import Testing

@testable import StableTextCore

// Every memo and shortcut of the core checked against a plain model on the texts that broke
// them: lone `\r` and `\n`, `\r\n`, keycaps (an ASCII digit, U+FE0F, U+20E3), variation
// selectors after ASCII and after emoji, ZWJ runs, regional indicators. What invalidates each
// fast path is written beside it (docs/fast-paths.md).

/// Pieces whose joins and splits change line structure or cluster widths.
let adversarialFragments = [
  "\r", "\n", "\r\n", "\r", "\n", "a", "Q", "xyz", " ", "\t", "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}",
  "1\u{FE0F}", "*\u{FE0F}", "\u{FE0F}", "\u{20E3}", "©\u{FE0F}", "❤\u{FE0F}", "©", "👨\u{200D}👩\u{200D}👧",
  "\u{200D}", "👩", "🇰", "🇷", "e\u{301}", "\u{301}", "한", "😀", "\u{FE0E}", "\u{B}", "\u{C}", "\u{85}",
  "\u{2028}", "\u{2029}",
]

/// A text of `count` adversarial pieces.
func adversarialText(_ rng: inout SeededGenerator, count: Int) -> String {
  (0..<count).map { _ in adversarialFragments.randomElement(using: &rng)! }.joined()
}

/// Code units of `scalar` in `encoding`.
private func units(_ scalar: Unicode.Scalar, _ encoding: PositionEncoding) -> Int {
  switch encoding {
  case .utf8: return UTF8.width(scalar)
  case .utf16: return UTF16.width(scalar)
  case .utf32: return 1
  }
}

/// LSP's resolution of a position, the plain way: the line's start from a scan of the whole
/// text, then its scalars walked one by one. `nil` inside a code point.
func modelOffset(of position: TextPosition, in text: String, _ encoding: PositionEncoding) -> Int? {
  let starts = modelLineStarts(text)
  let bytes = Array(text.utf8)
  guard position.line < starts.count else { return bytes.count }
  var offset = starts[position.line]
  // The content's end: before the terminator.
  var end = position.line + 1 < starts.count ? starts[position.line + 1] : bytes.count
  if end > offset && bytes[end - 1] == 0x0A { end -= 1 }
  if end > offset && bytes[end - 1] == 0x0D { end -= 1 }
  var counted = 0
  let content = String(decoding: bytes[offset..<end], as: UTF8.self)
  for scalar in content.unicodeScalars {
    if counted == position.character { return offset }
    let width = units(scalar, encoding)
    if counted + width > position.character { return nil }
    counted += width
    offset += UTF8.width(scalar)
  }
  return offset
}

/// A change list applied the plain way: each change resolved against the previous result, all
/// or nothing. `nil` when any change is invalid.
func modelApply(_ changes: [ContentChange], to text: String, _ encoding: PositionEncoding) -> String? {
  var text = text
  for change in changes {
    var bytes = Array(text.utf8)
    var range = 0..<bytes.count
    if let clientRange = change.range {
      guard let start = modelOffset(of: clientRange.start, in: text, encoding),
        let end = modelOffset(of: clientRange.end, in: text, encoding), start <= end
      else { return nil }
      range = start..<end
    }
    bytes.replaceSubrange(range, with: Array(change.text.utf8))
    text = String(decoding: bytes, as: UTF8.self)
  }
  return text
}

/// The client's view of where an edit ended: the position of the inserted text's end in the new
/// text, computed from the model.
private func modelPosition(of offset: Int, in text: String, _ encoding: PositionEncoding) -> TextPosition {
  let starts = modelLineStarts(text)
  let line = starts.lastIndex(where: { $0 <= offset })!
  let prefix = String(decoding: Array(text.utf8)[starts[line]..<offset], as: UTF8.self)
  return TextPosition(line: line, character: prefix.unicodeScalars.reduce(0) { $0 + units($1, encoding) })
}

/// The typed-position memo (`TextBuffer.caretMemo`) may only ever decline: after every change
/// list, made of typing where the last edit ended, deletions that join a `\r` before them to a
/// `\n` after them, inserts of `\n` after `\r` and the reverse, and edits anywhere, the buffer
/// holds the model's text, and every position a client could send next resolves as the model
/// resolves it (the previous change's own start among them, as the editor sends it).
/// One text is long enough to hold several chunks, so a walk from the caret crosses a chunk's
/// edge.
@Test(arguments: zip([101, 102, 103, 104] as [UInt64], [40, 40, 40, 700]))
func typedPositionMemoOnlyDeclines(seed: UInt64, fragments: Int) {
  var rng = SeededGenerator(seed: seed)
  for encoding in PositionEncoding.allCases {
    var model = adversarialText(&rng, count: fragments)
    var buffer = TextBuffer(model)
    var lastStart = TextPosition(line: 0, character: 0)
    var caret = lastStart
    for step in 0..<500 {
      var changes: [ContentChange] = []
      var starts: [TextPosition] = []
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        var start: TextPosition
        switch Int.random(in: 0..<9, using: &rng) {
        case 0, 1: start = caret
        case 2: start = lastStart
        case 3:
          start = TextPosition(
            line: caret.line, character: caret.character + Int.random(in: 1...2, using: &rng))
        case 4:
          // A backspace's start, or a few units back (inside a code point, sometimes).
          start = TextPosition(
            line: caret.line, character: max(0, caret.character - Int.random(in: 1...3, using: &rng)))
        case 5: start = TextPosition(line: lastStart.line + 1, character: 0)
        default:
          start = modelPosition(of: randomOffset(model, &rng), in: model, encoding)
        }
        // Deletions up to the next line's start or a few units on (a `\r` before and a `\n` after
        // meet), or nothing deleted.
        let end: TextPosition
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
          end = TextPosition(
            line: start.line, character: start.character + Int.random(in: 1...4, using: &rng))
        case 1: end = TextPosition(line: start.line, character: start.character + 1000)
        default: end = start
        }
        let text: String
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: text = ""
        case 1: text = ["\n", "\r", "\r\n"].randomElement(using: &rng)!
        default: text = adversarialFragments.randomElement(using: &rng)!
        }
        changes.append(ContentChange(range: TextRange(start: start, end: end), text: text))
        starts.append(start)
      }
      let expected = modelApply(changes, to: model, encoding)
      do {
        try buffer.apply(changes, in: encoding)
        #expect(expected != nil, "step \(step): applied \(changes) but the model refuses it")
      } catch {
        #expect(expected == nil, "step \(step): refused \(changes): \(error)")
      }
      #expect(buffer.invariantViolations() == [])
      guard let expected else {
        #expect(buffer.string == model, "a refused list changed the text")
        continue
      }
      #expect(buffer.string == expected, "step \(step) in \(encoding): \(changes)")
      if buffer.string != expected { return }
      // Where the client believes its last edit ended: after its text, in the new text.
      let beforeLast = modelApply(Array(changes.dropLast()), to: model, encoding)!
      model = expected
      lastStart = starts.last!
      if let start = modelOffset(of: lastStart, in: beforeLast, encoding) {
        caret = modelPosition(of: start + changes.last!.text.utf8.count, in: model, encoding)
      }
      // A fresh buffer of the same text has no memo: its snapped offsets are the reference.
      let fresh = TextBuffer(model)
      for probe in [
        caret, TextPosition(line: caret.line, character: caret.character + 1), lastStart,
        TextPosition(line: lastStart.line + 1, character: 0), TextPosition(line: caret.line, character: 0),
        TextPosition(line: caret.line, character: max(0, caret.character - 1)),
        TextPosition(line: caret.line, character: max(0, caret.character - 2)),
      ] {
        #expect(
          (try? buffer.offset(of: probe, in: encoding)) == modelOffset(of: probe, in: model, encoding),
          "\(probe) in \(encoding) of \(model.debugDescription) at step \(step)")
        #expect(
          buffer.snappedOffset(of: probe, in: encoding) == fresh.snappedOffset(of: probe, in: encoding),
          "snapped \(probe) in \(encoding) at step \(step)")
      }
    }
  }
}

/// The case: `"a\rXYZ\nb"`, delete `XYZ` (the `\r` and `\n` become one terminator), then
/// type `Q` at the position just deleted from, in the same list and in the next.
@Test(arguments: PositionEncoding.allCases)
func deletionThatJoinsCRLFForgetsTheTypedPosition(encoding: PositionEncoding) throws {
  let delete = ContentChange(
    range: TextRange(start: TextPosition(line: 1, character: 0), end: TextPosition(line: 1, character: 3)),
    text: "")
  let insert = ContentChange(
    range: TextRange(start: TextPosition(line: 1, character: 0), end: TextPosition(line: 1, character: 0)),
    text: "Q")
  var together = TextBuffer("a\rXYZ\nb")
  try together.apply([delete, insert], in: encoding)
  #expect(together.string == "a\r\nQb")
  var apart = TextBuffer("a\rXYZ\nb")
  try apart.apply([delete], in: encoding)
  try apart.apply([insert], in: encoding)
  #expect(apart.string == "a\r\nQb")
  #expect(apart.lineCount == 2)
}

/// The width the contract gives a cluster, computed the plain way: its first scalar's width from
/// the table, 2 when the second scalar is U+FE0F whatever the first is.
private func modelWidth(_ cluster: Character) -> Int {
  let scalars = Array(cluster.unicodeScalars)
  if scalars.count > 1 && scalars[1] == "\u{FE0F}" { return 2 }
  return DisplayWidth.of(scalars[0])
}

/// A line's columns the plain way: tab stops every `tabSize` from the line's start.
private func modelColumns(_ content: String, tabSize: Int) -> Int {
  var column = 0
  for cluster in content {
    column += cluster == "\t" ? tabSize - column % tabSize : modelWidth(cluster)
  }
  return column
}

/// Splits text into line contents, the plain way.
private func modelLines(_ text: String) -> [String] {
  let starts = modelLineStarts(text)
  let bytes = Array(text.utf8)
  return starts.indices.map { i in
    var end = i + 1 < starts.count ? starts[i + 1] : bytes.count
    if end > starts[i] && bytes[end - 1] == 0x0A { end -= 1 }
    if end > starts[i] && bytes[end - 1] == 0x0D { end -= 1 }
    return String(decoding: bytes[starts[i]..<end], as: UTF8.self)
  }
}

/// Every way the core measures columns (the character width, the unit's count, the layout's
/// cluster reader and its whole-ASCII-line path, the per-line facts of line rules) agrees with
/// the plain model, on keycaps, variation selectors after ASCII and emoji, ZWJ runs and tabs.
@Test(arguments: [111, 112, 113] as [UInt64])
func columnWidthsAgreeWithThePlainModel(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  for _ in 0..<300 {
    let text = adversarialText(&rng, count: Int.random(in: 0...24, using: &rng))
    let tabSize = Int.random(in: 1...9, using: &rng)
    let lines = modelLines(text)
    let expected = lines.map { modelColumns($0, tabSize: tabSize) }
    // The unit's count over the whole text: the sum of its lines'.
    #expect(
      LengthUnit.columns.count(text[...], tabSize: tabSize) == expected.reduce(0, +),
      "\(text.debugDescription)")
    // The layout's reader, unwrapped: one row as wide as the line.
    for (line, content) in lines.enumerated() {
      let layout = LineLayout(content[...], options: WrapOptions(columns: nil, tabSize: tabSize))
      #expect(layout.rowWidths == [expected[line]], "\(content.debugDescription)")
    }
    // Row counts read from the rope (a whole-ASCII line takes a shortcut) against the general
    // layout of the same line.
    let wrap = WrapOptions(columns: Int.random(in: 1...6, using: &rng), wrap: .char, tabSize: min(tabSize, 6))
    let buffer = TextBuffer(text)
    let counted = buffer.rowCounts(of: 0..<buffer.lineCount, options: wrap)
    #expect(
      counted == lines.map { Int32(LineLayout($0[...], options: wrap).rowCount) }, "\(text.debugDescription)")
    // The per-line facts of a columns line rule, through the field.
    let field = StableTextField(
      text: text,
      rules: Rules(
        maxLength: nil, lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 1)],
        tabSize: tabSize))
    for (line, content) in lines.enumerated() {
      guard let summary = field.lineSummary(at: buffer.lineStart(line)) else { continue }
      #expect(summary.length == expected[line], "\(content.debugDescription) tab \(tabSize)")
    }
  }
  // The figures: 26 keycaps are 52 columns, `1` + U+FE0F is 2.
  #expect(LengthUnit.columns.count(String(repeating: "1\u{FE0F}\u{20E3}", count: 26)[...], tabSize: 8) == 52)
  #expect(DisplayWidth.of(Character("1\u{FE0F}")) == 2)
}

/// `TextBuffer` and `StableTextField` are `Sendable` values: reading one from eight threads at
/// once gives every thread the answers one thread gets (the test command runs this suite under
/// ThreadSanitizer too, which fails on any race).
@Test func oneBufferReadFromEightThreads() {
  var rng = SeededGenerator(seed: 121)
  let text = (0..<4_000).map { _ in ["a line\n", "x\r\n", "\r", "한국어 🇰🇷\n", "\n"].randomElement(using: &rng)! }
    .joined()
  let buffer = TextBuffer(text)
  let field = StableTextField(
    text: text,
    rules: Rules(maxLength: 100, lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 3)]))
  let starts = modelLineStarts(text)
  let lineCount = buffer.lineCount
  let diagnostics = field.diagnostics.count
  let wrong = Counter()
  DispatchQueue.concurrentPerform(iterations: 8) { thread in
    var rng = SeededGenerator(seed: UInt64(thread))
    var errors = 0
    for _ in 0..<20_000 {
      let line = Int.random(in: 0..<lineCount, using: &rng)
      if buffer.lineStart(line) != starts[line] { errors += 1 }
      let position = TextPosition(line: line, character: Int.random(in: 0...3, using: &rng))
      if (try? buffer.offset(of: position, in: .utf16)) == nil { errors += 1 }
    }
    if field.diagnostics.count != diagnostics || field.length != field.text.count(.graphemes) { errors += 1 }
    wrong.add(errors)
  }
  #expect(wrong.value == 0)
}

/// A total the threads above add to (the test's own shared state, behind a serial queue).
private final class Counter: @unchecked Sendable {
  private let queue = DispatchQueue(label: "counter")
  private var total = 0
  func add(_ n: Int) { queue.sync { total += n } }
  var value: Int { queue.sync { total } }
}

/// The break scanner's two shortcuts against the recognizer fed every scalar, on runs that
/// repeat one scalar and on text that mixes every rule that looks back past a pair (conjuncts
/// with viramas, ZWJ sequences, regional indicators, prepended marks, jamo): the repeated
/// scalar answered without the recognizer gives the same break and the same state at every
/// scalar; and wherever `state(after:breakingBefore:)` claims a cluster starts between two
/// scalars, the recognizer breaks there and is in the state it returns.
@Test(arguments: [41, 42, 43] as [UInt64])
func breakScannerShortcutsAgreeWithTheRecognizer(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let pieces = [
    "क", "्", "ष", "\u{93C}", "\u{94D}\u{200D}", "\u{200C}", "ि", "ং", "ক", "্", "\u{600}", "\u{110BD}",
    "\u{301}", "\u{301}\u{301}\u{301}", "\u{FE0F}", "\u{FE0F}\u{FE0F}", "\u{200D}", "👨", "👩\u{200D}👧", "🏽",
    "🇰", "🇷", "🇰🇷🇯", "\u{1100}", "\u{1100}\u{1100}", "\u{1161}", "\u{11A8}", "각", "가", "漢", "a", "\r", "\n",
    "🏴", "\u{E0067}", "\u{E007F}", "©", "\u{20E3}", "ß",
  ]
  var claims = 0
  for _ in 0..<200 {
    let text = (0..<Int.random(in: 1...60, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
    let scalars = Array(text.unicodeScalars)
    var plain = Unicode._CharacterRecognizer()
    var scanner = BreakScanner(Unicode._CharacterRecognizer())
    for (i, scalar) in scalars.enumerated() {
      let breaks = plain.hasBreak(before: scalar)
      #expect(scanner.hasBreak(before: scalar) == breaks, "\(text.unicodeScalars.map { $0.value }) at \(i)")
      #expect(scanner.state == plain, "\(text.unicodeScalars.map { $0.value }) at \(i)")
      if i > 0, let claimed = BreakScanner.state(after: scalars[i - 1], breakingBefore: scalar) {
        claims += 1
        #expect(breaks, "\(text.unicodeScalars.map { $0.value }) at \(i)")
        #expect(claimed == plain, "\(text.unicodeScalars.map { $0.value }) at \(i)")
      }
    }
  }
  #expect(claims > 1_000)
}

/// Line breaks counted a word at a time against one byte at a time, on text dense with `\r`,
/// `\n` and `\r\n` across word edges, for every end and limits falling in every byte of the
/// first three words (a `\r` at a word's last byte or at `end` looks at the byte after); and a
/// line's start read back from the end against the count from the start.
@Test func lineBreakWordsCountLikeBytes() {
  var rng = SeededGenerator(seed: 77)
  for _ in 0..<300 {
    let bytes: [UInt8] = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
      [0x0D, 0x0A, 0x0D, 0x61, 0x0A, 0x0D][Int.random(in: 0..<6, using: &rng)]
    }
    bytes.withUnsafeBufferPointer { buffer in
      for end in 0...bytes.count {
        for limit in [1, 2, 5, 8, 9, 12, 16, 17, 23, Int.max] {
          var breaks = 0
          var i = 0
          while i < end {
            let byte = bytes[i]
            i += 1
            if byte == 0x0A || (byte == 0x0D && (i == bytes.count || bytes[i] != 0x0A)) {
              breaks += 1
              if breaks == limit { break }
            }
          }
          let counted = LineBreakWord.count(in: buffer, before: end, stoppingAfter: limit)
          #expect(counted.breaks == breaks && counted.offset == i, "\(bytes) end \(end) limit \(limit)")
        }
      }
      // A line's start read from the nearer end (`lineStart`'s way) against the count from the
      // start, for every line.
      let total = LineBreakWord.count(in: buffer, before: bytes.count, stoppingAfter: .max).breaks
      for n in stride(from: 1, through: total, by: 1) {
        #expect(
          LineBreakWord.start(afterBreak: n, of: total, in: buffer)
            == LineBreakWord.count(in: buffer, before: bytes.count, stoppingAfter: n).offset,
          "\(bytes) line \(n)")
      }
    }
  }
}
