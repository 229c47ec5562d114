import Testing

@testable import StableTextCore

/// The layout algorithm as it was before rows were broken in a stream: every cluster gathered
/// into an array, word wrap going back to its candidate and laying the clusters out again. Kept
/// as the model the streaming `RowBreaker` must agree with.
private func modelLayout(_ content: String, _ options: WrapOptions) -> (starts: [Int], widths: [Int]) {
  var clusters: [Cluster] = []
  Cluster.forEach(in: content[...]) { clusters.append($0) }
  func width(_ slice: ArraySlice<Cluster>) -> Int {
    var column = 0
    for cluster in slice {
      column += cluster.width < 0 ? options.tabSize - column % options.tabSize : cluster.width
    }
    return column
  }
  var starts = [0]
  var widths: [Int] = []
  var column = 0
  var index = 0
  var rowStartIndex = 0
  var breakIndex: Int?
  while index < clusters.count {
    let cluster = clusters[index]
    let w = cluster.width < 0 ? options.tabSize - column % options.tabSize : cluster.width
    if let limit = options.columns, w > 0, column + w > limit, column > 0 {
      var next = index
      if options.wrap == .word, !cluster.isSpace, let candidate = breakIndex, candidate > rowStartIndex {
        next = candidate
      }
      widths.append(width(clusters[rowStartIndex..<next]))
      starts.append(clusters[next].offset)
      rowStartIndex = next
      breakIndex = nil
      index = next
      column = 0
      continue
    }
    column += w
    if index + 1 < clusters.count {
      let following = clusters[index + 1]
      if (cluster.isSpace && !following.isSpace) || (cluster.width == 2 && following.width == 2) {
        breakIndex = index + 1
      }
    }
    index += 1
  }
  widths.append(width(clusters[rowStartIndex...]))
  return (starts, widths)
}

/// Rows, row widths, row counts read from the rope and carets on both sides of every boundary
/// agree with the model, on random lines of words, spaces, tabs, wide and zero-width clusters.
@Test(arguments: [21, 22, 23, 24] as [UInt64])
func streamingLayoutAgreesWithModel(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let pieces = [
    "a", "bc", "word", " ", "  ", "\t", "한", "국어", "👨‍👩‍👧", "🇰🇷", "e\u{301}", "\u{200B}", "\u{301}", "ｗ",
    "#\u{FE0F}", "longerword",
  ]
  var checked = 0
  for _ in 0..<400 {
    let text = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
    let options = WrapOptions(
      columns: Int.random(in: 1...12, using: &rng), wrap: Bool.random(using: &rng) ? .word : .char,
      tabSize: Int.random(in: 1...8, using: &rng))
    let model = modelLayout(text, options)
    let layout = LineLayout(text[...], options: options)
    #expect(layout.rowStarts == model.starts, "\(text.debugDescription) \(options)")
    #expect(layout.rowWidths == model.widths, "\(text.debugDescription) \(options)")
    // The same line inside a rope, after another line, read chunk by chunk.
    let buffer = TextBuffer("first line\n" + text + "\nlast")
    #expect(buffer.rowCounts(of: 1..<2, options: options) == [Int32(model.starts.count)])
    var offsets: [Int] = []
    Cluster.forEach(in: text[...]) { offsets.append($0.offset) }
    offsets.append(text.utf8.count)
    for offset in offsets {
      for affinity in Affinity.allCases {
        let expected = layout.caret(at: offset, in: text[...], affinity: affinity, options: options)
        let streamed = buffer.caretRowAndColumn(line: 1, local: offset, affinity: affinity, options: options)
        #expect(streamed == expected, "\(text.debugDescription) at \(offset) \(affinity) \(options)")
        checked += 1
      }
    }
  }
  #expect(checked > 4_000)
}

/// A line far longer than a rope chunk, holding clusters that span chunks (a letter with many
/// combining marks): counts and carets match the model.
@Test func longLineAcrossChunks() {
  let text =
    String(repeating: "ab cd\tef 한국 ", count: 700) + "x" + String(repeating: "\u{301}", count: 3_000) + " end"
  let options = WrapOptions(columns: 13, wrap: .word, tabSize: 4)
  let model = modelLayout(text, options)
  let buffer = TextBuffer(text)
  #expect(buffer.rowCounts(of: 0..<1, options: options) == [Int32(model.starts.count)])
  let layout = LineLayout(text[...], options: options)
  for offset in [0, 5, 1_000, 9_001, text.utf8.count - 4, text.utf8.count] {
    let snapped = buffer.clusterStart(containing: offset)
    #expect(
      buffer.caretRowAndColumn(line: 0, local: snapped, affinity: .downstream, options: options)
        == layout.caret(at: snapped, in: text[...], affinity: .downstream, options: options))
  }
}
