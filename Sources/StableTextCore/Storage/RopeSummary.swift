/// Counts of a stretch of text in every unit StableText measures. Rope nodes add these up, so any
/// of them can be found by descending the tree instead of scanning the text.
package struct RopeSummary: Equatable, Sendable {
  package var utf8 = 0
  package var utf16 = 0
  package var scalars = 0
  /// Grapheme cluster starts in the stretch (a cluster that began earlier is not counted).
  package var graphemes = 0
  /// Line terminators ending in the stretch (`\r\n` counts once, at its `\n`).
  package var lineBreaks = 0
  /// Scalars outside the trimming set: zero means the text is blank after trimming.
  package var nonWhitespace = 0

  package init() {}

  @inline(__always)
  static func += (lhs: inout RopeSummary, rhs: RopeSummary) {
    lhs.utf8 += rhs.utf8
    lhs.utf16 += rhs.utf16
    lhs.scalars += rhs.scalars
    lhs.graphemes += rhs.graphemes
    lhs.lineBreaks += rhs.lineBreaks
    lhs.nonWhitespace += rhs.nonWhitespace
  }

  @inline(__always)
  static func -= (lhs: inout RopeSummary, rhs: RopeSummary) {
    lhs.utf8 -= rhs.utf8
    lhs.utf16 -= rhs.utf16
    lhs.scalars -= rhs.scalars
    lhs.graphemes -= rhs.graphemes
    lhs.lineBreaks -= rhs.lineBreaks
    lhs.nonWhitespace -= rhs.nonWhitespace
  }

}
