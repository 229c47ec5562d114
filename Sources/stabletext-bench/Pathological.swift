import Foundation
import StableTextCore

/// The figures of docs/bounds.md for texts built to make a unit superlinear, in process, each at a
/// size and at ten times it (ten times the red team's size, issue 39, and a tenth of that): a
/// linear cost grows 10× from one line to the next, a quadratic one 100×.
extension Benchmarks {
  func pathological() {
    let scale = quick ? 1 : 10
    // One cluster of 100,000 (1,000,000) marks whose classes alternate, 230 and 220: open and
    // one keystroke in it (the red team's 100,000 took 20 s and 12 s).
    for marks in [10_000 * scale, 100_000 * scale] {
      var text = "a"
      text.unicodeScalars.append(
        contentsOf: (0..<marks).map { $0 % 2 == 0 ? Unicode.Scalar(0x301)! : Unicode.Scalar(0x316)! })
      twitterFigures("a cluster of \(marks) alternating marks", text: text)
    }
    // A URL whose domain is one label of distinct code points (punycode's encoder is quadratic
    // in it).
    for scalars in [10_000 * scale, 100_000 * scale] {
      let label = String(
        String.UnicodeScalarView((0..<scalars).compactMap { Unicode.Scalar(0x4E00 + $0 % 20_000) }))
      twitterFigures("a URL with a label of \(scalars) CJK scalars", text: "http://" + label + ".com")
    }
    // `a.a.a…`, and a plain line of the same size beside it.
    for bytes in [100_000 * scale, 1_000_000 * scale] {
      twitterFigures("\(bytes / 1000) KB of a.a.a", text: String(repeating: "a.", count: bytes / 2))
      // A dot at its end, so the URL extractor reads it too (a text without one has no URL).
      twitterFigures(
        "\(bytes / 1000) KB of plain words and a dot", text: String(repeating: "ab ", count: bytes / 3) + ".")
    }
    // The rewrap of one paragraph to the largest limits, each line thousands of words (240 KB in
    // twitter took 5.25 s: the whole candidate line counted again for each word): short words,
    // URLs, CJK words holding dots, in twitter; short words in sms and columns.
    let paragraphs: [(String, LengthUnit, Int, (Int) -> String)] = [
      ("short words", .twitter, 10_000, { _ in "ab" }),
      ("URLs", .twitter, 10_000, { "http://x\($0).com/a" }),
      ("CJK words with dots", .twitter, 10_000, { _ in String(repeating: "中.", count: 50) }),
      ("CJK words of 8,000 clusters", .twitter, 10_000, { _ in String(repeating: "中", count: 8_000) }),
      ("short words", .sms, 100, { _ in "ab" }),
      ("short words", .columns, 10_000, { _ in "ab" }),
    ]
    for (words, unit, limit, word) in paragraphs {
      for bytes in [240_000 * scale / 10, 240_000 * scale] {
        rewrapFigure(words, unit: unit, limit: limit, bytes: bytes, word: word)
      }
    }
  }

  /// Opening a document of `text` in the `twitter` unit, then one keystroke in its middle.
  private func twitterFigures(_ name: String, text: String) {
    let rules = Rules(maxLength: 280, unit: .twitter)
    var start = Self.now()
    var field = StableTextField(text: text, rules: rules)
    var sink = field.length
    let open = Self.now() - start
    // A mark typed between two scalars in the middle (inside the cluster, when there is one).
    let scalars = text.unicodeScalars
    let middle = scalars.index(scalars.startIndex, offsetBy: scalars.count / 2)
    let offset = text.utf8.distance(from: text.startIndex, to: middle)
    start = Self.now()
    field.text.replace(offset..<offset, with: "\u{316}")
    field.catchUp()
    sink &+= field.length &+ (field.firstClusterOverLimit ?? 0)
    let keystroke = Self.now() - start
    report(
      "pathological twitter, \(name): open \(String(format: "%.1f", open * 1000)) ms, a keystroke \(String(format: "%.1f", keystroke * 1000)) ms (weight \(sink))"
    )
  }

  /// The rewrap fix of one paragraph of `bytes` of `word`s, its lines over `limit` in `unit`.
  private func rewrapFigure(_ words: String, unit: LengthUnit, limit: Int, bytes: Int, word: (Int) -> String)
  {
    var body = ""
    var n = 0
    while body.utf8.count < bytes {
      body += word(n) + " "
      n += 1
    }
    let rules = Rules(
      maxLength: nil,
      lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: limit, unit: unit)])
    // One line of the paragraph over the limit: the rest of it in lines just under.
    let field = StableTextField(text: "Subject\n\n" + body + "\n", rules: rules)
    let start = Self.now()
    let fix = field.quickFixes.first { $0.kind == .rewrap }
    let elapsed = Self.now() - start
    report(
      "pathological rewrap of \(bytes / 1000) KB of \(words) to \(limit) in \(unit.rawValue): \(String(format: "%.1f", elapsed * 1000)) ms (the rewrap fix \(fix == nil ? "missing" : "found"))"
    )
  }
}
