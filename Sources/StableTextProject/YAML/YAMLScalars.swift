import StableTextConventions
import StableTextCore

/// How js-yaml's default schema (the core schema) types a plain scalar, as commitlint's
/// configuration loader (cosmiconfig) reads YAML: what is null, a boolean or a number; anything
/// else is a string (Protocol/README.md, "Where the rules come from").
enum YAMLScalars {
  /// `~`, `null`, `Null`, `NULL` and the empty scalar.
  static func null(_ text: String) -> CommitlintValue? {
    ["", "~", "null", "Null", "NULL"].contains(text) ? .null : nil
  }

  /// `true`, `True`, `TRUE`, `false`, `False`, `FALSE`.
  static func bool(_ text: String) -> CommitlintValue? {
    switch text {
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    default: return nil
    }
  }

  /// An integer (decimal, `0x`, `0o`, `0b`, with `_` between digits) or a float (decimal with a
  /// fraction or an exponent, `.inf`, `.nan`), signed or not.
  static func number(_ text: String) -> CommitlintValue? {
    var body = Substring(text)
    var sign = 1.0
    if let first = body.first, first == "-" || first == "+" {
      if first == "-" { sign = -1 }
      body = body.dropFirst()
    }
    guard let first = body.first else { return nil }
    switch body {
    case ".inf", ".Inf", ".INF": return .number(sign * .infinity)
    case ".nan", ".NaN", ".NAN": return text == body ? .number(.nan) : nil
    default: break
    }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where body.hasPrefix(prefix) {
      let digits = body.dropFirst(2)
      guard !digits.isEmpty, digits.first != "_" else { return nil }
      let plain = digits.filter { $0 != "_" }
      guard let value = Int(plain, radix: radix) else { return nil }
      return .number(sign * Double(value))
    }
    guard first.isASCII, first.isNumber || first == "." else { return nil }
    var sawDigit = false
    var sawDot = false
    var sawExponent = false
    var index = body.startIndex
    while index < body.endIndex {
      let character = body[index]
      if character.isASCII && character.isNumber {
        sawDigit = true
      } else if character == "_" {
        guard sawDigit, !sawExponent else { return nil }
      } else if character == "." {
        guard !sawDot, !sawExponent else { return nil }
        sawDot = true
      } else if character == "e" || character == "E" {
        guard sawDigit, !sawExponent else { return nil }
        sawExponent = true
        let next = body.index(after: index)
        if next < body.endIndex, body[next] == "-" || body[next] == "+" { index = next }
        let digitsStart = body.index(after: index)
        guard digitsStart < body.endIndex, body[digitsStart...].allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
      } else {
        return nil
      }
      index = body.index(after: index)
    }
    guard sawDigit, let value = Double(body.filter { $0 != "_" }) else { return nil }
    return .number(sign * value)
  }
}
