/// The characters completion never offers (Protocol/README.md, "Completion"): control characters
/// (C0 and C1: CR, ESC, BEL…, and DEL), the line and paragraph separators U+2028 and U+2029, and
/// the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). A person, a
/// scope or a type holding one comes from a hostile or broken history or configuration: written
/// into the message it would break a line where none shows, move the terminal's cursor, or show
/// `evil` where `live` is written. Such a candidate is not offered at all (written escaped, it
/// would no longer be the name it claims); text that is only shown (a type's description) has
/// each such character written `\u{…}`.
enum CompletionText {
  /// Whether `scalar` is one completion never offers.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      return true
    default:
      return false
    }
  }

  /// Whether `text` holds a character completion never offers.
  static func isUnsafe(_ text: some StringProtocol) -> Bool { text.unicodeScalars.contains(where: isUnsafe) }

  /// `text` with each character completion never offers written as `\u{1B}`.
  static func escaped(_ text: String) -> String {
    guard isUnsafe(text) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
