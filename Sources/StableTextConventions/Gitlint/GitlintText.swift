/// Python's `str` semantics where gitlint's verdicts depend on them: gitlint counts, compares and
/// splits code points (Unicode scalars), not Swift's grapheme clusters, so `"é"` written as `e` and
/// a combining accent is two characters long there, and a prefix is a prefix of scalars.
enum GitlintText {
  /// `str.isspace()` (and `\s` of Python's `re`): Unicode's White_Space, and the information
  /// separators U+001C–U+001F that Python also counts (their bidirectional class is B or S).
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || (0x1C...0x1F).contains(scalar.value)
  }

  /// A character of Python's `\w` (`str.isalnum()` or `_`), on whose edges `\b` holds: a letter
  /// (general category L*), a character with a numeric value, or the underscore.
  static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "_" { return true }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
    default: return scalar.properties.numericType != nil
    }
  }

  /// `len(s)`: the number of code points.
  static func length(_ text: String) -> Int { text.unicodeScalars.count }

  /// `s.startswith(prefix)`, scalar by scalar.
  static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
    text.unicodeScalars.starts(with: prefix.unicodeScalars)
  }

  /// `a == b` as Python compares strings: the same code points (Swift's `==` would also equate
  /// canonically equivalent spellings).
  static func equal(_ first: String, _ second: String) -> Bool {
    first.unicodeScalars.elementsEqual(second.unicodeScalars)
  }

  /// `needle in haystack`.
  static func contains(_ haystack: String, _ needle: String) -> Bool {
    let hay = Array(haystack.unicodeScalars)
    let pin = Array(needle.unicodeScalars)
    if pin.isEmpty { return true }
    if pin.count > hay.count { return false }
    for start in 0...(hay.count - pin.count) where hay[start] == pin[0] {
      if hay[start..<(start + pin.count)].elementsEqual(pin) { return true }
    }
    return false
  }

  /// `s.strip()`: without Python's whitespace at either end.
  static func strip(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhitespace($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isWhitespace($0) })!
    return String(String.UnicodeScalarView(scalars[first...last]))
  }

  /// `s.splitlines()`: lines split at every boundary Python knows (`\n`, `\r`, `\r\n`, `\v`, `\f`,
  /// U+001C–U+001E, U+0085, U+2028, U+2029), without them, and no empty last line after a final
  /// boundary.
  static func splitLines(_ text: String) -> [String] {
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var previousWasCarriageReturn = false
    for scalar in text.unicodeScalars {
      if previousWasCarriageReturn {
        previousWasCarriageReturn = false
        if scalar == "\n" { continue }
      }
      switch scalar.value {
      case 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029:
        lines.append(String(current))
        current = String.UnicodeScalarView()
        previousWasCarriageReturn = scalar == "\r"
      default:
        current.append(scalar)
      }
    }
    if !current.isEmpty { lines.append(String(current)) }
    return lines
  }

  /// `str(value).split(",")` with each item stripped and the empty ones dropped: how gitlint's
  /// ListOption reads `a, b,`.
  static func commaList(_ text: String) -> [String] {
    text.unicodeScalars.split(separator: ",", omittingEmptySubsequences: false)
      .map { strip(String(String.UnicodeScalarView($0))) }.filter { !$0.isEmpty }
  }

  /// Python's scalar-by-scalar ordering of strings (`a < b`).
  static func lessThan(_ first: String, _ second: String) -> Bool {
    first.unicodeScalars.lexicographicallyPrecedes(second.unicodeScalars)
  }
}
