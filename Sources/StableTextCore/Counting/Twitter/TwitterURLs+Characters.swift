/// The character classes of twitter-text's URL pattern (its `js/src/regexp` files of the same
/// names), as predicates on a scalar's value. The pattern is case-insensitive: an ASCII letter
/// class holds both cases.
extension TwitterURLs {
  /// `punct`: ASCII punctuation but `"` and `` ` `` (which the pattern leaves to domains).
  static func isPunctuation(_ v: UInt32) -> Bool {
    switch v {
    case 0x21, 0x23...0x2F, 0x3A...0x40, 0x5B...0x5F, 0x7B...0x7E: return true
    default: return false
    }
  }

  /// `spacesGroup`.
  static func isSpace(_ v: UInt32) -> Bool {
    switch v {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      return true
    default: return false
    }
  }

  /// `invalidCharsGroup`: the noncharacters and the byte-order mark.
  static func isInvalid(_ v: UInt32) -> Bool { v == 0xFFFE || v == 0xFEFF || v == 0xFFFF }

  /// `directionalMarkersGroup`.
  static func isDirectionalMarker(_ v: UInt32) -> Bool {
    (0x202A...0x202E).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F
      || (0x2066...0x2069).contains(v)
  }

  /// `validDomainChars`: anything but punctuation, spaces, invalid characters and directional
  /// markers (so letters of every script, digits, symbols and emoji).
  static func isDomainCharacter(_ v: UInt32) -> Bool {
    !(isPunctuation(v) || isSpace(v) || isInvalid(v) || isDirectionalMarker(v))
  }

  /// A character of a domain label: a domain character, `-` or `_`.
  static func isLabelCharacter(_ v: UInt32) -> Bool { v == 0x2D || v == 0x5F || isDomainCharacter(v) }

  /// `validUrlPrecedingChars`: what may stand before a URL (not a letter or digit of ASCII, `@`,
  /// `$`, `#`, their full-width forms, or an invalid character).
  static func mayPrecede(_ v: UInt32) -> Bool {
    !(isASCIIAlphanumeric(v) || v == 0x40 || v == 0xFF20 || v == 0x24 || v == 0x23 || v == 0xFF03
      || isInvalid(v))
  }

  static func isASCIIAlphanumeric(_ v: UInt32) -> Bool {
    (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
  }

  /// `latinAccentChars`.
  static func isLatinAccent(_ v: UInt32) -> Bool {
    switch v {
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B,
      0x263, 0x268, 0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
      return true
    default: return false
    }
  }

  /// `cyrillicLettersAndMarks`.
  static func isCyrillic(_ v: UInt32) -> Bool { (0x400...0x4FF).contains(v) }

  /// `validGeneralUrlPathChars`.
  static func isPathCharacter(_ v: UInt32) -> Bool {
    if isASCIIAlphanumeric(v) || isCyrillic(v) || isLatinAccent(v) || v == 0x2013 { return true }
    switch v {
    case 0x21, 0x2A, 0x27, 0x3B, 0x3A, 0x3D, 0x2B, 0x2C, 0x2E, 0x24, 0x2F, 0x25, 0x23, 0x5B, 0x5D, 0x2D, 0x5F,
      0x7E, 0x40, 0x7C, 0x26:
      return true
    default: return false
    }
  }

  /// `validUrlPathEndingChars` without its balanced parentheses.
  static func isPathEnd(_ v: UInt32) -> Bool {
    if isASCIIAlphanumeric(v) || isCyrillic(v) || isLatinAccent(v) { return true }
    switch v {
    case 0x2B, 0x2D, 0x3D, 0x5F, 0x23, 0x2F: return true
    default: return false
    }
  }

  /// `validUrlQueryChars`.
  static func isQueryCharacter(_ v: UInt32) -> Bool {
    if isASCIIAlphanumeric(v) { return true }
    switch v {
    case 0x21, 0x3F, 0x2A, 0x27, 0x40, 0x28, 0x29, 0x3B, 0x3A, 0x26, 0x3D, 0x2B, 0x24, 0x2F, 0x25, 0x23, 0x5B,
      0x5D, 0x2D, 0x5F, 0x2E, 0x2C, 0x7E, 0x7C:
      return true
    default: return false
    }
  }

  /// `validUrlQueryEndingChars`.
  static func isQueryEnd(_ v: UInt32) -> Bool {
    if isASCIIAlphanumeric(v) { return true }
    switch v {
    case 0x2D, 0x5F, 0x26, 0x3D, 0x23, 0x2F: return true
    default: return false
    }
  }

  /// `validAsciiDomain`'s label characters: ASCII letters and digits, `-`, Latin accents.
  static func isASCIIDomainCharacter(_ v: UInt32) -> Bool {
    v == 0x2D || isASCIIAlphanumeric(v) || isLatinAccent(v)
  }

  /// What may not follow a top-level domain (`(?=[^0-9a-zA-Z@+-]|$)`).
  static func mayNotFollowDomain(_ v: UInt32) -> Bool {
    isASCIIAlphanumeric(v) || v == 0x40 || v == 0x2B || v == 0x2D
  }

  /// ASCII letters in lower case, everything else as it is (the pattern's case-insensitivity, for
  /// the ASCII it compares).
  static func folded(_ v: UInt32) -> UInt32 { (0x41...0x5A).contains(v) ? v + 0x20 : v }
}
