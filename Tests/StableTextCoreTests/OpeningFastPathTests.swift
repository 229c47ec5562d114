import Testing

@testable import StableTextCore

/// Every scalar the break scanner takes as simple (`BreakScanner.isSimple`), after ASCII and
/// after a simple scalar of each range: the recognizer starts a cluster at it and is then in the
/// state of a fresh recognizer fed it alone, which is what the scanner's fast path assumes.
@Test func simpleScalarsStartClustersAfterEachOther() {
  let before: [[UInt32]] = [
    [0x61], [0x0D], [0x0A], [0x09], [0x20], [0x31], [0xC0], [0x24F], [0x416], [0x3042], [0x30A2], [0x4E2D],
    [0xD55C],
    [0xAC00], [0xAC01], [0x9FFF], [0x1F300], [0x1F44B], [0x1F3FA], [0x1F600], [0x1F680], [0x1F9FF],
    // The cluster of a simple scalar and joining marks.
    [0x61, 0x301], [0x31, 0xFE0F, 0x20E3], [0x1F44B, 0x1F3FD], [0x1F44B, 0x1F3FD, 0xFE0F], [0xE9, 0x36F],
    // A simple scalar that closed a cluster of marks, an emoji sequence or indicators.
    [0x65, 0x301, 0xE9], [0x1F469, 0x200D, 0x4E2D], [0x1F1F0, 0xAC00], [0x915, 0x94D, 0x3042],
  ]
  var checked = 0
  var wrong: [UInt32] = []
  for value in UInt32(0x80)...0x10FFFF where BreakScanner.isSimple(value) {
    let scalar = Unicode.Scalar(value)!
    let alone = BreakScanner.state(afterStart: value)
    for prefix in before {
      var recognizer = Unicode._CharacterRecognizer()
      for earlier in prefix { _ = recognizer.hasBreak(before: Unicode.Scalar(earlier)!) }
      let breaks = recognizer.hasBreak(before: scalar)
      if !breaks || recognizer != alone { wrong.append(value) }
      checked += 1
    }
  }
  #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
  #expect(checked > 30_000 * 20)
}

/// Every joining scalar (`BreakScanner.isJoining`), once or twice after ASCII that is not a
/// control and after a simple scalar of each range: the recognizer keeps it in the cluster, and
/// then starts one at every ASCII scalar and at a simple scalar of each range, in the state a
/// fresh recognizer fed that scalar alone is in.
@Test func joiningScalarsStayInTheirCluster() {
  let starts: [UInt32] = [
    0x61, 0x5A, 0x30, 0x23, 0x20, 0x7E, 0xE9, 0x24F, 0x416, 0x3042, 0x30A2, 0x4E2D, 0xAC00, 0xAC01, 0x1F44B,
    0x1F680,
    0x1F3FA, 0x1F9FF,
  ]
  let simpleAfter: [UInt32] = [
    0xC0, 0x416, 0x3042, 0x30A2, 0x4E2D, 0xD55C, 0xAC00, 0xAC01, 0x1F300, 0x1F44B, 0x1F600,
  ]
  let joining = (UInt32(0x80)...0x1FFFF).filter { BreakScanner.isJoining($0) }
  #expect(joining.count == 112 + 1 + 16 + 5)
  var wrong: [[UInt32]] = []
  func check(_ prefix: [UInt32]) {
    var recognizer = Unicode._CharacterRecognizer()
    _ = recognizer.hasBreak(before: Unicode.Scalar(prefix[0])!)
    for value in prefix.dropFirst() where recognizer.hasBreak(before: Unicode.Scalar(value)!) {
      wrong.append(prefix)
      return
    }
    for next in Array(UInt32(0)..<0x80) + simpleAfter {
      var copy = recognizer
      if !copy.hasBreak(before: Unicode.Scalar(next)!) || copy != BreakScanner.state(afterStart: next) {
        wrong.append(prefix + [next])
      }
    }
  }
  for start in starts {
    for first in joining {
      check([start, first])
      for second in [0x301, 0x36F, 0xFE0F, 0x20E3, 0x1F3FD] as [UInt32] { check([start, first, second]) }
    }
  }
  #expect(wrong.isEmpty, "\(wrong.prefix(10).map { $0.map { String($0, radix: 16) } })")
}

/// The scanner on text where simple scalars meet every rule that joins two scalars (a leading
/// jamo before a syllable, a prepended mark before a letter, marks, joiners and emoji after one,
/// a virama between Indic letters) against the recognizer fed every scalar: the same break and
/// the same state at every scalar.
@Test(arguments: [44, 45, 46] as [UInt64])
func simpleScalarsAgreeWithTheRecognizer(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let pieces = [
    "가", "각", "한", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{600}", "\u{110BD}", "é", "À", "ɏ", "Ж", "ж\u{483}",
    "あ",
    "\u{3099}", "ア", "中", "\u{301}", "\u{200D}", "\u{FE0F}", "👩", "🇰", "क", "्", "\u{903}", "a", "\r", "\n",
    "\t", "1",
    "\u{20E3}", "©", "👋", "🏽", "\u{36F}", "\u{FE0E}", "🚀", "🇰", "#", "\u{1F3FB}\u{1F3FC}",
    "\u{301}\u{302}\u{303}",
  ]
  for _ in 0..<300 {
    let text = (0..<Int.random(in: 1...40, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
    var plain = Unicode._CharacterRecognizer()
    var scanner = BreakScanner(Unicode._CharacterRecognizer())
    for (i, scalar) in text.unicodeScalars.enumerated() {
      let breaks = plain.hasBreak(before: scalar)
      #expect(scanner.hasBreak(before: scalar) == breaks, "\(text.unicodeScalars.map { $0.value }) at \(i)")
      #expect(scanner.state == plain, "\(text.unicodeScalars.map { $0.value }) at \(i)")
    }
  }
}

/// The wide ranges `DisplayWidth.of` answers before searching its table (Hangul syllables, CJK
/// Unified Ideographs) are wide in the table, every scalar of them.
@Test func wideRangesAreInTheTable() {
  for value in Array(UInt32(0xAC00)...0xD7A3) + Array(UInt32(0x4E00)...0x9FFF) {
    #expect(DisplayWidth.contains(DisplayWidthTable.wide, value), "\(String(value, radix: 16))")
    #expect(DisplayWidth.of(Unicode.Scalar(value)!) == 2)
  }
}

/// A measure's `clusterLength`, where it is not `measured`, gives what its
/// `length(ofCluster:width:atColumn:tabSize:)` gives, for clusters of every width at several
/// columns and tab sizes.
@Test func clusterLengthsAgreeWithTheirMeasures() {
  var simple = 0
  for unit in LengthUnit.registered where unit.measure.clusterLength != .measured {
    simple += 1
    for cluster in ["a", "\t", " ", "한", "👋🏽", "e\u{301}", "\u{301}", "1\u{FE0F}\u{20E3}", "\u{200B}"] {
      Array(cluster.utf8).withUnsafeBufferPointer { bytes in
        var widths: [Int] = []
        Cluster.forEach(in: bytes) { found, _ in widths.append(found.width) }
        #expect(widths.count == 1, "\(cluster.debugDescription)")
        for column in [0, 1, 3, 7, 8] {
          for tabSize in [1, 4, 8] {
            let measured = unit.measure.length(
              ofCluster: bytes, width: widths[0], atColumn: column, tabSize: tabSize)
            let rule: Int
            switch unit.measure.clusterLength {
            case .one: rule = 1
            case .cells: rule = Cluster.cells(width: widths[0], atColumn: column, tabSize: tabSize)
            case .measured: rule = measured
            }
            #expect(rule == measured, "\(unit.measure.name): \(cluster.debugDescription) at \(column)")
          }
        }
      }
    }
  }
  #expect(simple == 2)
}

/// The grapheme state after a stretch of one repeated scalar (read up to its fixpoint, the
/// edit window's way back through a long cluster) against the scanner fed every scalar, for
/// marks, a virama, joiners, regional indicators (whose state alternates), jamo and letters,
/// from several states.
@Test func repeatedScalarStatesAgreeWithTheScanner() {
  let starts: [[Unicode.Scalar]] = [[], ["a"], ["\u{915}"], ["👨"], ["\u{1100}"], ["🇰"], ["\u{600}"]]
  for repeated in ["\u{301}", "\u{94D}", "\u{200D}", "🇰", "\u{FE0F}", "\u{1100}", "\u{1161}", "é", "한"] {
    let width = repeated.utf8.count
    for count in [4, 5, 6, 9, 12, 41] {
      let run = Array(String(repeating: repeated, count: count).utf8)
      // The run, and the run with one scalar another of the same width (its last byte's low bit
      // flipped: U+0300 for U+0301, 🇱 for 🇰), first, inside and last, which is read in full.
      let variants =
        [run]
        + [1, count / 2, count - 1].map { index -> [UInt8] in
          var bytes = run
          bytes[index * width + width - 1] ^= 1
          return bytes
        }
      for (bytes, start) in variants.flatMap({ bytes in starts.map { (bytes, $0) } }) {
        var state = Unicode._CharacterRecognizer()
        for scalar in start { _ = state.hasBreak(before: scalar) }
        bytes.withUnsafeBufferPointer { buffer in
          var scanner = BreakScanner(state)
          scanner.scan(buffer, 0..<buffer.count) { _, _, _ in }
          let found = TextBuffer.state(after: buffer, 0..<buffer.count, from: state)
          #expect(found == scanner.state, "\(bytes) after \(start)")
        }
      }
    }
  }
}

/// The word-at-a-time scans of the edit window's way back (`ByteWord.endOfLastASCII`,
/// `ByteWord.isPeriodic`) against a byte loop, on random bytes of every length to 40 (so every
/// tail), mostly past ASCII, with one ASCII byte or one differing byte at each place; and
/// `ByteWord.tally` against the population count.
@Test func byteWordScansAgreeWithByteLoops() {
  var rng = SeededGenerator(seed: 45)
  var checked = 0
  for length in 0...40 {
    for _ in 0..<60 {
      var bytes = (0..<length).map { _ in UInt8.random(in: 0x80...0xFF, using: &rng) }
      if length > 0 && Bool.random(using: &rng) {
        bytes[Int.random(in: 0..<length, using: &rng)] = UInt8.random(in: 0...0x7F, using: &rng)
      }
      bytes.withUnsafeBufferPointer { buffer in
        for end in 0...length {
          var expected = end
          while expected > 0 && buffer[expected - 1] >= 0x80 { expected -= 1 }
          #expect(ByteWord.endOfLastASCII(in: buffer, before: end) == expected, "\(bytes) before \(end)")
          checked += 1
        }
      }
      // A run of period 1–4, with one byte changed at a random place or none.
      let period = Int.random(in: 1...4, using: &rng)
      guard length > period else { continue }
      var run = (0..<length).map { bytes[$0 % period] }
      if Bool.random(using: &rng) { run[Int.random(in: period..<length, using: &rng)] ^= 0x10 }
      run.withUnsafeBufferPointer { buffer in
        for lower in period...length {
          let expected = (lower..<length).allSatisfy { buffer[$0] == buffer[$0 - period] }
          #expect(
            ByteWord.isPeriodic(buffer, lower..<length, period: period) == expected, "\(run) from \(lower)")
          checked += 1
        }
      }
    }
  }
  // Tallies of answers (a high bit a byte) against the population count.
  for _ in 0..<2_000 {
    let highs = UInt64.random(in: 0...UInt64.max, using: &rng) & ByteWord.highs
    #expect(ByteWord.tally(highs) == highs.nonzeroBitCount, "\(highs)")
  }
  #expect(ByteWord.tally(ByteWord.highs) == 8)
  #expect(checked > 50_000)
}
