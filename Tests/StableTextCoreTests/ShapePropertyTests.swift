import Testing

@testable import StableTextCore

/// The text shapes of `stabletext-bench shapes`, each many chunks long, edited where it hurts:
/// indicators put in and taken out at the front of a run (every pair after them flips), marks
/// and jamo added to one enormous cluster, `\r` and `\n` typed between each other's halves. After
/// every edit the buffer's counts, cluster starts and rows must equal the plain `String` model
/// and a fresh layout, and the rope's canonical states must chain from chunk to chunk.
struct TextShapeCase: Sendable, CustomTestStringConvertible {
  var name: String
  var unit: String
  var repeats: Int
  /// Keystrokes for this shape: any of them at a random place, or at `hotSpot`.
  var keys: [String]
  var hotSpot: @Sendable (String) -> Int

  var testDescription: String { name }

  static let all: [TextShapeCase] = [
    TextShapeCase(
      name: "regional indicators", unit: "🇰🇷", repeats: 2_500, keys: ["🇯", "🇯🇵", "a", "\u{301}", ""],
      hotSpot: { _ in 0 }),
    TextShapeCase(
      name: "combining marks", unit: "\u{301}", repeats: 5_000, keys: ["a", "\u{323}", "👩", "\u{200D}", ""],
      hotSpot: { $0.utf8.count }),
    TextShapeCase(
      name: "leading jamo", unit: "\u{1100}", repeats: 4_000,
      keys: ["\u{1100}", "\u{1161}", "\u{11A8}", "가", ""],
      hotSpot: { $0.utf8.count }),
    TextShapeCase(
      name: "CR LF", unit: "\r\n", repeats: 6_000, keys: ["\r", "\n", "\r\n", "x", ""],
      hotSpot: { $0.utf8.count / 2 }),
    TextShapeCase(
      name: "one line", unit: "word ", repeats: 3_000, keys: ["a", " ", "🇰", "\u{301}", "\t", ""],
      hotSpot: { $0.utf8.count / 2 }),
  ]
}

@Test(arguments: TextShapeCase.all)
func shapesAgreeWithTheModelAfterEveryEdit(shape: TextShapeCase) throws {
  var rng = SeededGenerator(seed: UInt64(shape.name.utf8.count))
  let initial =
    (shape.name == "combining marks" ? "a" : "") + String(repeating: shape.unit, count: shape.repeats)
  var model = initial
  var field = StableTextField(text: initial, rules: Rules(maxLength: nil))
  let options = WrapOptions(columns: 7, wrap: .char, tabSize: 4)
  _ = field.layout(options)
  #expect(field.text.rope.chunkCount > 8)
  for step in 0..<160 {
    let bytes = Array(model.utf8)
    var a = step % 3 == 0 ? randomOffset(model, &rng) : min(shape.hotSpot(model), bytes.count)
    while a < bytes.count && bytes[a] & 0xC0 == 0x80 { a += 1 }
    let key = shape.keys.randomElement(using: &rng)!
    // An empty key deletes the scalar after the place (or before it at the end).
    var range = a..<a
    if key.isEmpty {
      if a < bytes.count {
        var b = a + 1
        while b < bytes.count && bytes[b] & 0xC0 == 0x80 { b += 1 }
        range = a..<b
      } else if a > 0 {
        var b = a - 1
        while b > 0 && bytes[b] & 0xC0 == 0x80 { b -= 1 }
        range = b..<a
      }
    }
    model = String(
      decoding: bytes[..<range.lowerBound] + Array(key.utf8) + bytes[range.upperBound...], as: UTF8.self)
    field.text.replace(range, with: key)
    try checkAgainstModel(field.text, model, &rng)
    checkCanonicalStates(field.text.rope)
    if step % 8 == 0 {
      let kept = field.layout(options)
      let fresh = TextLayout(field.text, options: options)
      #expect(kept.rowCount == fresh.rowCount, "\(shape.name) step \(step)")
      // A line with the edit and a random one, against the whole-line layout (which reads every
      // byte of the line itself, skipping nothing).
      for line in [
        field.text.line(containing: range.lowerBound), Int.random(in: 0..<field.text.lineCount, using: &rng),
      ] {
        #expect(kept.firstRow(ofLine: line) == fresh.firstRow(ofLine: line), "\(shape.name) step \(step)")
        let content = field.text.slice(field.text.lineStart(line)..<field.text.lineContentEnd(line))
        let rows = line + 1 < field.text.lineCount ? kept.firstRow(ofLine: line + 1) : kept.rowCount
        #expect(
          rows - kept.firstRow(ofLine: line) == LineLayout(content, options: options).rowCount,
          "\(shape.name) step \(step) line \(line)")
      }
    }
  }
}

/// Every chunk starts from the canonical state the chunk before it ends in, and its counts and
/// profile are what measuring it alone from that state gives: nothing an edit left stale.
func checkCanonicalStates(_ rope: Rope) {
  var state = Unicode._CharacterRecognizer()
  var ok = true
  rope.forEachChunk { chunk in
    var fresh = chunk
    fresh.restart(from: state)
    if chunk.startState != state || fresh.summary != chunk.summary || fresh.regional != chunk.regional
      || fresh.endState != chunk.endState
    {
      ok = false
    }
    state = chunk.endState
  }
  #expect(ok, "a chunk's canonical state or counts are stale")
}
