extension JavaScriptLexer {
  /// A numeric literal at `offset`: decimal (with `_` separators, a fraction, an exponent),
  /// `0x`, `0o`, `0b`, a legacy octal `017`, or a BigInt (`10n`).
  mutating func number() throws(JavaScriptLexError) -> JavaScriptToken.Kind {
    let start = offset
    func fail(_ message: String) -> JavaScriptLexError { JavaScriptLexError(offset: start, message: message) }
    /// Digits of `radix` with separators between them, appended to `text`.
    func digits(_ radix: UInt32, into text: inout String, required: Bool) throws(JavaScriptLexError) {
      var count = 0
      var lastWasSeparator = false
      while let scalar = peek() {
        if scalar == "_" {
          guard count > 0, !lastWasSeparator else { throw fail("invalid numeric separator") }
          lastWasSeparator = true
          offset += 1
          continue
        }
        guard let digit = Self.hexDigit(scalar), digit < radix else { break }
        text.unicodeScalars.append(scalar)
        count += 1
        lastWasSeparator = false
        offset += 1
      }
      if lastWasSeparator { throw fail("invalid numeric separator") }
      if required && count == 0 { throw fail("missing digits in a number") }
    }
    func finish(_ kind: JavaScriptToken.Kind) throws(JavaScriptLexError) -> JavaScriptToken.Kind {
      // `3in` and `0x1g` are errors: a name may not start right after a number.
      if let scalar = peek(),
        Self.isIdentifierStart(scalar) || (scalar >= "0" && scalar <= "9") || scalar == "\\"
      {
        throw fail("a name right after a number")
      }
      return kind
    }
    if peek() == "0", let marker = peek(1) {
      let radix: UInt32? =
        switch marker {
        case "x", "X": 16
        case "o", "O": 8
        case "b", "B": 2
        default: nil
        }
      if let radix {
        offset += 2
        var text = ""
        try digits(radix, into: &text, required: true)
        if peek() == "n" {
          offset += 1
          return try finish(.bigint)
        }
        return try finish(.number(Self.integer(text, radix: radix)))
      }
      if marker >= "0" && marker <= "9" {
        // Legacy octal (`017`) or, with an 8 or a 9, a decimal with a leading zero (`089`).
        offset += 1
        var text = ""
        while let scalar = peek(), scalar >= "0" && scalar <= "9" {
          text.unicodeScalars.append(scalar)
          offset += 1
        }
        if text.unicodeScalars.allSatisfy({ $0 < "8" }) {
          return try finish(.number(Self.integer(text, radix: 8)))
        }
        return try decimalTail(integer: text, start: start)
      }
    }
    var integer = ""
    if peek() != "." { try digits(10, into: &integer, required: true) }
    if peek() == "n" {
      offset += 1
      return try finish(.bigint)
    }
    return try decimalTail(integer: integer, start: start)
  }

  /// The fraction and exponent after a decimal's integer digits.
  private mutating func decimalTail(integer: String, start: Int) throws(JavaScriptLexError)
    -> JavaScriptToken.Kind
  {
    var text = integer.isEmpty ? "0" : integer
    func fail(_ message: String) -> JavaScriptLexError { JavaScriptLexError(offset: start, message: message) }
    func digits(into text: inout String) throws(JavaScriptLexError) -> Int {
      var count = 0
      var lastWasSeparator = false
      while let scalar = peek() {
        if scalar == "_" {
          guard count > 0, !lastWasSeparator else { throw fail("invalid numeric separator") }
          lastWasSeparator = true
          offset += 1
          continue
        }
        guard scalar >= "0" && scalar <= "9" else { break }
        text.unicodeScalars.append(scalar)
        count += 1
        lastWasSeparator = false
        offset += 1
      }
      if lastWasSeparator { throw fail("invalid numeric separator") }
      return count
    }
    if peek() == "." {
      offset += 1
      text += "."
      if try digits(into: &text) == 0 { text += "0" }
    }
    if let marker = peek(), marker == "e" || marker == "E" {
      offset += 1
      text += "e"
      if let sign = peek(), sign == "+" || sign == "-" {
        text.unicodeScalars.append(sign)
        offset += 1
      }
      guard try digits(into: &text) > 0 else { throw fail("missing exponent digits") }
    }
    if let scalar = peek(), Self.isIdentifierStart(scalar) || scalar == "\\" {
      throw fail("a name right after a number")
    }
    guard let value = Double(text) else { throw fail("an unreadable number") }
    return .number(value)
  }

  /// Digits of `radix` as a number (rounded as JavaScript rounds when past 2^53).
  static func integer(_ digits: String, radix: UInt32) -> Double {
    if let exact = UInt64(digits, radix: Int(radix)) { return Double(exact) }
    var value = 0.0
    for scalar in digits.unicodeScalars { value = value * Double(radix) + Double(hexDigit(scalar)!) }
    return value
  }

  /// A string literal at `offset` (its quote `quote`): its value, nil when it holds a lone
  /// surrogate.
  mutating func string(quote: Unicode.Scalar) throws(JavaScriptLexError) -> String? {
    let start = offset
    offset += 1
    var units: [UInt16] = []
    while true {
      guard let scalar = peek() else {
        throw JavaScriptLexError(offset: start, message: "unterminated string")
      }
      if scalar == quote {
        offset += 1
        break
      }
      if scalar == "\n" || scalar == "\r" {
        throw JavaScriptLexError(offset: start, message: "unterminated string (a line break inside it)")
      }
      if scalar == "\\" {
        let escapeStart = offset
        offset += 1
        guard try escape(into: &units, template: false) else {
          throw JavaScriptLexError(offset: escapeStart, message: "invalid escape in a string")
        }
        continue
      }
      units.append(contentsOf: scalar.utf16)
      offset += 1
    }
    return String(validating: units, as: UTF16.self)
  }

  /// The escape after a `\` at `offset - 1`, appended to `units`; false when it is malformed (in
  /// a template, also a legacy octal one, which only strings allow).
  mutating func escape(into units: inout [UInt16], template: Bool) throws(JavaScriptLexError) -> Bool {
    guard let scalar = peek() else {
      throw JavaScriptLexError(offset: offset, message: "unterminated string")
    }
    offset += 1
    switch scalar {
    case "n": units.append(0x0A)
    case "t": units.append(0x09)
    case "r": units.append(0x0D)
    case "b": units.append(0x08)
    case "f": units.append(0x0C)
    case "v": units.append(0x0B)
    case "\r":
      // A line continuation: nothing.
      if peek() == "\n" { offset += 1 }
    case "\n", "\u{2028}", "\u{2029}":
      break
    case "x":
      guard let value = hexadecimal(count: 2) else { return false }
      units.append(UInt16(value))
    case "u":
      guard let value = try unicodeEscape() else { return false }
      if value <= 0xFFFF {
        units.append(UInt16(value))
      } else {
        units.append(contentsOf: Unicode.Scalar(value)!.utf16)
      }
    case "0"..."9":
      let followedByDigit = peek().map { $0 >= "0" && $0 <= "9" } ?? false
      if scalar == "0" && !followedByDigit {
        units.append(0)
      } else if template {
        return false
      } else if scalar >= "8" {
        // `\8` and `\9` are the digits themselves (sloppy code). Fits: "8" or "9".
        units.append(UInt16(scalar.value))
      } else {
        // A legacy octal escape: up to three digits, at most 0o377.
        var value = scalar.value - 0x30
        let limit = scalar <= "3" ? 2 : 1
        var read = 0
        while read < limit, let digit = peek(), digit >= "0" && digit <= "7" {
          value = value * 8 + (digit.value - 0x30)
          offset += 1
          read += 1
        }
        units.append(UInt16(value))
      }
    default:
      units.append(contentsOf: scalar.utf16)
    }
    return true
  }

  /// A template's text from `offset` (just past `` ` `` or `}`) to `${` or the closing `` ` ``.
  mutating func templatePart() throws(JavaScriptLexError) -> JavaScriptToken.Kind {
    let start = offset
    var units: [UInt16] = []
    var malformed = false
    while true {
      guard let scalar = peek() else {
        throw JavaScriptLexError(offset: start - 1, message: "unterminated template")
      }
      if scalar == "`" {
        offset += 1
        return .template(cooked: malformed ? nil : String(validating: units, as: UTF16.self), tail: true)
      }
      if scalar == "$", peek(1) == "{" {
        offset += 2
        return .template(cooked: malformed ? nil : String(validating: units, as: UTF16.self), tail: false)
      }
      if scalar == "\\" {
        offset += 1
        if try !escape(into: &units, template: true) { malformed = true }
        continue
      }
      if scalar == "\r" {
        // CR LF and a lone CR are both LF in a template's value.
        offset += 1
        if peek() == "\n" { offset += 1 }
        units.append(0x0A)
        continue
      }
      units.append(contentsOf: scalar.utf16)
      offset += 1
    }
  }

  /// The token at `token`'s start read again as a regular expression literal (the parser saw `/`
  /// or `/=` where an expression starts).
  mutating func regex(at token: JavaScriptToken) throws(JavaScriptLexError) -> JavaScriptToken {
    offset = token.start + 1
    var inClass = false
    var pattern = String.UnicodeScalarView()
    while true {
      guard let scalar = peek(), !Self.isLineTerminator(scalar) else {
        throw JavaScriptLexError(offset: token.start, message: "unterminated regular expression")
      }
      offset += 1
      if scalar == "\\" {
        guard let next = peek(), !Self.isLineTerminator(next) else {
          throw JavaScriptLexError(offset: token.start, message: "unterminated regular expression")
        }
        pattern.append(scalar)
        pattern.append(next)
        offset += 1
        continue
      }
      if scalar == "[" {
        inClass = true
      } else if scalar == "]" {
        inClass = false
      } else if scalar == "/" && !inClass {
        break
      }
      pattern.append(scalar)
    }
    var flags = String.UnicodeScalarView()
    while let scalar = peek(), Self.isIdentifierPart(scalar) {
      flags.append(scalar)
      offset += 1
    }
    if peek() == "\\" {
      throw JavaScriptLexError(offset: offset, message: "invalid regular expression flags")
    }
    return JavaScriptToken(
      kind: .regex(pattern: String(pattern), flags: String(flags)), start: token.start, end: offset,
      newlineBefore: token.newlineBefore)
  }

  /// The `}` token read again as the continuation of a template after a substitution.
  mutating func templateContinuation(at token: JavaScriptToken) throws(JavaScriptLexError) -> JavaScriptToken
  {
    offset = token.start + 1
    let kind = try templatePart()
    return JavaScriptToken(kind: kind, start: token.start, end: offset, newlineBefore: token.newlineBefore)
  }

  /// A token that starts with `>` (`>>`, `>=`, `>>>=`…) read again as `>` alone, where a type's
  /// arguments close.
  mutating func greaterThan(at token: JavaScriptToken) -> JavaScriptToken {
    offset = token.start + 1
    return JavaScriptToken(
      kind: .punctuator(">"), start: token.start, end: offset, newlineBefore: token.newlineBefore)
  }
}
