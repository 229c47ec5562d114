import Testing

@testable import StableTextCore

/// Long texts spanning many chunks, edited at random (inserts, deletes, replacements across
/// chunk boundaries, in Korean, emoji, combining marks and CR/LF), must agree with a plain
/// `String` model on text, every count, every line start and every position conversion.
@Test(arguments: [31, 32, 33, 34] as [UInt64])
func ropeAgreesWithStringModelAcrossChunks(seed: UInt64) throws {
  var rng = SeededGenerator(seed: seed)
  var model = (0..<Int.random(in: 1500...4000, using: &rng)).map { _ in fragments.randomElement(using: &rng)!
  }.joined()
  var buffer = TextBuffer(model)
  #expect(buffer.rope.chunkCount > 3)
  for step in 0..<150 {
    let a = randomOffset(model, &rng)
    // Mostly local edits, sometimes long ranges that cross several chunks.
    let b =
      step % 10 == 0
      ? randomOffset(model, &rng) : min(model.utf8.count, a + Int.random(in: 0...12, using: &rng))
    var range = min(a, b)..<max(a, b)
    // Keep the end on a scalar boundary.
    let bytes = Array(model.utf8)
    var upper = range.upperBound
    while upper < bytes.count && bytes[upper] & 0xC0 == 0x80 { upper += 1 }
    range = range.lowerBound..<upper
    let insert = step % 17 == 0 ? randomText(&rng, maxPieces: 3000) : randomText(&rng, maxPieces: 5)
    model = String(
      decoding: bytes[..<range.lowerBound] + Array(insert.utf8) + bytes[range.upperBound...], as: UTF8.self)
    let removed = buffer.replace(range, with: insert)
    #expect(removed == String(decoding: bytes[range], as: UTF8.self))
    try checkAgainstModel(buffer, model, &rng)
  }
  #expect(buffer.string == model)
}

func checkAgainstModel(_ buffer: TextBuffer, _ model: String, _ rng: inout SeededGenerator) throws {
  #expect(buffer.utf8Count == model.utf8.count)
  #expect(buffer.count(.graphemes) == model.count)
  #expect(buffer.count(.utf16) == model.utf16.count)
  #expect(buffer.count(.scalars) == model.unicodeScalars.count)
  #expect(buffer.isBlank == Whitespace.isBlank(model[...]))
  let starts = modelLineStarts(model)
  #expect(buffer.lineCount == starts.count)
  // A sample of line starts (all of them would make the test quadratic).
  for _ in 0..<20 {
    let line = Int.random(in: 0..<starts.count, using: &rng)
    #expect(buffer.lineStart(line) == starts[line])
  }
  #expect(buffer.lineStart(starts.count - 1) == starts.last!)
  // Position round trips, against positions computed from the model.
  for _ in 0..<10 {
    let offset = randomOffset(model, &rng)
    let line = starts.lastIndex(where: { $0 <= offset })!
    let prefix = String(decoding: Array(model.utf8)[starts[line]..<offset], as: UTF8.self)
    #expect(buffer.line(containing: offset) == line || prefix.hasSuffix("\r"))
    if !prefix.hasSuffix("\r") {
      #expect(
        buffer.position(of: offset, in: .utf16) == TextPosition(line: line, character: prefix.utf16.count))
      #expect(
        buffer.position(of: offset, in: .utf32)
          == TextPosition(line: line, character: prefix.unicodeScalars.count))
      #expect(
        buffer.position(of: offset, in: .utf8) == TextPosition(line: line, character: prefix.utf8.count))
      #expect(
        try buffer.offset(of: TextPosition(line: line, character: prefix.utf16.count), in: .utf16) == offset)
    }
  }
  // The cluster holding a random offset starts where the model's does.
  for _ in 0..<5 {
    let offset = randomOffset(model, &rng)
    var start = 0
    for character in model {
      let next = start + character.utf8.count
      if next > offset { break }
      start = next
    }
    #expect(buffer.clusterStart(containing: offset) == min(start, model.utf8.count))
  }
  // The k-th cluster starts where the model's does.
  if !model.isEmpty {
    let k = Int.random(in: 0..<model.count, using: &rng)
    let index = model.index(model.startIndex, offsetBy: k)
    #expect(buffer.clusterStart(k) == model.utf8.distance(from: model.utf8.startIndex, to: index))
  }
}

@Test func copiesShareAndDiverge() {
  let text = String(repeating: "가나다라 마바사\n", count: 2000)
  var original = TextBuffer(text)
  var copy = original
  copy.replace(6..<6, with: "😀")
  #expect(original.string == text)
  #expect(copy.count(.graphemes) == text.count + 1)
  original.replace(0..<3, with: "")
  #expect(copy.string.hasPrefix("가나"))
  #expect(original.string.hasPrefix("나다"))
}

@Test func deletingEverythingAndStartingAgain() {
  var buffer = TextBuffer(String(repeating: "abc\r\n", count: 3000))
  buffer.replace(0..<buffer.utf8Count, with: "")
  #expect(buffer.isEmpty && buffer.lineCount == 1 && buffer.count(.graphemes) == 0)
  buffer.replace(0..<0, with: "\r")
  buffer.replace(1..<1, with: "\n")
  #expect(buffer.lineCount == 2)
  #expect(buffer.count(.graphemes) == 1)
}

/// Row counts kept through edits agree with a fresh layout.
@Test(arguments: [41, 42] as [UInt64])
func keptRowsAgreeWithAFreshLayout(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let options = WrapOptions(columns: 7, wrap: .word, tabSize: 4)
  var model = (0..<600).map { _ in fragments.randomElement(using: &rng)! }.joined()
  var field = StableTextField(text: model)
  _ = field.layout(options)
  for _ in 0..<120 {
    let a = randomOffset(model, &rng)
    let b = min(model.utf8.count, a + Int.random(in: 0...8, using: &rng))
    let bytes = Array(model.utf8)
    var upper = b
    while upper < bytes.count && bytes[upper] & 0xC0 == 0x80 { upper += 1 }
    let insert = randomText(&rng, maxPieces: 4)
    model = String(decoding: bytes[..<a] + Array(insert.utf8) + bytes[upper...], as: UTF8.self)
    field.text.replace(a..<upper, with: insert)
    let buffer = field.text
    let kept = field.layout(options)
    let fresh = TextLayout(TextBuffer(model), options: options)
    #expect(kept.rowCount == fresh.rowCount)
    let line = Int.random(in: 0..<buffer.lineCount, using: &rng)
    #expect(kept.firstRow(ofLine: line) == fresh.firstRow(ofLine: line))
  }
}

/// The cached line start never leaks between copies or survives an edit that moves it.
@Test func lineStartCacheFollowsEditsAndCopies() {
  var a = TextBuffer("zero\none\ntwo\nthree")
  #expect(a.lineStart(2) == 9)
  let b = a
  a.replace(10..<10, with: "X")  // after line 2's start: the entry is kept
  #expect(a.lineStart(2) == 9)
  #expect(a.lineStart(3) == 14)
  a.replace(0..<0, with: "a longer first line\n")  // before it: every later line moves
  #expect(a.lineStart(3) == 29)
  #expect(a.string.hasPrefix("a longer first line\nzero\none\n"))
  // The copy taken before the edits still sees its own text.
  #expect(b.lineStart(3) == 13)
  #expect(b.lineStart(2) == 9)
  var c = TextBuffer("a\r")
  #expect(c.lineStart(1) == 2)
  c.replace(2..<2, with: "\nb")  // joins "\r\n": line 1 still starts after the terminator
  #expect(c.lineStart(1) == 3)
  #expect(c.lineCount == 2)
}

/// The invariant check finds what a corruption breaks, and nothing in a sound rope.
@Test func invariantCheckFindsCorruption() {
  let text = String(repeating: "abc한국👋🏽\r\n", count: 400)
  let sound = TextBuffer(text)
  #expect(sound.rope.chunkCount > 4)
  #expect(sound.invariantViolations() == [])

  var counts = sound
  counts.rope.modifyChunk(at: 1) { $0.summary.graphemes += 1 }
  #expect(counts.invariantViolations().contains { $0.hasPrefix("chunk 1: counts") })

  var state = sound
  state.rope.modifyChunk(at: 2) { $0.startState = RegionalParity.oddRunState }
  #expect(
    state.invariantViolations().contains(
      "chunk 2: its start state is not the state the chunk before it leaves"))

  // A chunk that ends in the `\r` of a `\r\n` whose `\n` starts the next.
  let crlf = "x\r\ny"
  let split = Rope(chunks: [
    RopeChunk("x\r", startState: Unicode._CharacterRecognizer()),
    RopeChunk("\ny", startState: RopeChunk("x\r", startState: Unicode._CharacterRecognizer()).endState),
  ])
  #expect(TextBuffer(crlf).invariantViolations() == [])
  #expect(split.invariantViolations().contains("chunk 1: a \\r\\n is split between chunks 0 and 1"))
}
