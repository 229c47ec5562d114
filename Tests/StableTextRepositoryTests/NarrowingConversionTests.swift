import Foundation
import Testing

/// Every conversion in `Sources` that can trap or lose bits (to a fixed-width integer type, from
/// a floating-point value, `truncatingIfNeeded:`, `clamping:`) says why it cannot go wrong in a
/// `Fits:` comment on its line or on one of the eight lines above it with no blank line between
/// (one comment may cover a block of conversions): the list of narrowing conversions is the
/// sources themselves, and this test keeps it complete (docs/checked-arithmetic.md). Failable
/// conversions (`exactly:`, from a string), `UInt8(ascii:)` and `Int(saturating:)` need none.
@Suite struct NarrowingConversionTests {
  /// A conversion that needs its reason. `Int(…)` counts only when the line shows a floating-point
  /// value inside it; other `Int(…)` widen.
  static let pattern = try! NSRegularExpression(
    pattern:
      #"\b(?:Int8|Int16|Int32|Int64|UInt|UInt8|UInt16|UInt32|UInt64)\((?!ascii:|bitPattern:|exactly:|bigEndian:)|numericCast\(|\bInt\((?!saturating:)(?=[^)\n]*(?:Double\(|rounded|\* 1e|scaled))"#
  )

  /// Files that hold no conversions to justify: a generated table of code points.
  static let skipped: Set<String> = ["DisplayWidthTable.swift"]

  @Test func everyNarrowingConversionSaysWhyItFits() throws {
    let sources = DocumentationTests.root.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    var found = 0
    var unexplained: [String] = []
    for file in files where !Self.skipped.contains((file as NSString).lastPathComponent) {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      let lines = text.components(separatedBy: "\n")
      for (index, line) in lines.enumerated() {
        let code = line.trimmingCharacters(in: .whitespaces)
        if code.hasPrefix("//") { continue }
        let range = NSRange(line.startIndex..., in: line)
        // A conversion parsing a string (`Int32(value)` of a `String`) is failable: those name
        // their operand `value`, `text`, `rest` or `token`, or pass a radix.
        let conversions = Self.pattern.matches(in: line, range: range).filter { match in
          let after = line[Range(match.range, in: line)!.upperBound...]
          return
            !(after.hasPrefix("value)") || after.hasPrefix("text)") || after.hasPrefix("rest)")
            || after.contains("radix:"))
        }
        guard !conversions.isEmpty else { continue }
        found += conversions.count
        var explained = line.contains("Fits:")
        var above = index - 1
        while !explained && above >= max(0, index - 8) {
          let previous = lines[above].trimmingCharacters(in: .whitespaces)
          guard !previous.isEmpty else { break }
          explained = previous.contains("Fits:")
          above -= 1
        }
        if !explained { unexplained.append("Sources/\(file):\(index + 1): \(code)") }
      }
    }
    #expect(found > 30, "the pattern should find the known conversions")
    #expect(
      unexplained == [], "conversions without a `Fits:` reason:\n\(unexplained.joined(separator: "\n"))")
  }
}
