/// The whitespace set of Foundation's `CharacterSet.whitespacesAndNewlines`, written out so the
/// core does not depend on Foundation's Unicode tables differing between platforms.
/// U+FEFF, U+200D and U+3164 are deliberately absent: they look blank but are not whitespace.
package enum Whitespace {
  @inline(__always)
  package static func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
      return true
    default:
      return false
    }
  }

  /// True when nothing is left after trimming whitespace and newlines from both ends.
  package static func isBlank(_ text: Substring) -> Bool {
    text.unicodeScalars.allSatisfy(contains)
  }
}
