/// JavaScript's lexical grammar (ECMA-262 §12) over a file's scalars: white space, line
/// terminators and comments between tokens, names, punctuators, numbers, strings, templates and
/// regular expressions. A `/` is a division until the parser, at the start of an expression, asks
/// for a regular expression (`regex(at:)`); a `}` ends a template's substitution when the parser
/// asks (`templateContinuation(at:)`); a `>>` is split for type arguments (`greaterThan(at:)`).
/// Each scalar is read once a token, so a file is read in linear time.
struct JavaScriptLexer {
  let scalars: [Unicode.Scalar]
  /// The offset of the next scalar to read.
  var offset = 0

  init(_ scalars: [Unicode.Scalar]) {
    self.scalars = scalars
    // A `#!` line at the very start is a comment (a hashbang).
    if scalars.count >= 2, scalars[0] == "#", scalars[1] == "!" {
      while offset < scalars.count, !Self.isLineTerminator(scalars[offset]) { offset += 1 }
    }
  }

  static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
  }

  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\t", "\u{0B}", "\u{0C}", " ", "\u{A0}", "\u{FEFF}": true
    default: scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator
    }
  }

  static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "$"
        || scalar == "_"
    }
    return scalar.properties.isIDStart
  }

  static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isIdentifierStart(scalar) || (scalar >= "0" && scalar <= "9") }
    return scalar.properties.isIDContinue || scalar == "\u{200C}" || scalar == "\u{200D}"
  }

  func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
    offset + ahead < scalars.count ? scalars[offset + ahead] : nil
  }

  /// Skips white space and comments: whether a line terminator was among them.
  mutating func skipTrivia() throws(JavaScriptLexError) -> Bool {
    var newline = false
    while offset < scalars.count {
      let scalar = scalars[offset]
      if Self.isLineTerminator(scalar) {
        newline = true
        offset += 1
      } else if Self.isWhitespace(scalar) {
        offset += 1
      } else if scalar == "/", peek(1) == "/" {
        offset += 2
        while offset < scalars.count, !Self.isLineTerminator(scalars[offset]) { offset += 1 }
      } else if scalar == "/", peek(1) == "*" {
        let start = offset
        offset += 2
        while true {
          guard offset < scalars.count else {
            throw JavaScriptLexError(offset: start, message: "unterminated comment")
          }
          if scalars[offset] == "*", peek(1) == "/" {
            offset += 2
            break
          }
          if Self.isLineTerminator(scalars[offset]) { newline = true }
          offset += 1
        }
      } else {
        break
      }
    }
    return newline
  }

  /// The next token, a `/` read as division.
  mutating func next() throws(JavaScriptLexError) -> JavaScriptToken {
    let newline = try skipTrivia()
    let start = offset
    func token(_ kind: JavaScriptToken.Kind) -> JavaScriptToken {
      JavaScriptToken(kind: kind, start: start, end: offset, newlineBefore: newline)
    }
    guard offset < scalars.count else { return token(.end) }
    let scalar = scalars[offset]
    if Self.isIdentifierStart(scalar) || scalar == "\\" {
      let (name, escaped) = try identifierName()
      return token(.identifier(name, escaped: escaped))
    }
    if scalar == "#" {
      offset += 1
      guard let first = peek(), Self.isIdentifierStart(first) || first == "\\" else {
        throw JavaScriptLexError(offset: start, message: "unexpected character '#'")
      }
      return token(.privateName(try identifierName().name))
    }
    if (scalar >= "0" && scalar <= "9")
      || (scalar == "." && (peek(1).map { $0 >= "0" && $0 <= "9" } ?? false))
    {
      return token(try number())
    }
    if scalar == "\"" || scalar == "'" { return token(.string(try string(quote: scalar))) }
    if scalar == "`" {
      offset += 1
      return token(try templatePart())
    }
    if let punctuator = punctuator() { return token(.punctuator(punctuator)) }
    throw JavaScriptLexError(
      offset: start, message: "unexpected character '\(scalar.escaped(asASCII: true))'")
  }

  /// The longest punctuator at `offset`, consumed.
  mutating func punctuator() -> String? {
    let scalar = scalars[offset]
    for candidate in Self.punctuators[scalar] ?? [] {
      let length = candidate.count
      guard offset + length <= scalars.count,
        zip(candidate, scalars[offset..<(offset + length)]).allSatisfy({ $0 == $1 })
      else { continue }
      // `a?.5:b` is a conditional, not optional chaining.
      if candidate == ["?", "."], let after = peek(2), after >= "0" && after <= "9" { continue }
      offset += length
      return String(String.UnicodeScalarView(candidate))
    }
    return nil
  }

  /// Every punctuator by its first scalar, longest first.
  static let punctuators: [Unicode.Scalar: [[Unicode.Scalar]]] = {
    let all = [
      "{", "}", "(", ")", "[", "]", ";", ",", "<", ">", "<=", ">=", "==", "!=", "===", "!==", "+", "-", "*",
      "/",
      "%", "**", "++", "--", "<<", ">>", ">>>", "&", "|", "^", "!", "~", "&&", "||", "??", "?", "?.", ":",
      "=",
      "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "=>",
      "...", ".", "@",
    ]
    var table: [Unicode.Scalar: [[Unicode.Scalar]]] = [:]
    for text in all {
      let scalars = Array(text.unicodeScalars)
      table[scalars[0], default: []].append(scalars)
    }
    return table.mapValues { $0.sorted { $0.count > $1.count } }
  }()

  /// A name at `offset` (its `\uXXXX` and `\u{…}` escapes decoded).
  mutating func identifierName() throws(JavaScriptLexError) -> (name: String, escaped: Bool) {
    var name = String.UnicodeScalarView()
    var escaped = false
    while offset < scalars.count {
      var scalar = scalars[offset]
      let start = offset
      if scalar == "\\" {
        guard peek(1) == "u" else {
          throw JavaScriptLexError(offset: start, message: "invalid escape in a name")
        }
        offset += 2
        guard let value = try unicodeEscape(), let decoded = Unicode.Scalar(value) else {
          throw JavaScriptLexError(offset: start, message: "invalid escape in a name")
        }
        scalar = decoded
        escaped = true
        guard name.isEmpty ? Self.isIdentifierStart(scalar) : Self.isIdentifierPart(scalar) else {
          throw JavaScriptLexError(offset: start, message: "invalid escape in a name")
        }
      } else {
        guard name.isEmpty ? Self.isIdentifierStart(scalar) : Self.isIdentifierPart(scalar) else { break }
        offset += 1
      }
      name.append(scalar)
    }
    return (String(name), escaped)
  }

  /// The value of `XXXX` or `{X…}` after `\u` (nil: malformed; the offset is then unspecified).
  mutating func unicodeEscape() throws(JavaScriptLexError) -> UInt32? {
    if peek() == "{" {
      offset += 1
      var value: UInt32 = 0
      var digits = 0
      while let scalar = peek(), scalar != "}" {
        guard let digit = Self.hexDigit(scalar) else { return nil }
        value = value * 16 + digit
        guard value <= 0x10FFFF else { return nil }
        digits += 1
        offset += 1
      }
      guard peek() == "}", digits > 0 else { return nil }
      offset += 1
      return value
    }
    return hexadecimal(count: 4)
  }

  /// `count` hexadecimal digits, consumed, or nil.
  mutating func hexadecimal(count: Int) -> UInt32? {
    var value: UInt32 = 0
    for ahead in 0..<count {
      guard let scalar = peek(ahead), let digit = Self.hexDigit(scalar) else { return nil }
      value = value * 16 + digit
    }
    offset += count
    return value
  }

  static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": scalar.value - 0x30
    case "a"..."f": scalar.value - 0x61 + 10
    case "A"..."F": scalar.value - 0x41 + 10
    default: nil
    }
  }
}
