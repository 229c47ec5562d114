import Testing

@testable import StableTextCore

// Every registered unit against the plain model its measure states (`length(of:atColumn:)`), on
// adversarial text: what each fast path reads — the rope's summary, the line index's byte pass
// or cluster pass, the running length, the byte count of a plain line — must agree with it. A
// new unit registered in `LengthMeasures` is checked here without a line of test written for it.

/// The plain model: each cluster's length summed, columns restarting after each terminator; for
/// a unit counted whole, its own model below.
private func modelCount(_ text: Substring, _ measure: any LengthMeasure, tabSize: Int) -> Int {
  if measure.lineCount == .whole { return wholeModel(measure)(text) }
  if measure.lineCount == .lines { return linesModel(measure)(text) }
  var total = 0
  var column = 0
  for character in text {
    total += measure.length(of: character, atColumn: column, tabSize: tabSize)
    column =
      character == "\n" || character == "\r" || character == "\r\n"
      ? 0 : column + ColumnsMeasure.advance(of: character, atColumn: column, tabSize: tabSize)
  }
  return total
}

/// The offset of the first cluster that does not fit in `limit` units, by the plain model.
private func modelCut(_ text: String, _ measure: any LengthMeasure, limit: Int, tabSize: Int) -> Int? {
  if measure.lineCount == .whole {
    // The shortest prefix of whole clusters that counts more than the limit, each counted afresh.
    let clusters = Array(text)
    var offset = 0
    for k in clusters.indices {
      if wholeModel(measure)(Substring(String(clusters[...k]))) > limit { return offset }
      offset += clusters[k].utf8.count
    }
    return nil
  }
  if measure.lineCount == .lines {
    // The measure's own cut of the whole text, which the line index's cut (a line found from
    // the lines' sums, then cut alone) must give.
    return measure.firstCluster(pastUnits: limit, in: text[...], tabSize: tabSize)
  }
  var total = 0
  var column = 0
  var offset = 0
  for character in text {
    let length = measure.length(of: character, atColumn: column, tabSize: tabSize)
    if total + length > limit { return offset }
    total += length
    column =
      character == "\n" || character == "\r" || character == "\r\n"
      ? 0 : column + ColumnsMeasure.advance(of: character, atColumn: column, tabSize: tabSize)
    offset += character.utf8.count
  }
  return nil
}

/// The model of a unit counted whole, written apart from its measure: SMS segments from the
/// standard's tables as plain lists, each cluster's size listed first and the parts packed after.
private func wholeModel(_ measure: any LengthMeasure) -> (Substring) -> Int {
  precondition(measure.name == "sms", "a unit counted whole needs a model here: \(measure.name)")
  return smsModel
}

/// The model of a unit counted by line, apart from its measure's per-line and per-cluster
/// reading: twitter-text's weights over the whole text at once (NFC of all of it, one pass over
/// its scalars), with the URLs the extractor finds (checked against twitter-text's own cases in
/// TwitterTests) and its emoji rule.
private func linesModel(_ measure: any LengthMeasure) -> (Substring) -> Int {
  precondition(measure.name == "twitter", "a unit counted by line needs a model here: \(measure.name)")
  return twitterModel
}

func twitterModel(_ text: Substring) -> Int {
  let normalized = String(decoding: String(text)._nfcCodeUnits, as: UTF8.self)
  let scalars = Array(normalized.unicodeScalars)
  let urls = TwitterURLs.ranges(in: scalars)
  var starts: [Int: Range<Int>] = [:]
  for url in urls { starts[url.lowerBound] = url }
  var clusterEnd: [Int: Int] = [:]
  var position = 0
  for character in normalized {
    clusterEnd[position] = position + character.unicodeScalars.count
    position += character.unicodeScalars.count
  }
  var total = 0
  var i = 0
  while i < scalars.count {
    if let url = starts[i] {
      total += 23
      i = url.upperBound
    } else if let end = clusterEnd[i], TwitterWeights.isEmoji(scalars[i..<end]) {
      total += 2
      i = end
    } else {
      let v = scalars[i].value
      let narrow = [0...0x10FF, 0x2000...0x200D, 0x2010...0x201F, 0x2032...0x2037].contains { $0.contains(v) }
      total += narrow ? 1 : 2
      i += 1
    }
  }
  return total
}

func smsModel(_ text: Substring) -> Int {
  let basic = Set(
    "@£$¥èéùìòÇç\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
      .unicodeScalars)
  let extended = Set("\u{C}^{}\\[~]|€".unicodeScalars)
  let gsm = text.unicodeScalars.allSatisfy { basic.contains($0) || extended.contains($0) }
  func size(_ scalar: Unicode.Scalar) -> Int {
    gsm ? (extended.contains(scalar) ? 2 : 1) : (scalar.value > 0xFFFF ? 2 : 1)
  }
  let clusters = text.map { $0.unicodeScalars.map(size) }
  let total = clusters.joined().reduce(0, +)
  if total == 0 { return 0 }
  if total <= (gsm ? 160 : 70) { return 1 }
  let capacity = gsm ? 153 : 67
  var parts = 1
  var fill = 0
  for sizes in clusters {
    let cluster = sizes.reduce(0, +)
    if cluster <= capacity {
      if fill + cluster > capacity {
        parts += 1
        fill = 0
      }
      fill += cluster
    } else {
      for size in sizes {
        if fill + size > capacity {
          parts += 1
          fill = 0
        }
        fill += size
      }
    }
  }
  return parts
}

@Test(arguments: LengthUnit.registered)
func everyUnitAgreesWithItsPlainModel(unit: LengthUnit) {
  let measure = unit.measure
  var rng = SeededGenerator(seed: 29)
  for round in 0..<120 {
    // Long enough now and then to span rope chunks.
    let count = round % 10 == 0 ? 700 : Int.random(in: 0...30, using: &rng)
    let text = adversarialText(&rng, count: count)
    let tabSize = [1, 4, 8][round % 3]
    let expected = modelCount(text[...], measure, tabSize: tabSize)
    #expect(measure.count(text[...], tabSize: tabSize) == expected, "count, round \(round)")
    #expect(TextBuffer(text).count(unit, tabSize: tabSize) == expected, "buffer, round \(round)")
    if let summed = measure.ropeCount?.value(in: TextBuffer(text).rope.summary) {
      #expect(summed == expected, "summary, round \(round)")
    }
    // The running length, fed the text in random pieces.
    var running = RunningLength(unit, tabSize: tabSize)
    var rest = text[...]
    while !rest.isEmpty {
      let piece = rest.unicodeScalars.prefix(Int.random(in: 1...5, using: &rng))
      running.append(Substring(piece))
      rest = Substring(rest.unicodeScalars.dropFirst(piece.count))
    }
    #expect(running.length == expected, "running length, round \(round)")
    // The field's length and cut, whole text and through the line index (message lines).
    let limit = expected == 0 ? 0 : Int.random(in: 0..<expected + 2, using: &rng)
    for commentPrefix in [nil, "\u{1}"] as [String?] {
      let rules = Rules(maxLength: limit, unit: unit, commentPrefix: commentPrefix, tabSize: tabSize)
      let field = StableTextField(text: text, rules: rules)
      #expect(field.length == expected, "field length, round \(round), \(commentPrefix == nil)")
      #expect(
        field.firstClusterOverLimit == modelCut(text, measure, limit: limit, tabSize: tabSize),
        "cut at \(limit), round \(round), \(commentPrefix == nil)")
    }
    // Each line's length through a line rule, and where the line passes it.
    let lineLimit = Int.random(in: 0...6, using: &rng)
    let rules = Rules(
      maxLength: nil,
      lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: lineLimit, unit: unit)],
      tabSize: tabSize)
    let field = StableTextField(text: text, rules: rules)
    for diagnostic in field.lineDiagnostics where diagnostic.code == .lineTooLong {
      guard let line = diagnostic.data?.int("line"), let length = diagnostic.data?.int("length") else {
        continue
      }
      let start = field.text.lineStart(line)
      let content = String(field.text.slice(start..<field.text.lineContentEnd(line)))
      #expect(length == modelCount(content[...], measure, tabSize: tabSize), "line \(line), round \(round)")
      #expect(
        diagnostic.range.lowerBound == start + modelCut(
          content, measure, limit: lineLimit, tabSize: tabSize)!,
        "line cut \(line), round \(round)")
    }
  }
}

@Test(arguments: LengthUnit.registered)
func everyMeasureKeepsTheContractItsFlagsState(unit: LengthUnit) {
  let measure = unit.measure
  // A unit counted whole has no per-line or per-cluster shares to keep.
  guard measure.lineCount != .whole else { return }
  // Terminators: what dropping a final newline takes off is the model's length of one.
  #expect(measure.terminatorLength(bytes: 1) == measure.length(of: "\n", atColumn: 3, tabSize: 8))
  #expect(measure.terminatorLength(bytes: 1) == measure.length(of: "\r", atColumn: 3, tabSize: 8))
  #expect(measure.terminatorLength(bytes: 2) == measure.length(of: "\r\n", atColumn: 3, tabSize: 8))
  if measure.lineCount == .clusters {
    // The line index keeps four bits of it.
    #expect((0...15).contains(measure.terminatorLength(bytes: 2)))
    #expect((0...15).contains(measure.terminatorLength(bytes: 1)))
  }
  // A plain line (ASCII, no tab, no terminator) counts its bytes.
  if measure.countsASCIIAsBytes {
    for value in UInt8(0)..<0x80 where value != 0x09 && value != 0x0A && value != 0x0D {
      let character = Character(Unicode.Scalar(value))
      #expect(measure.length(of: character, atColumn: 5, tabSize: 8) == 1, "ASCII \(value)")
    }
  }
  // The cluster pass agrees with the model, cluster by cluster, at every column.
  var rng = SeededGenerator(seed: 7)
  for _ in 0..<200 {
    let line = adversarialText(&rng, count: 12).filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
    var clusters: [Cluster] = []
    Cluster.forEach(in: line[...]) { clusters.append($0) }
    #expect(clusters.count == line.count)
    let bytes = Array(line.utf8)
    var column = 0
    for (i, (cluster, character)) in zip(clusters, line).enumerated() {
      if measure.lineCount == .clusters {
        let end = i + 1 < clusters.count ? clusters[i + 1].offset : bytes.count
        let length = bytes[cluster.offset..<end].withUnsafeBufferPointer {
          measure.length(ofCluster: $0, width: cluster.width, atColumn: column, tabSize: 4)
        }
        #expect(
          length == measure.length(of: character, atColumn: column, tabSize: 4),
          "\(measure.word): \(character.unicodeScalars.map(\.value))")
      }
      if !measure.exceedsBytes {
        #expect(measure.length(of: character, atColumn: column, tabSize: 1_000) <= character.utf8.count)
      }
      column += ColumnsMeasure.advance(of: character, atColumn: column, tabSize: 4)
    }
  }
}

@Test func theRegistryNamesEachUnitOnceAndRoundTrips() {
  let names = LengthUnit.allCases.map(\.rawValue)
  #expect(names == ["graphemes", "utf16", "scalars", "utf8", "columns", "bytes", "sms", "twitter"])
  #expect(Set(names).count == names.count)
  for unit in LengthUnit.allCases { #expect(LengthUnit(rawValue: unit.rawValue) == unit) }
  #expect(LengthUnit(rawValue: "Graphemes") == nil)
  #expect(
    LengthUnit.allCases.map(\.word) == [
      "characters", "UTF-16 code units", "Unicode scalars", "bytes", "columns", "bytes in UTF-8",
      "SMS segments", "weighted characters",
    ])
  // `bytes` in each encoding: one name, a unit each (equality is the registry's place, not the name).
  let bytes = CharacterEncoding.all.map { LengthUnit.bytes(in: $0) }
  #expect(bytes.map(\.rawValue) == Array(repeating: "bytes", count: CharacterEncoding.all.count))
  #expect(bytes.map(\.word) == CharacterEncoding.all.map { "bytes in \($0.name)" })
  #expect(Set(bytes).count == bytes.count && bytes[0] == .bytes)
  #expect(Set(LengthUnit.registered).count == LengthUnit.allCases.count + CharacterEncoding.all.count - 1)
  #expect(bytes.map(\.encoding) == CharacterEncoding.all)
  #expect(LengthUnit.graphemes.counting(in: CharacterEncoding(named: "CP949")!) == .graphemes)
  // Rules keep `bytes` (whole text and line rules) in their encoding, whichever is set first.
  var rules = Rules(
    unit: .bytes, lineRules: [LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 5, unit: .bytes)])
  rules.encoding = CharacterEncoding(named: "shift_jis")!
  #expect(rules.unit.word == "bytes in Shift_JIS" && rules.lineRules[0].unit.word == "bytes in Shift_JIS")
  rules.unit = .bytes
  #expect(rules.unit.word == "bytes in Shift_JIS")
  rules.encoding = .utf8
  #expect(rules.unit == .bytes && rules.lineRules[0].unit == .bytes)
}
