/// A forward-only reader over the bytes of one JSON text, for the few message shapes that arrive
/// thousands of times a second (a keystroke's `didChange`): it reads the fields a caller asks for
/// straight from the bytes, without building jansson's tree.
///
/// It accepts a strict subset of what jansson accepts and nothing else: integers of at most 18
/// digits (no fractions or exponents), keys without escapes, nesting up to 32 levels. Every
/// string is checked for UTF-8 and control characters, every skipped value for grammar, and the
/// text must end after the root. Any step returns `false` or `nil` the moment the input leaves
/// that subset, and the caller then hands the bytes to jansson, which either reads them or says
/// exactly what is wrong — so the scanner can never accept what jansson would refuse, and never
/// needs error messages of its own. (The fuzzer checks that property.)
public struct JSONScanner {
  @usableFromInline let base: UnsafePointer<UInt8>
  @usableFromInline let end: Int
  @usableFromInline var index = 0
  /// Scratch space for strings with escapes.
  @usableFromInline var unescaped: [UInt8] = []

  @usableFromInline static let maxDepth = 32

  /// `bytes` must stay valid while the scanner is used.
  @inlinable public init?(_ bytes: UnsafeRawBufferPointer) {
    guard let start = bytes.baseAddress, bytes.count > 0 else { return nil }
    base = start.assumingMemoryBound(to: UInt8.self)
    end = bytes.count
  }

  @inlinable @inline(__always)
  public mutating func skipSpace() {
    while index < end {
      switch base[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// Consumes `ascii` (after whitespace) when it is next.
  @inlinable @inline(__always)
  public mutating func consume(_ ascii: UInt8) -> Bool {
    skipSpace()
    guard index < end, base[index] == ascii else { return false }
    index += 1
    return true
  }

  /// True when only whitespace is left.
  @inlinable public mutating func isAtEnd() -> Bool {
    skipSpace()
    return index == end
  }

  // MARK: - Objects and arrays

  /// Calls `member` for each key of the object that comes next, with the scanner placed at the
  /// member's value; `member` must consume that value. False when this is not an object, the
  /// grammar breaks, or `member` returns false.
  @inlinable @inline(__always)
  public mutating func object(_ member: (inout JSONScanner, Key) -> Bool) -> Bool {
    guard consume(UInt8(ascii: "{")) else { return false }
    if consume(UInt8(ascii: "}")) { return true }
    repeat {
      guard let key = key(), consume(UInt8(ascii: ":")), member(&self, key) else { return false }
      if consume(UInt8(ascii: "}")) { return true }
    } while consume(UInt8(ascii: ","))
    return false
  }

  /// Calls `element` for each element of the array that comes next; `element` must consume it.
  @inlinable @inline(__always)
  public mutating func array(_ element: (inout JSONScanner) -> Bool) -> Bool {
    guard consume(UInt8(ascii: "[")) else { return false }
    if consume(UInt8(ascii: "]")) { return true }
    repeat {
      guard element(&self) else { return false }
      if consume(UInt8(ascii: "]")) { return true }
    } while consume(UInt8(ascii: ","))
    return false
  }

  /// An object key, as a range of the input (keys with escapes are outside the subset).
  public struct Key {
    @usableFromInline let start: UnsafePointer<UInt8>
    @usableFromInline let count: Int

    @usableFromInline init(start: UnsafePointer<UInt8>, count: Int) {
      self.start = start
      self.count = count
    }

    @inlinable @inline(__always)
    public static func == (key: Key, name: StaticString) -> Bool {
      key.count == name.utf8CodeUnitCount && memoryEqual(key.start, name.utf8Start, key.count)
    }
  }

  @inlinable mutating func key() -> Key? {
    guard consume(UInt8(ascii: "\"")) else { return nil }
    let start = index
    guard skipPlainRun(), base[index] == UInt8(ascii: "\"") else { return nil }
    index += 1
    return Key(start: base + start, count: index - 1 - start)
  }

  // MARK: - Scalars

  /// A string value, unescaped; `known` itself when the value is the same text written without
  /// escapes (a client repeats a document's URI in every keystroke: no new string each time).
  @inlinable public mutating func string(reusing known: String) -> String? {
    let mark = index
    guard consume(UInt8(ascii: "\"")) else { return nil }
    let start = index
    if !known.isEmpty, skipPlainRun(), base[index] == UInt8(ascii: "\""), index - start == known.utf8.count {
      var known = known
      let same = known.withUTF8 { memoryEqual(base + start, $0.baseAddress!, $0.count) }
      if same {
        index += 1
        return known
      }
    }
    index = mark
    return string()
  }

  /// A string value, unescaped.
  @inlinable public mutating func string() -> String? {
    guard consume(UInt8(ascii: "\"")) else { return nil }
    var start = index
    guard skipPlainRun() else { return nil }
    if base[index] == UInt8(ascii: "\"") {
      // No escapes (the common case): made straight from the input.
      let text = String(
        decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
      index += 1
      return text
    }
    unescaped.removeAll(keepingCapacity: true)
    while true {
      unescaped.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
      if base[index] == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: unescaped, as: UTF8.self)
      }
      guard unescape() else { return nil }
      start = index
      guard skipPlainRun() else { return nil }
    }
  }

  /// Advances over string content that needs no unescaping (well-formed UTF-8 without control
  /// characters) to the next quote or backslash; false when something else or the end comes first.
  @inlinable @inline(__always)
  mutating func skipPlainRun() -> Bool {
    while index < end {
      let b = base[index]
      if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return true }
      if b < 0x20 { return false }
      if b < 0x80 {
        index += 1
      } else {
        guard let length = Self.utf8SequenceLength(base + index, available: end - index) else { return false }
        index += length
      }
    }
    return false
  }

  /// Decodes the escape at `index` into `unescaped`.
  @usableFromInline mutating func unescape() -> Bool {
    guard index + 1 < end else { return false }
    let c = base[index + 1]
    index += 2
    switch c {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(c)
    case UInt8(ascii: "b"): unescaped.append(0x08)
    case UInt8(ascii: "f"): unescaped.append(0x0C)
    case UInt8(ascii: "n"): unescaped.append(0x0A)
    case UInt8(ascii: "r"): unescaped.append(0x0D)
    case UInt8(ascii: "t"): unescaped.append(0x09)
    case UInt8(ascii: "u"):
      guard var value = hex4() else { return false }
      if value >= 0xDC00 && value <= 0xDFFF { return false }
      if value >= 0xD800 && value <= 0xDBFF {
        guard index + 1 < end, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
          return false
        }
        index += 2
        guard let low = hex4(), low >= 0xDC00 && low <= 0xDFFF else { return false }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(value) else { return false }
      unescaped.append(contentsOf: UTF8.encode(scalar)!)
    default:
      return false
    }
    return true
  }

  @usableFromInline mutating func hex4() -> UInt32? {
    guard end - index >= 4 else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = base[index]
      let digit: UInt8
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
      default: return nil
      }
      // Fits: a hex digit is 0–15, and four of them make 16 bits.
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// True when the next value is the string `expected`, written without escapes.
  @inlinable public mutating func string(equalTo expected: StaticString) -> Bool {
    guard consume(UInt8(ascii: "\"")), literal(expected), index < end, base[index] == UInt8(ascii: "\"")
    else {
      return false
    }
    index += 1
    return true
  }

  /// An integer of at most 18 digits (so it fits in 64 bits however it is signed).
  @inlinable public mutating func int() -> Int? {
    skipSpace()
    var negative = false
    if index < end && base[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    let start = index
    var value = 0
    while index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") {
      guard index - start < 18 else { return nil }
      value = value * 10 + Int(base[index] - UInt8(ascii: "0"))
      index += 1
    }
    let digits = index - start
    guard digits > 0, !(digits > 1 && base[start] == UInt8(ascii: "0")) else { return nil }
    if index < end {
      switch base[index] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
      default: break
      }
    }
    return negative ? -value : value
  }

  // MARK: - Skipping

  /// Consumes the next value whole, checking its grammar.
  @inlinable public mutating func skipValue() -> Bool { skipValue(depth: 0) }

  @usableFromInline mutating func skipValue(depth: Int) -> Bool {
    skipSpace()
    guard index < end, depth < Self.maxDepth else { return false }
    switch base[index] {
    case UInt8(ascii: "{"):
      return object { scanner, _ in scanner.skipValue(depth: depth + 1) }
    case UInt8(ascii: "["):
      return array { $0.skipValue(depth: depth + 1) }
    case UInt8(ascii: "\""):
      return skipString()
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    default:
      return int() != nil
    }
  }

  @inlinable mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard end - index >= count, memoryEqual(base + index, word.utf8Start, count) else { return false }
    index += count
    return true
  }

  @usableFromInline mutating func skipString() -> Bool {
    index += 1
    while skipPlainRun() {
      if base[index] == UInt8(ascii: "\"") {
        index += 1
        return true
      }
      // Checked the same way as a read string, into the scratch space.
      guard unescape() else { return false }
      unescaped.removeAll(keepingCapacity: true)
    }
    return false
  }

  // MARK: - UTF-8

  /// The length of the well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates,
  /// nothing past U+10FFFF) that starts with a non-ASCII byte at `p`, or `nil`.
  @inlinable @inline(__always)
  static func utf8SequenceLength(_ p: UnsafePointer<UInt8>, available: Int) -> Int? {
    let b0 = p[0]
    func continuation(_ i: Int) -> Bool { p[i] & 0xC0 == 0x80 }
    switch b0 {
    case 0xC2...0xDF:
      return available >= 2 && continuation(1) ? 2 : nil
    case 0xE0...0xEF:
      guard available >= 3, continuation(1), continuation(2) else { return nil }
      let b1 = p[1]
      if b0 == 0xE0 && b1 < 0xA0 { return nil }  // overlong
      if b0 == 0xED && b1 > 0x9F { return nil }  // surrogate
      return 3
    case 0xF0...0xF4:
      guard available >= 4, continuation(1), continuation(2), continuation(3) else { return nil }
      let b1 = p[1]
      if b0 == 0xF0 && b1 < 0x90 { return nil }  // overlong
      if b0 == 0xF4 && b1 > 0x8F { return nil }  // past U+10FFFF
      return 4
    default:
      return nil
    }
  }
}

@inlinable @inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  var i = 0
  while i < count {
    if a[i] != b[i] { return false }
    i += 1
  }
  return true
}
