/// What JavaScript's regular expressions and string methods mean by a character class, read over
/// UTF-8 bytes: commitlint and conventional-commits-parser are JavaScript, and their verdicts turn
/// on `\s`, `\w`, `.`, `trim()` and `length` as JavaScript defines them (ECMA-262, without the `u`
/// flag): `\w` is ASCII, `\s` is Unicode's white space and line terminators, `.` stops at a line
/// terminator, a length counts UTF-16 code units.
package enum JavaScriptText {
  /// The scalar at `index` of valid UTF-8 `bytes` and its length in bytes.
  @inline(__always)
  static func scalar(_ bytes: [UInt8], _ index: Int) -> (value: UInt32, length: Int) {
    let lead = bytes[index]
    // Fits: each operand is one byte (its payload bits masked), widened to 32 bits.
    if lead < 0x80 { return (UInt32(lead), 1) }
    // Not the start of a scalar: a replacement, one byte on.
    if lead < 0xC0 { return (0xFFFD, 1) }
    if lead < 0xE0 {
      return ((UInt32(lead & 0x1F) << 6) | UInt32(bytes[index + 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      // Fits: bytes masked to their payload bits, widened.
      return (
        (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6)
          | UInt32(bytes[index + 2] & 0x3F), 3
      )
    }
    // Fits: bytes masked to their payload bits, widened.
    return (
      (UInt32(lead & 0x07) << 18) | (UInt32(bytes[index + 1] & 0x3F) << 12)
        | (UInt32(bytes[index + 2] & 0x3F) << 6) | UInt32(bytes[index + 3] & 0x3F), 4
    )
  }

  /// `\s`: JavaScript's WhiteSpace and LineTerminator.
  package static func isWhitespace(_ value: UInt32) -> Bool {
    switch value {
    case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
      true
    default: false
    }
  }

  /// A LineTerminator: what `.` does not match.
  package static func isLineTerminator(_ value: UInt32) -> Bool {
    value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
  }

  /// `\w`: `[A-Za-z0-9_]`.
  @inline(__always)
  static func isWord(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || byte == 0x5F
  }

  /// The length in bytes of the `\s` character at `index` (0 when there is none).
  @inline(__always)
  static func whitespaceLength(_ bytes: [UInt8], _ index: Int, _ end: Int) -> Int {
    guard index < end else { return 0 }
    let byte = bytes[index]
    if byte < 0x80 { return (byte >= 0x09 && byte <= 0x0D) || byte == 0x20 ? 1 : 0 }
    let (value, length) = scalar(bytes, index)
    return isWhitespace(value) ? length : 0
  }

  /// The length in bytes of the line terminator at `index` (0 when there is none).
  @inline(__always)
  static func lineTerminatorLength(_ bytes: [UInt8], _ index: Int, _ end: Int) -> Int {
    guard index < end else { return 0 }
    let byte = bytes[index]
    if byte == 0x0A || byte == 0x0D { return 1 }
    guard byte == 0xE2 else { return 0 }
    let (value, length) = scalar(bytes, index)
    return isLineTerminator(value) ? length : 0
  }

  /// Where `\s*` from `index` ends.
  static func skipWhitespace(_ bytes: [UInt8], _ index: Int, _ end: Int) -> Int {
    var at = index
    while case let length = whitespaceLength(bytes, at, end), length > 0 { at += length }
    return at
  }

  /// Whether `bytes[start..<end]` holds a line terminator.
  static func containsLineTerminator(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
    var at = start
    while at < end {
      let length = lineTerminatorLength(bytes, at, end)
      if length > 0 { return true }
      at += 1
    }
    return false
  }

  /// A scalar as a case-insensitive JavaScript pattern compares it (Canonicalize without `u`: the
  /// simple upper case when it is one BMP scalar that is not ASCII unless the scalar is).
  package static func canonical(_ value: UInt32) -> UInt32 {
    if value < 0x80 {
      return value >= 0x61 && value <= 0x7A ? value - 0x20 : value
    }
    guard let scalar = Unicode.Scalar(value) else { return value }
    let upper = scalar.properties.uppercaseMapping.unicodeScalars
    guard upper.count == 1, let first = upper.first, first.value <= 0xFFFF, first.value >= 0x80 else {
      return value
    }
    return first.value
  }

  /// The end of `literal` matched at `index` (ASCII-case-insensitively when `ignoringCase`, as the
  /// `i` flag does), or nil.
  static func match(_ literal: [UInt8], in bytes: [UInt8], at index: Int, end: Int, ignoringCase: Bool)
    -> Int?
  {
    if !ignoringCase {
      guard index + literal.count <= end else { return nil }
      for offset in 0..<literal.count where bytes[index + offset] != literal[offset] { return nil }
      return index + literal.count
    }
    var at = index
    var position = 0
    while position < literal.count {
      guard at < end else { return nil }
      let (want, wantLength) = scalar(literal, position)
      let (have, haveLength) = scalar(bytes, at)
      guard want == have || canonical(want) == canonical(have) else { return nil }
      position += wantLength
      at += haveLength
    }
    return at
  }

  /// JavaScript's `String.prototype.trim()` range of `bytes[start..<end]`.
  static func trimmed(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Range<Int> {
    let lower = skipWhitespace(bytes, start, end)
    var upper = end
    while upper > lower {
      var first = upper - 1
      while first > lower && bytes[first] & 0xC0 == 0x80 { first -= 1 }
      guard whitespaceLength(bytes, first, upper) == upper - first else { break }
      upper = first
    }
    return lower..<upper
  }

  /// JavaScript's `length`: UTF-16 code units.
  static func length(_ text: some StringProtocol) -> Int { text.utf16.count }

  /// `` `${x}` `` of a number as a configuration gives it: an integral value without a fraction
  /// (`72`, not `72.0`); others as Swift's shortest form, which is JavaScript's but for the
  /// exponent's spelling of very large or small values.
  static func number(_ x: Double) -> String {
    if x.isNaN { return "NaN" }
    if x.isInfinite { return x < 0 ? "-Infinity" : "Infinity" }
    if let integral = Int64(exactly: x) { return String(integral) }
    return x.description
  }
}
