/// `@commitlint/ensure`: the checks commitlint's rules are made of, with its semantics
/// (Protocol/README.md, "Team conventions"). Lengths are JavaScript's `length`, UTF-16 code units
/// (an emoji outside the Basic Multilingual Plane is 2), so that a team's verdicts are the ones
/// commitlint gives; texts are equal when their code units are.
package enum CommitlintEnsure {
  /// `ensure.case(raw, target)`: whether `raw` is in case `target`. Spans in back quotes, double
  /// or single quotes (closed on the same line) are removed first, since they hold names
  /// (`` `Eslint` ``), and the rest trimmed; a text whose conversion is empty or starts with a
  /// digit passes (`*`, `1.0.0`); otherwise the text must equal its conversion.
  package static func isCase(_ raw: String, _ target: CommitlintCase) -> Bool {
    let input = JavaScriptText.trim(removingQuotedSpans(raw))
    if target.capitalizesFirstLetter, let first = input.utf8.first, (0x61...0x7A).contains(first) {
      return false
    }
    let transformed = CaseConversion.convert(input, to: target)
    if let first = transformed.unicodeScalars.first {
      if ("0"..."9").contains(first) { return true }
    } else {
      return true
    }
    return JavaScriptText.equal(transformed, input)
  }

  /// What `ensure.case`'s `toCase` makes of `input` (no quotes removed, no trimming).
  package static func toCase(_ input: String, _ target: CommitlintCase) -> String {
    CaseConversion.convert(input, to: target)
  }

  /// `raw.replace(/`.*?`|".*?"|'.*?'/g, "")`: each quote that has its twin later on the same line
  /// removed with what lies between; other quotes kept.
  static func removingQuotedSpans(_ raw: String) -> String {
    let scalars = Array(raw.unicodeScalars)
    var result = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
      let scalar = scalars[i]
      if scalar == "`" || scalar == "\"" || scalar == "'" {
        var j = i + 1
        while j < scalars.count, scalars[j] != scalar, !JavaScriptText.isLineTerminator(scalars[j].value) {
          j += 1
        }
        if j < scalars.count, scalars[j] == scalar {
          i = j + 1
          continue
        }
      }
      result.append(scalar)
      i += 1
    }
    return String(result)
  }

  /// `ensure.enum(value, enums)`: whether `enums` is an array holding the string `value`.
  /// `nil` (JavaScript's `undefined`) is in none, and neither is anything when `enums` is not an
  /// array.
  package static func isInEnum(_ value: String?, _ enums: CommitlintValue?) -> Bool {
    guard let value, case .array(let members)? = enums else { return false }
    return members.contains { member in
      if case .string(let text) = member { return JavaScriptText.equal(text, value) }
      return false
    }
  }

  /// `isInEnum` against a list of strings.
  package static func isInEnum(_ value: String?, _ enums: [String]) -> Bool {
    guard let value else { return false }
    return enums.contains { JavaScriptText.equal($0, value) }
  }

  /// `ensure.maxLength(value, max)`: a string of at most `max` UTF-16 code units (`nil` fails).
  package static func maxLength(_ value: String?, _ max: Double) -> Bool {
    guard let value else { return false }
    return Double(value.utf16.count) <= max
  }

  /// `ensure.minLength(value, min)`: a string of at least `min` UTF-16 code units (`nil` fails).
  package static func minLength(_ value: String?, _ min: Double) -> Bool {
    guard let value else { return false }
    return Double(value.utf16.count) >= min
  }

  /// `ensure.notEmpty(value)`: a string of at least one code unit.
  package static func notEmpty(_ value: String?) -> Bool {
    guard let value else { return false }
    return !value.isEmpty
  }

  /// `ensure.maxLineLength(value, max)`: each line (split at `\n` or `\r\n`) at most `max` code
  /// units, or holding a URL (`\bhttps?://\S+`: long lines with links pass).
  package static func maxLineLength(_ value: String?, _ max: Double) -> Bool {
    guard let value else { return false }
    return lines(value).allSatisfy { line in holdsURL(line) || Double(JavaScriptText.length(line)) <= max }
  }

  /// `toLines` and `value.split(/\r?\n/)`: the lines of `value`, a `\r` before each `\n` left out.
  static func lines(_ value: String) -> [Substring] {
    value.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      Substring(line.last == 0x0D ? line.dropLast() : line)
    }
  }

  /// `/\bhttps?:\/\/\S+/.test(line)`: `http` after a non-word character, `s` or not, `://`, then a
  /// character that is not `\s`.
  static func holdsURL(_ line: Substring) -> Bool {
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
}
