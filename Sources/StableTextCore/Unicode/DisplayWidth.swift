/// Terminal cell widths, from the generated `DisplayWidthTable`.
package enum DisplayWidth {
  /// The Unicode version the table was generated from.
  package static let unicodeVersion = DisplayWidthTable.unicodeVersion

  /// 2 for East Asian Wide/Fullwidth and emoji presentation, 0 for nonspacing and enclosing
  /// marks and format characters (U+200B included), else 1.
  package static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return value == 0xAD ? 0 : 1 }
    // Hangul syllables and CJK Unified Ideographs, most wide text, without the search (the
    // table holds both ranges whole: `wideRangesAreInTheTable`).
    if (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value) { return 2 }
    if contains(DisplayWidthTable.wide, value) { return 2 }
    if contains(DisplayWidthTable.zero, value) { return 0 }
    return 1
  }

  /// A grapheme cluster is as wide as its first scalar, or 2 when that scalar is followed by
  /// U+FE0F (emoji presentation selector). Tabs are the layout's business, not this function's.
  package static func of(_ cluster: Character) -> Int {
    let scalars = cluster.unicodeScalars
    var iterator = scalars.makeIterator()
    let first = iterator.next()!
    // Whatever the first scalar: a keycap (`1`, U+FE0F, U+20E3) starts with an ASCII digit.
    if iterator.next() == "\u{FE0F}" { return 2 }
    return of(first)
  }

  static func contains(_ ranges: [UInt32], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count / 2 - 1
    while low <= high {
      let mid = (low + high) / 2
      if value < ranges[2 * mid] {
        high = mid - 1
      } else if value > ranges[2 * mid + 1] {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }
}
