import Testing

@testable import StableTextCore

/// A small deterministic generator (SplitMix64), so failures reproduce from the seed.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Pieces that stress clustering and line breaking when cut and joined at random.
let fragments = [
  "a", "Z", " ", "\t", "\n", "\r", "\r\n", "한", "국어", "\u{1100}", "\u{1161}", "e", "\u{301}", "\u{323}",
  "👨", "\u{200D}", "👩", "👧", "🇰", "🇷", "🇯🇵", "👋", "🏽", "\u{FE0F}", "😀", "\u{0}", "\u{2028}", "ß",
]

func randomText(_ rng: inout SeededGenerator, maxPieces: Int) -> String {
  (0..<Int.random(in: 0...maxPieces, using: &rng)).map { _ in fragments.randomElement(using: &rng)! }.joined()
}

/// Line starts computed the obvious way, as the model.
func modelLineStarts(_ text: String) -> [Int] {
  var starts = [0]
  let bytes = Array(text.utf8)
  var i = 0
  while i < bytes.count {
    if bytes[i] == 0x0A {
      starts.append(i + 1)
    } else if bytes[i] == 0x0D {
      if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
      starts.append(i + 1)
    }
    i += 1
  }
  return starts
}

/// A random scalar-boundary offset in `text`.
func randomOffset(_ text: String, _ rng: inout SeededGenerator) -> Int {
  var boundaries = [0]
  var offset = 0
  for scalar in text.unicodeScalars {
    offset += UTF8.width(scalar)
    boundaries.append(offset)
  }
  return boundaries.randomElement(using: &rng)!
}

@Test(arguments: [1, 2, 3, 4] as [UInt64])
func randomEditsAgreeWithStringModel(seed: UInt64) throws {
  var rng = SeededGenerator(seed: seed)
  var model = randomText(&rng, maxPieces: 20)
  var buffer = TextBuffer(model)
  for _ in 0..<300 {
    let a = randomOffset(model, &rng)
    let b = randomOffset(model, &rng)
    let range = min(a, b)..<max(a, b)
    let insert = randomText(&rng, maxPieces: 4)
    let bytes = Array(model.utf8)
    model = String(
      decoding: bytes[..<range.lowerBound] + Array(insert.utf8) + bytes[range.upperBound...], as: UTF8.self)
    buffer.replace(range, with: insert)

    #expect(buffer.invariantViolations() == [])
    #expect(buffer.string == model)
    #expect(buffer.count(.graphemes) == model.count)
    #expect(buffer.count(.utf16) == model.utf16.count)
    #expect(buffer.count(.scalars) == model.unicodeScalars.count)
    #expect(buffer.count(.utf8) == model.utf8.count)
    let starts = modelLineStarts(model)
    #expect(buffer.lineCount == starts.count)
    for (line, start) in starts.enumerated() { #expect(buffer.lineStart(line) == start) }
    // Round trip of a random offset through every encoding.
    let offset = randomOffset(model, &rng)
    for encoding in PositionEncoding.allCases {
      let position = buffer.position(of: offset, in: encoding)
      let back = try buffer.offset(of: position, in: encoding)
      // An offset inside a terminator (between \r and \n) resolves to the content end.
      let line = buffer.line(containing: offset)
      #expect(back == min(offset, buffer.lineContentEnd(line)))
    }
  }
}

/// The over-limit cut is remembered while edits stay after it: after random edits before and
/// after it, with the field caught up now and then, with older copies of the text put back and
/// buffers swapped in place, it must equal the cut of a fresh field holding the same text.
@Test(arguments: [61, 62, 63] as [UInt64])
func rememberedCutMatchesAFreshField(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  for unit in [LengthUnit.graphemes, .utf16, .scalars] {
    let rules = Rules(maxLength: 30, unit: unit)
    var field = StableTextField(text: randomText(&rng, maxPieces: 80), rules: rules)
    var saved = field.text
    var other = TextBuffer(randomText(&rng, maxPieces: 80))
    for step in 0..<300 {
      let text = field.text.string
      let a = randomOffset(text, &rng)
      var b = min(text.utf8.count, a + Int.random(in: 0...3, using: &rng))
      let bytes = Array(text.utf8)
      while b < bytes.count && bytes[b] & 0xC0 == 0x80 { b += 1 }
      field.text.replace(a..<b, with: randomText(&rng, maxPieces: 2))
      if Bool.random(using: &rng) { field.catchUp() }
      switch step % 50 {
      case 10: saved = field.text
      case 30: field.text = saved
      case 40: swap(&field.text, &other)
      default: break
      }
      let fresh = StableTextField(text: field.text.string, rules: rules)
      #expect(field.firstClusterOverLimit == fresh.firstClusterOverLimit, "\(unit) step \(step)")
    }
  }
}

/// Change lists in client positions, mostly typing (each keystroke where the last one ended, or
/// a few units after it, on the same line) and now and then anywhere, clamped or not: every
/// position resolves as it would in a fresh buffer holding the same text, which knows nothing of
/// where the last edit ended.
@Test(arguments: [71, 72, 73] as [UInt64])
func positionsAfterEditsResolveAsInAFreshBuffer(seed: UInt64) throws {
  var rng = SeededGenerator(seed: seed)
  for encoding in PositionEncoding.allCases {
    var buffer = TextBuffer(randomText(&rng, maxPieces: 30))
    var caret = TextPosition(line: 0, character: 0)
    for _ in 0..<400 {
      let fresh = TextBuffer(buffer.string)
      var start = caret
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<5: break
      case 5..<7: start.character += Int.random(in: 1...3, using: &rng)
      case 7: start.character += 100  // past the line's end: clamped
      default:
        let offset = randomOffset(buffer.string, &rng)
        start = buffer.position(of: offset, in: encoding)
      }
      // Every position a client might send next resolves as in the fresh buffer.
      for probe in [start, TextPosition(line: start.line, character: start.character + 1)] {
        #expect(
          (try? buffer.offset(of: probe, in: encoding)) == (try? fresh.offset(of: probe, in: encoding)),
          "\(probe) in \(encoding)")
      }
      let end =
        Int.random(in: 0..<4, using: &rng) == 0
        ? TextPosition(
          line: start.line + Int.random(in: 0...1, using: &rng), character: Int.random(in: 0...3, using: &rng)
        )
        : start
      let text =
        Int.random(in: 0..<8, using: &rng) == 0
        ? randomText(&rng, maxPieces: 3) : fragments.randomElement(using: &rng)!
      let change = ContentChange(range: TextRange(start: start, end: end), text: text)
      let before = buffer.string
      do {
        try buffer.apply([change], in: encoding)
      } catch {
        #expect(buffer.string == before)
        continue
      }
      var model = fresh
      try model.apply([change], in: encoding)
      #expect(buffer.string == model.string)
      #expect(buffer.invariantViolations() == [])
      // The caret as a client tracks it: after the inserted text, when the start was exact.
      let startOffset = try fresh.offset(of: start, in: encoding)
      caret = buffer.position(of: startOffset + text.utf8.count, in: encoding)
    }
  }
}
