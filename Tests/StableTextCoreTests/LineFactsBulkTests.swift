import Testing

@testable import StableTextCore

/// The line index measures runs of printable ASCII by arithmetic and only the stretches between
/// them cluster by cluster (`ClusterTally.measure`); these tests hold it to the reference that
/// reads every cluster, on text chosen to break it: a cluster that a run's first or last byte
/// belongs to (a prepended scalar before it, a combining mark or a keycap after it), limits that
/// fall inside a run, tabs beside runs, lone `\r`, `\r\n` at a chunk's end, ZWJ runs, flags,
/// Korean jamo, and a cluster longer than a chunk.

/// Every fact a line keeps, as numbers (`LineFacts` is not `Equatable`: its totals are what the
/// index compares).
private func numbers(_ facts: LineFacts) -> [Int] {
  [
    facts.bytes, Int(facts.utf16), Int(facts.scalars), Int(facts.narrow), facts.wide,
    Int(facts.flags.rawValue), Int(facts.terminator), Int(facts.exceeds), Int(facts.scissors),
    Int(facts.terminatorUnits),
  ] + (0..<LineFacts.maxPassOffsets).map { Int(facts.passOffsets[$0]) }
}

/// Rules whose shapes take every path of the cluster pass: the gitCommit preset (graphemes and
/// columns, passes at 50 and 72 columns, words read), small limits in graphemes and columns
/// that fall inside ASCII runs, a tab size of 3, and `bytes` in CP949 and UTF-16 (which count
/// ASCII as 1 byte and as 2: the bulk path must apply to the one and not to the other).
private let bulkRules: [(String, Rules)] = {
  var result: [(String, Rules)] = [
    ("gitCommit", RuleConfiguration().resolve(uri: "file:///x/COMMIT_EDITMSG", languageId: "text"))
  ]
  for (name, unit, encoding) in [
    ("graphemes", LengthUnit.graphemes, CharacterEncoding.utf8), ("columns", .columns, .utf8),
    ("bytes in CP949", .bytes, CharacterEncoding(named: "CP949")!),
    ("bytes in UTF-16", .bytes, .utf16),
  ] {
    var rules = Rules(maxLength: 400, unit: unit, commentPrefix: "#", endMarker: "#--", tabSize: 3)
    rules.lineRules =
      [1, 2, 3, 5, 8].map {
        LineRule(lines: LineSpan("1-")!, maxLength: $0, blank: false, unit: unit, severity: .warning)
      } + [LineRule(lines: LineSpan("1-")!, maxLength: 4, blank: false, unit: .columns, severity: .warning)]
    rules.exemptions = [.longWords]
    rules.encoding = encoding
    result.append((name, rules))
  }
  return result
}()

/// Line contents that each put a run's edge against a cluster that crosses it.
private let adversarialLines: [String] = [
  "plain ascii only", "café au lait", "e\u{301}e\u{301}abc", "abc e\u{301}", "abcde\u{301}fgh",
  "1\u{FE0F}\u{20E3}23", "ab1\u{FE0F}\u{20E3}cd", "#\u{FE0F}\u{20E3}", "a\u{FE0F}bc",
  "\u{600}12345", "ab\u{600}1cd", "\u{110BD}99 ab", "x\u{200D}y", "ab\u{200D}cd",
  "👨‍👩‍👧‍👦abc", "ab👨‍👩‍👧cd 👋🏽ef", "🇰🇷🇯🇵abc🇺", "a🇰x🇷b", "\u{1100}\u{1161}\u{11A8}abc",
  "ab\u{1100}\u{1100}\u{1161}cd", "\u{1161}ab", "한국어 words 한", "क्षab", "abक्ष", "中文abc中", "ab\tcd\t\u{301}e",
  "\tabc", "abc\t", "a\u{1}b\u{7F}c\u{301}", "\u{3000}\u{A0}", "   ", " \u{301}",
  "x" + String(repeating: "\u{301}", count: 40),
  "# comment é", "#-- é", "Signed-off-by: Ünal <u@x>", "  indented é", "- one-wordé",
]

@Test(arguments: bulkRules.indices)
func bulkLineFactsEqualTheReference(rulesIndex: Int) throws {
  let (name, rules) = bulkRules[rulesIndex]
  let shape = try #require(MessageLineIndex.Shape(rules))
  #expect(shape.needsClusterPass, "\(name)")
  for line in adversarialLines {
    for terminator in 0...2 {
      Array(line.utf8).withUnsafeBufferPointer { bytes in
        let bulk = LineFacts(content: bytes, terminator: terminator, shape: shape)
        let reference = LineFacts(content: bytes, terminator: terminator, shape: shape, bulkASCII: false)
        #expect(numbers(bulk) == numbers(reference), "\(name): \(line.debugDescription)")
      }
    }
  }
}

/// A whole index built from text (read from the rope's chunks, lines that span chunks carried
/// over) against every line measured by the reference: random lines of the adversarial pieces
/// with every terminator, `\r\n` placed at a chunk's end, and a cluster longer than a chunk.
@Test(arguments: [91, 92, 93] as [UInt64])
func bulkLineIndexEqualsTheReference(seed: UInt64) throws {
  var rng = SeededGenerator(seed: seed)
  let pieces =
    adversarialLines + [
      "ab", "cdefghij", " ", "\t", "\r", "\n", "\r\n", "\n\n", "\r\r\n", "\u{301}", "🇰", "\u{200D}",
    ]
  var text = String(repeating: "x", count: RopeChunk.targetSize - 1) + "\r\n"
  text += "a" + String(repeating: "\u{301}", count: RopeChunk.maxSize) + " tail\n"
  for _ in 0..<600 { text += pieces.randomElement(using: &rng)! }
  let buffer = TextBuffer(text)
  for (name, rules) in bulkRules {
    let shape = try #require(MessageLineIndex.Shape(rules))
    let index = MessageLineIndex(buffer, shape: shape)
    let reference = referenceFacts(Array(text.utf8), shape: index.shape)
    #expect(index.lineCount == reference.count, "\(name)")
    let entries = index.table.entries
    for (line, (facts, expected)) in zip(entries, reference).enumerated() where numbers(facts) != expected {
      Issue.record("\(name), line \(line): \(numbers(facts)) against \(expected)")
      break
    }
  }
}

/// Each line of `bytes` (split at `\n`, `\r\n` and a lone `\r`) measured by the reference; a
/// line ended by a lone `\r` says so (`loneReturn`).
private func referenceFacts(_ bytes: [UInt8], shape: MessageLineIndex.Shape) -> [[Int]] {
  var result: [[Int]] = []
  var start = 0
  var i = 0
  func add(_ end: Int, _ terminator: Int) {
    Array(bytes[start..<end]).withUnsafeBufferPointer {
      var facts = LineFacts(content: $0, terminator: terminator, shape: shape, bulkASCII: false)
      if terminator == 1 && bytes[end] == 0x0D { facts.flags.insert(.loneReturn) }
      result.append(numbers(facts))
    }
  }
  while i < bytes.count {
    if bytes[i] == 0x0A || bytes[i] == 0x0D {
      let terminator = bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
      add(i, terminator)
      i += terminator
      start = i
    } else {
      i += 1
    }
  }
  add(bytes.count, 0)
  return result
}

/// The bulk path's premise, for every registered unit the cluster pass measures: a cluster of
/// one printable ASCII byte counts 1 at any column in a unit that says it counts ASCII as
/// bytes (`LengthMeasure.countsASCIIAsBytes`), and is one cell wide.
@Test func printableASCIICountsOneInEveryUnitThatSaysSo() {
  for unit in LengthUnit.registered
  where unit.measure.lineCount == .clusters && unit.measure.countsASCIIAsBytes {
    for byte in UInt8(0x20)...0x7E {
      let lengths = [byte].withUnsafeBufferPointer { cluster in
        [0, 1, 5, 7].map { unit.measure.length(ofCluster: cluster, width: 1, atColumn: $0, tabSize: 3) }
      }
      #expect(lengths == [1, 1, 1, 1], "\(unit.measure.word), \(byte)")
      #expect(DisplayWidth.of(Unicode.Scalar(byte)) == 1)
    }
  }
}
