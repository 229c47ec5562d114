/// Compact JSON written straight into bytes, for output that is large and regular (a publish of
/// tens of thousands of diagnostics): no `JSONValue` tree is built only to be taken apart again.
/// Strings are escaped exactly as `JSONSerializer` escapes them, so either path writes the same
/// bytes.
///
/// The writing methods are `@inlinable`: called from other modules for every key and value of
/// an answer (a completion list's hundred items), an opaque call each cost more than the bytes
/// it wrote.
public struct JSONBytes: Sendable {
  @usableFromInline var storage: [UInt8] = []

  public var bytes: [UInt8] { storage }

  public init(capacity: Int = 0) { storage.reserveCapacity(capacity) }

  /// Punctuation and keys written as they are: `{"line":`.
  @inlinable public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { storage.append(contentsOf: $0) }
  }

  @inlinable public mutating func string(_ text: String) { JSONSerializer.appendString(text, to: &storage) }

  /// A decimal integer, without making a `String` of it.
  @inlinable public mutating func int(_ value: Int) {
    if value < 0 {
      storage.append(UInt8(ascii: "-"))
      // The magnitude of Int.min does not fit an Int.
      writeDigits(value.magnitude)
    } else {
      // Fits: not negative.
      writeDigits(UInt(value))
    }
  }

  @inlinable mutating func writeDigits(_ value: UInt) {
    if value < 10 {
      // Fits: a single digit.
      storage.append(UInt8(ascii: "0") &+ UInt8(value))
      return
    }
    var divisor: UInt = 1
    while value / divisor >= 10 { divisor &*= 10 }
    var rest = value
    while divisor > 0 {
      // Fits: `rest < 10 * divisor`, so the quotient is one digit.
      storage.append(UInt8(ascii: "0") &+ UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// The bytes as one `JSONValue` to embed in a message.
  public var value: JSONValue { .verbatim(String(decoding: storage, as: UTF8.self)) }
}
