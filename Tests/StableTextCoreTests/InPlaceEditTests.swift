import Testing

@testable import StableTextCore

// A keystroke edits its chunk's bytes in place (`RopeChunk.splice`) and re-measures a window
// read from the edited bytes and the removed ones. Checked here against `String` as the plain
// model on the joins that change clusters and lines: a flag's halves brought together, a lone
// `\r` meeting a `\n`, a keycap completed, a ZWJ run joined, a cluster longer than a chunk.

/// Lines as the rope counts them: `\r\n`, `\r` and `\n` each end one.
private func modelLineCount(_ text: String) -> Int {
  text.reduce(1) { $0 + ($1 == "\n" || $1 == "\r" || $1 == "\r\n" ? 1 : 0) }
}

/// The buffer's counts against the model's, and the rope's rules.
private func expectAgrees(_ buffer: TextBuffer, _ model: String, _ note: String) {
  #expect(buffer.string == model, "\(note): text")
  #expect(buffer.count(.graphemes) == model.count, "\(note): Characters")
  #expect(buffer.count(.utf16) == model.utf16.count, "\(note): UTF-16")
  #expect(buffer.count(.scalars) == model.unicodeScalars.count, "\(note): scalars")
  #expect(buffer.utf8Count == model.utf8.count, "\(note): UTF-8")
  #expect(buffer.lineCount == modelLineCount(model), "\(note): lines")
  #expect(buffer.invariantViolations() == [], "\(note): invariants")
}

struct InPlaceCase: Sendable, CustomTestStringConvertible {
  var name: String
  var before: String
  /// The edit's UTF-8 range and text.
  var range: Range<Int>
  var text: String
  var characters: Int
  var lines: Int
  var testDescription: String { name }

  static let all: [InPlaceCase] = [
    // `a🇰x🇷b` less the `x`: the two indicators pair into one flag, 3 Characters (not 4).
    InPlaceCase(name: "flag halves joined", before: "a🇰x🇷b", range: 5..<6, text: "", characters: 3, lines: 1),
    InPlaceCase(name: "flag split", before: "a🇰🇷b", range: 5..<5, text: "x", characters: 5, lines: 1),
    // A third indicator before a flag re-pairs it: 🇰 then 🇷🇯 pair differently.
    InPlaceCase(
      name: "indicator put before a flag", before: "a🇷🇯b", range: 1..<1, text: "🇰", characters: 4, lines: 1),
    InPlaceCase(
      name: "lone CR meets LF", before: "ab\rcd", range: 3..<3, text: "\n", characters: 5, lines: 2),
    InPlaceCase(name: "CR LF parted", before: "ab\r\ncd", range: 3..<3, text: "x", characters: 7, lines: 3),
    InPlaceCase(
      name: "CR taken from CR LF", before: "ab\r\ncd", range: 2..<3, text: "", characters: 5, lines: 2),
    InPlaceCase(
      name: "keycap completed", before: "x1y", range: 2..<2, text: "\u{FE0F}\u{20E3}", characters: 3, lines: 1
    ),
    // The selector taken out: the enclosing keycap still extends the digit.
    InPlaceCase(
      name: "keycap's selector taken out", before: "x1\u{FE0F}\u{20E3}y", range: 2..<5, text: "",
      characters: 3,
      lines: 1),
    InPlaceCase(
      name: "keycap taken apart", before: "x1\u{FE0F}\u{20E3}y", range: 5..<5, text: "z", characters: 4,
      lines: 1),
    InPlaceCase(
      name: "ZWJ run joined", before: "👨x👩", range: 4..<5, text: "\u{200D}", characters: 1, lines: 1),
    InPlaceCase(
      name: "ZWJ run parted", before: "👨\u{200D}👩\u{200D}👧", range: 7..<7, text: "x", characters: 3, lines: 1),
    InPlaceCase(
      name: "mark joins the letter before", before: "abc", range: 1..<1, text: "\u{301}", characters: 3,
      lines: 1),
    InPlaceCase(
      name: "huge cluster", before: "a" + String(repeating: "\u{301}", count: 1500) + "b", range: 1..<3,
      text: "", characters: 2, lines: 1),
    InPlaceCase(
      name: "huge cluster cut from its base", before: "a" + String(repeating: "\u{301}", count: 1500) + "b",
      range: 0..<1, text: "", characters: 2, lines: 1),
  ]
}

/// Each join and split, in a text of one chunk and in the middle of a text of many (the edit
/// then touches one chunk of several: the in-place path, with states carried to the chunks after).
@Test(arguments: InPlaceCase.all)
func inPlaceEditsCountLikeTheModel(_ edit: InPlaceCase) {
  let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 120)
  for (prefix, suffix) in [("", ""), (filler, "\n" + filler)] {
    var buffer = TextBuffer(prefix + edit.before + suffix)
    let copy = buffer
    let shift = prefix.utf8.count
    let removed = buffer.replace(
      (edit.range.lowerBound + shift)..<(edit.range.upperBound + shift), with: edit.text)
    let utf8 = Array(edit.before.utf8)
    var after = utf8
    after.replaceSubrange(edit.range, with: Array(edit.text.utf8))
    let model = prefix + String(decoding: after, as: UTF8.self) + suffix
    #expect(removed == String(decoding: utf8[edit.range], as: UTF8.self), "\(edit.name): removed text")
    expectAgrees(buffer, model, edit.name)
    if prefix.isEmpty {
      #expect(buffer.count(.graphemes) == edit.characters, "\(edit.name): Characters")
      #expect(buffer.lineCount == edit.lines, "\(edit.name): lines")
    }
    // The copy taken before the edit still holds the old text: an edit in place never writes
    // into a chunk another buffer shares.
    #expect(copy.string == prefix + edit.before + suffix, "\(edit.name): the copy")
    #expect(copy.invariantViolations() == [], "\(edit.name): the copy's invariants")
  }
}

/// Keystrokes on adversarial text of many chunks: a fragment typed or the scalar before the
/// caret taken out, a caret that jumps; after every keystroke the counts are the model's and
/// the rope keeps its rules. Most keystrokes take the in-place path; some reach a chunk's edge.
@Test(arguments: [51, 52, 53] as [UInt64])
func keystrokesInPlaceAgreeWithTheModel(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  var model = adversarialText(&rng, count: 2400)
  var buffer = TextBuffer(model)
  #expect(buffer.rope.chunkCount > 3)
  var caret = model.utf8.count / 2
  for step in 0..<400 {
    var utf8 = Array(model.utf8)
    if Int.random(in: 0..<20, using: &rng) == 0 {
      caret = Int.random(in: 0...utf8.count, using: &rng)
    }
    // Back to a scalar boundary.
    while caret > 0 && caret < utf8.count && utf8[caret] & 0xC0 == 0x80 { caret -= 1 }
    let range: Range<Int>
    let text: String
    if Bool.random(using: &rng) && caret > 0 {
      var start = caret - 1
      while utf8[start] & 0xC0 == 0x80 { start -= 1 }
      (range, text) = (start..<caret, "")
    } else {
      (range, text) = (caret..<caret, adversarialFragments.randomElement(using: &rng)!)
    }
    let removed = buffer.replace(range, with: text)
    #expect(removed == String(decoding: utf8[range], as: UTF8.self), "seed \(seed) step \(step): removed")
    utf8.replaceSubrange(range, with: Array(text.utf8))
    model = String(decoding: utf8, as: UTF8.self)
    caret = range.lowerBound + text.utf8.count
    expectAgrees(buffer, model, "seed \(seed) step \(step)")
  }
}
