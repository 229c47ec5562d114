/// Breakable wide clusters (Protocol/README.md, "Code actions and hover", the rewrap fix): a
/// cluster two cells wide whose first scalar is not Hangul — Han, kana, fullwidth forms, wide
/// emoji. The rewrap may break a line beside one (UAX #14 allows a break between ideographs),
/// and a line holding one is not one word for `longWords` ("Commit messages as git writes
/// them"). Hangul is a letter of words: Korean is written with spaces between its words, and
/// UAX #14's Korean tailoring and CSS `word-break: keep-all` break it only there, so a Korean
/// word is never cut and a Korean line without spaces is one word.
/// The rewrap and the line facts both ask here, so they cannot disagree.
enum BreakableWide {
  /// Hangul by its first scalar: Jamo, Compatibility Jamo, Jamo Extended-A, Syllables, Jamo
  /// Extended-B and the halfwidth forms. A cluster of conjoining jamo starts with a leading one.
  @inline(__always)
  static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF,
      0xFFA0...0xFFDC:
      return true
    default:
      return false
    }
  }

  /// Whether a cluster of display width `width` starting with `first` is breakable wide.
  @inline(__always)
  static func contains(width: Int, first: Unicode.Scalar) -> Bool {
    width == 2 && !isHangul(first)
  }

  /// Whether `character` is a breakable wide cluster.
  static func contains(_ character: Character) -> Bool {
    contains(width: DisplayWidth.of(character), first: character.unicodeScalars.first!)
  }

  /// Whether the cluster of width `width` whose UTF-8 is `bytes` (not empty) is breakable wide:
  /// its first scalar is decoded only when it is wide.
  @inline(__always)
  static func contains(width: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    width == 2 && !isHangul(UTF8Lead.decode(bytes, at: 0).0)
  }
}
