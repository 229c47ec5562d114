/// One function of a commitlint configuration's `ignores`, read as data from the team's
/// JavaScript or TypeScript file (Protocol/README.md, "JavaScript and TypeScript configurations"):
/// the shapes teams write (`(commit) => commit.includes("WIP")`, `startsWith`, `endsWith`, `===`,
/// a regular expression's `test`, `!`, `&&` and `||` of those), decided as JavaScript decides
/// them on the message commitlint passes (`isIgnored(message)`), without running JavaScript.
package indirect enum CommitlintIgnore: Hashable, Sendable, CustomStringConvertible {
  /// A value known when the file is read (`() => true`).
  case constant(Bool)
  /// `a.includes(b)`.
  case includes(Text, Text)
  /// `a.startsWith(b)`.
  case startsWith(Text, Text)
  /// `a.endsWith(b)`.
  case endsWith(Text, Text)
  /// `a === b`.
  case equals(Text, Text)
  /// `/re/.test(a)`, `a.match(/re/)` (a match or null: its truth).
  case matches(JavaScriptRegex, Text)
  case not(CommitlintIgnore)
  /// `a && b && …`: every one holds.
  case all([CommitlintIgnore])
  /// `a || b || …`: one holds.
  case any([CommitlintIgnore])

  /// A string the function computes from the message.
  package indirect enum Text: Hashable, Sendable, CustomStringConvertible {
    /// The function's parameter: the message as commitlint passes it.
    case message
    case literal(String)
    /// `a.toLowerCase()`.
    case lowercased(Text)
    /// `a.toUpperCase()`.
    case uppercased(Text)
    /// `a.trim()`.
    case trimmed(Text)
    /// `a.split(separator)[0]` with a separator that is not empty: what comes before its first
    /// occurrence (all of `a` without one).
    case beforeFirst(Text, separator: String)

    /// The string, as JavaScript computes it.
    package func value(_ message: String) -> String {
      switch self {
      case .message: return message
      case .literal(let text): return text
      case .lowercased(let inner): return JavaScriptText.lowerCased(inner.value(message).unicodeScalars)
      case .uppercased(let inner): return JavaScriptText.upperCased(inner.value(message).unicodeScalars)
      case .trimmed(let inner): return JavaScriptText.trim(inner.value(message))
      case .beforeFirst(let inner, let separator):
        let text = Array(inner.value(message).unicodeScalars)
        let needle = Array(separator.unicodeScalars)
        guard let found = CommitlintIgnore.firstIndex(of: needle, in: text, from: 0) else {
          return String(String.UnicodeScalarView(text))
        }
        return String(String.UnicodeScalarView(text[..<found]))
      }
    }

    /// As JavaScript would write it (`commit.toLowerCase()`).
    package var description: String {
      switch self {
      case .message: "message"
      case .literal(let text): CommitlintIgnore.quoted(text)
      case .lowercased(let inner): "\(inner).toLowerCase()"
      case .uppercased(let inner): "\(inner).toUpperCase()"
      case .trimmed(let inner): "\(inner).trim()"
      case .beforeFirst(let inner, let separator): "\(inner).split(\(CommitlintIgnore.quoted(separator)))[0]"
      }
    }
  }

  /// Whether commitlint would skip `message`: what the function returns, as a truth value.
  package func ignores(_ message: String) -> Bool {
    switch self {
    case .constant(let value): return value
    case .includes(let haystack, let needle):
      return Self.firstIndex(
        of: Array(needle.value(message).unicodeScalars), in: Array(haystack.value(message).unicodeScalars),
        from: 0)
        != nil
    case .startsWith(let text, let prefix):
      return text.value(message).unicodeScalars.starts(with: prefix.value(message).unicodeScalars)
    case .endsWith(let text, let suffix):
      return text.value(message).unicodeScalars.reversed().starts(
        with: suffix.value(message).unicodeScalars.reversed())
    case .equals(let first, let second):
      return JavaScriptText.equal(first.value(message), second.value(message))
    case .matches(let regex, let text): return regex.test(text.value(message))
    case .not(let inner): return !inner.ignores(message)
    case .all(let parts): return parts.allSatisfy { $0.ignores(message) }
    case .any(let parts): return parts.contains { $0.ignores(message) }
    }
  }

  /// As JavaScript would write it, with the parameter named `message`.
  package var description: String {
    switch self {
    case .constant(let value): "\(value)"
    case .includes(let haystack, let needle): "\(haystack).includes(\(needle))"
    case .startsWith(let text, let prefix): "\(text).startsWith(\(prefix))"
    case .endsWith(let text, let suffix): "\(text).endsWith(\(suffix))"
    case .equals(let first, let second): "\(first) === \(second)"
    case .matches(let regex, let text): "\(regex).test(\(text))"
    case .not(let inner): "!(\(inner))"
    case .all(let parts): parts.map { "(\($0))" }.joined(separator: " && ")
    case .any(let parts): parts.map { "(\($0))" }.joined(separator: " || ")
    }
  }

  /// Where `needle` first occurs in `text` at or after `from` (scalars compare as JavaScript's
  /// code units do, a well-formed string's code units and scalars being one sequence).
  static func firstIndex(of needle: [Unicode.Scalar], in text: [Unicode.Scalar], from: Int) -> Int? {
    search(needle, in: text, from: from)
  }

  /// Where `needle` first occurs in `haystack` at or after `from`, by Knuth, Morris and Pratt: in
  /// time linear in both, whatever they hold (a naive search takes their product on `aaa…ab`).
  package static func search<T: Equatable>(_ needle: [T], in haystack: [T], from: Int) -> Int? {
    guard !needle.isEmpty else { return min(max(from, 0), haystack.count) }
    guard needle.count <= haystack.count - from else { return nil }
    // failure[i]: the length of the longest proper border of needle[0...i].
    var failure = [Int](repeating: 0, count: needle.count)
    var length = 0
    for index in 1..<needle.count {
      while length > 0 && needle[index] != needle[length] { length = failure[length - 1] }
      if needle[index] == needle[length] { length += 1 }
      failure[index] = length
    }
    var matched = 0
    for index in from..<haystack.count {
      while matched > 0 && haystack[index] != needle[matched] { matched = failure[matched - 1] }
      if haystack[index] == needle[matched] { matched += 1 }
      if matched == needle.count { return index - needle.count + 1 }
    }
    return nil
  }

  /// A string as JavaScript writes it in double quotes.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\x" + (hex.count < 2 ? "0" : "") + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
