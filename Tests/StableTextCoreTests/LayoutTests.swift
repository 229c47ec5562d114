import Testing

@testable import StableTextCore

@Test(
  arguments: [
    ("a", 1), ("한", 2), ("😀", 2), ("🇰🇷", 2), ("❤\u{FE0F}", 2), ("❤", 1), ("\u{301}", 0), ("\u{200B}", 0),
    ("👨‍👩‍👧‍👦", 2), ("e\u{301}", 1), ("\u{3000}", 2), ("Ａ", 2), ("\u{AD}", 0), ("\u{FEFF}", 0), ("ß", 1),
    ("\u{1100}\u{1161}", 2), ("⌚", 2), ("👋🏽", 2), ("\u{0}", 1),
  ] as [(String, Int)])
func clusterWidths(text: String, width: Int) {
  #expect(DisplayWidth.of(Character(text)) == width)
}

@Test func widthTableVersionIsReported() {
  #expect(DisplayWidth.unicodeVersion == "15.0.0")
}

struct WrapVector: Sendable, CustomTestStringConvertible {
  var text: String
  var columns: Int?
  var wrap: WrapMode
  var tabSize = 4
  var starts: [Int]
  var widths: [Int]
  var testDescription: String { "\(text.debugDescription) \(columns.map(String.init) ?? "∞") \(wrap)" }
}

@Test(arguments: [
  WrapVector(text: "", columns: 4, wrap: .char, starts: [0], widths: [0]),
  WrapVector(text: "abcdef", columns: nil, wrap: .char, starts: [0], widths: [6]),
  WrapVector(text: "abcdef", columns: 4, wrap: .char, starts: [0, 4], widths: [4, 2]),
  WrapVector(text: "abcd", columns: 4, wrap: .char, starts: [0], widths: [4]),
  // A wide cluster facing one free cell starts the next row.
  WrapVector(text: "abc한", columns: 4, wrap: .char, starts: [0, 3], widths: [3, 2]),
  WrapVector(text: "ab한국", columns: 3, wrap: .char, starts: [0, 2, 5], widths: [2, 2, 2]),
  // A cluster wider than the row sits alone on it.
  WrapVector(text: "a😀b", columns: 1, wrap: .char, starts: [0, 1, 5], widths: [1, 2, 1]),
  // Zero-width clusters never wrap on their own.
  WrapVector(text: "abc\u{200B}d", columns: 3, wrap: .char, starts: [0, 6], widths: [3, 1]),
  // Tabs: to the next multiple of tabSize; a tab whose stop passes the row wraps.
  WrapVector(text: "a\tb", columns: nil, wrap: .char, starts: [0], widths: [5]),
  WrapVector(text: "a\tb", columns: 4, wrap: .char, starts: [0, 2], widths: [4, 1]),
  WrapVector(text: "abcd\te", columns: 4, wrap: .char, starts: [0, 4, 5], widths: [4, 4, 1]),
  WrapVector(text: "ab\tc", columns: 6, wrap: .char, tabSize: 8, starts: [0, 2, 3], widths: [2, 8, 1]),
  // Spaces that do not fit wrap like any cluster.
  WrapVector(text: "abc d", columns: 3, wrap: .char, starts: [0, 3], widths: [3, 2]),
  // Word wrap: after the last run of spaces that fits; long words fall back to char.
  WrapVector(text: "hello world", columns: 8, wrap: .word, starts: [0, 6], widths: [6, 5]),
  WrapVector(text: "a  bc de", columns: 6, wrap: .word, starts: [0, 6], widths: [6, 2]),
  WrapVector(text: "abcdefghij", columns: 4, wrap: .word, starts: [0, 4, 8], widths: [4, 4, 2]),
  WrapVector(text: "hi abcdefghij", columns: 4, wrap: .word, starts: [0, 3, 7, 11], widths: [3, 4, 4, 2]),
  WrapVector(text: "한국어입니다", columns: 5, wrap: .word, starts: [0, 6, 12], widths: [4, 4, 4]),
  WrapVector(text: "go 한국어", columns: 6, wrap: .word, starts: [0, 6], widths: [5, 4]),
])
func wrapsLines(_ vector: WrapVector) {
  let layout = LineLayout(
    vector.text[...],
    options: WrapOptions(columns: vector.columns, wrap: vector.wrap, tabSize: vector.tabSize))
  #expect(layout.rowStarts == vector.starts)
  #expect(layout.rowWidths == vector.widths)
}

@Test func caretAffinityAtAWrapBoundary() {
  let options = WrapOptions(columns: 3)
  let content = "abcdef"[...]
  let layout = LineLayout(content, options: options)
  #expect(layout.caret(at: 3, in: content, affinity: .downstream, options: options) == (1, 0))
  #expect(layout.caret(at: 3, in: content, affinity: .upstream, options: options) == (0, 3))
  #expect(layout.caret(at: 2, in: content, affinity: .upstream, options: options) == (0, 2))
  #expect(layout.caret(at: 6, in: content, affinity: .downstream, options: options) == (1, 3))
}

@Test func documentRowsCountEmptyAndTrailingLines() {
  let buffer = TextBuffer("abcdef\n\n한국어\n")
  let layout = TextLayout(buffer, options: WrapOptions(columns: 4))
  // "abcd"/"ef", "", "한국"/"어", "" (after the final terminator).
  #expect(layout.rowCount == 6)
  #expect((0..<4).map { layout.firstRow(ofLine: $0) } == [0, 2, 3, 5])
  #expect(layout.line(containingRow: 4) == 2)
  let caret = layout.caret(at: buffer.utf8Count, in: buffer, affinity: .downstream)
  #expect(caret.line == 3 && caret.row == 5 && caret.column == 0)
  // A caret between "\r" and "\n" sits at the end of its line's content.
  let crlf = TextBuffer("ab\r\ncd")
  #expect(TextLayout(crlf, options: WrapOptions()).caret(at: 3, in: crlf, affinity: .downstream) == (0, 0, 2))
}

@Test func fenwickFindsPrefixesAndHolders() {
  var tree = Fenwick([3, 0, 5, 1, 2])
  #expect((0...5).map { tree.prefix($0) } == [0, 3, 3, 8, 9, 11])
  #expect(tree.find(0, by: \.self) == (0, 0))
  #expect(tree.find(2, by: \.self) == (0, 0))
  #expect(tree.find(3, by: \.self) == (2, 3))
  #expect(tree.find(7, by: \.self) == (2, 3))
  #expect(tree.find(8, by: \.self) == (3, 8))
  #expect(tree.find(10, by: \.self) == (4, 9))
  #expect(tree.find(99, by: \.self) == (4, 9))
  tree.add(1, 4)
  #expect(tree.prefix(2) == 7)
  #expect(tree.find(4, by: \.self) == (1, 3))
}

/// Layout reads clusters from UTF-8 bytes; `Character` iteration is the model: the same
/// boundaries, widths, spaces and tabs (a tab or space with a combining mark is neither), and
/// the same caret columns.
@Test(arguments: [11, 12, 13] as [UInt64])
func clustersAgreeWithCharacters(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let pieces =
    fragments.filter { !$0.contains("\n") && !$0.contains("\r") } + [
      "#", "#\u{FE0F}", "\u{2764}\u{FE0F}", "\t\u{301}", " \u{301}",
    ]
  for _ in 0..<300 {
    let text = (0..<Int.random(in: 0...24, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
    var expected: [Cluster] = []
    var offset = 0
    for character in text {
      let isTab = character == "\t"
      expected.append(
        Cluster(
          offset: offset, width: isTab ? -1 : DisplayWidth.of(character), isSpace: isTab || character == " "))
      offset += character.utf8.count
    }
    var clusters: [Cluster] = []
    Cluster.forEach(in: text[...]) { clusters.append($0) }
    #expect(clusters == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")

    let options = WrapOptions(columns: 7, wrap: .word, tabSize: 4)
    let layout = LineLayout(text[...], options: options)
    for cluster in expected {
      let (row, column) = layout.caret(
        at: cluster.offset, in: text[...], affinity: .downstream, options: options)
      var model = 0
      for other in expected where other.offset >= layout.rowStarts[row] && other.offset < cluster.offset {
        model += other.width < 0 ? 4 - model % 4 : other.width
      }
      #expect(column == model)
    }
  }
}
