/// What the length rules share, from `@commitlint/ensure` (`maxLength`, `minLength`,
/// `maxLineLength`, `notEmpty`), `@commitlint/to-lines` and `@commitlint/message`: lengths in UTF-16
/// code units as JavaScript counts them, lines split on `\r?\n`.
enum CommitlintLengths {
  /// `toLines`: `input.split(/(?:\r?\n)/)`.
  static func lines(_ text: String) -> [Substring] {
    text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      Substring(line.last == 0x0D ? line.dropLast() : line)
    }
  }

  /// `maxLength`: `value.length <= max` (false for a missing value).
  static func max(_ text: String?, _ limit: Double) -> Bool {
    guard let text else { return false }
    return Double(JavaScriptText.length(text)) <= limit
  }

  /// `minLength`: `value.length >= min` (false for a missing value).
  static func min(_ text: String?, _ limit: Double) -> Bool {
    guard let text else { return false }
    return Double(JavaScriptText.length(text)) >= limit
  }

  /// `maxLineLength`: every line within `limit`, or holding a URL (`/\bhttps?:\/\/\S+/`).
  static func maxLine(_ text: String, _ limit: Double) -> Bool {
    lines(text).allSatisfy { line in
      containsURL(line) || Double(JavaScriptText.length(line)) <= limit
    }
  }

  /// `/\bhttps?:\/\/\S+/`: `http` after a non-word character, `s` or not, `://`, then a
  /// character that is not `\s`.
  static func containsURL(_ line: Substring) -> Bool {
    let bytes = Array(line.utf8)
    var position = 0
    while position + 8 <= bytes.count {
      defer { position += 1 }
      guard bytes[position] == UInt8(ascii: "h"),
        position == 0 || !JavaScriptText.isWord(bytes[position - 1]),
        bytes[position..<position + 4].elementsEqual("http".utf8)
      else { continue }
      var at = position + 4
      if bytes[at] == UInt8(ascii: "s") { at += 1 }
      guard at + 3 < bytes.count, bytes[at..<at + 3].elementsEqual("://".utf8) else { continue }
      if JavaScriptText.whitespaceLength(bytes, at + 3, bytes.count) == 0 { return true }
    }
    return false
  }

  /// `@commitlint/message`: the parts that are not empty, joined by spaces.
  static func message(_ parts: [String?]) -> String {
    parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// A rule's numeric value, or its default when none is given.
  static func number(_ value: CommitlintValue?, default fallback: Double) -> Double {
    if case .number(let number) = value { return number }
    return fallback
  }

  /// A rule's string value, or its default when none is given.
  static func string(_ value: CommitlintValue?, default fallback: String) -> String {
    if case .string(let string) = value { return string }
    return fallback
  }

  /// The number as a template string writes it.
  static func text(_ number: Double) -> String { JavaScriptText.numberString(number) }
}
