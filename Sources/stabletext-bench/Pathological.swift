import Foundation
import StableTextCore

/// The figures of "Bounds" for texts built to make a unit superlinear, in process, each at a
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
    // The rewrap of a paragraph of URLs whose paths are CJK (a piece a cluster, a URL weighing
    // 23 however long): 240 KB took 5.25 s.
    for unit in [LengthUnit.twitter, .sms, .columns] {
      for bytes in [240_000 * scale / 10, 240_000 * scale] {
        rewrapFigure(unit: unit, bytes: bytes)
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

  /// The rewrap fix of one paragraph of `bytes`, its lines over a limit of `unit`.
  private func rewrapFigure(unit: LengthUnit, bytes: Int) {
    var body = ""
    var n = 0
    while body.utf8.count < bytes {
      body += "http://x\(n).com/" + String(repeating: "中", count: 100) + " "
      n += 1
    }
    let limit = unit == .sms ? 2 : 280
    let rules = Rules(
      maxLength: nil,
      lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: limit, unit: unit)])
    let field = StableTextField(text: "Subject\n\n" + body + "\n", rules: rules)
    let start = Self.now()
    let fix = field.quickFixes.first { $0.kind == .rewrap }
    let elapsed = Self.now() - start
    report(
      "pathological rewrap of \(bytes / 1000) KB of URLs with CJK paths in \(unit.rawValue): \(String(format: "%.1f", elapsed * 1000)) ms (the rewrap fix \(fix == nil ? "missing" : "found"))"
    )
  }
}
