/// Where a byte-by-byte pass over JSON text stands with respect to its strings, for the passes
/// that act only outside them (trailing commas dropped from a manifest, brackets counted across
/// a session file's lines): a `"` opens a string, and inside one a `\` escapes the byte after it.
package struct JSONStringScan: Sendable {
  /// Whether the last byte taken left the pass inside a string.
  package private(set) var inString = false
  private var escaped = false

  package init() {}

  /// Takes the next byte; whether it belongs to a string, its quotes included.
  package mutating func take(_ byte: UInt8) -> Bool {
    guard inString else {
      inString = byte == UInt8(ascii: "\"")
      return inString
    }
    if escaped {
      escaped = false
    } else if byte == UInt8(ascii: "\\") {
      escaped = true
    } else if byte == UInt8(ascii: "\"") {
      inString = false
    }
    return true
  }
}
