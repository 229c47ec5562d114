/// Builds a `TextBuffer` from UTF-8 that arrives in pieces (a file read a megabyte at a time),
/// checking it as it comes, so that the text is never held whole beside the buffer (`check` of a
/// 300 MB message held the file's bytes, a `String` of them and the rope at once).
package struct TextBufferBuilder {
  package private(set) var buffer = TextBuffer()
  /// The start of a scalar cut off at the end of the last piece (at most three bytes).
  private var pending: [UInt8] = []
  /// Bytes accepted so far.
  private var accepted = 0
  /// Where the first byte that is not valid UTF-8 is, once one was found.
  package private(set) var invalidOffset: Int?

  package init() {}

  /// Appends a piece; false (and `invalidOffset` set) when the text is not valid UTF-8.
  package mutating func append(_ piece: UnsafeRawBufferPointer) -> Bool {
    guard invalidOffset == nil else { return false }
    var bytes = pending
    bytes.append(contentsOf: piece)
    pending.removeAll()
    // Keep back an incomplete scalar at the end: the next piece completes it.
    var cut = bytes.count
    var back = 0
    while back < 3 && cut - back > 0 && bytes[cut - back - 1] & 0xC0 == 0x80 { back += 1 }
    if cut - back > 0 {
      let lead = bytes[cut - back - 1]
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      if length > back + 1 && length <= 4 && lead < 0xF8 { cut -= back + 1 }
    }
    pending = Array(bytes[cut...])
    guard let text = String(validating: bytes[..<cut], as: UTF8.self) else {
      invalidOffset = accepted + (UTF8Check.firstInvalid(in: bytes[..<cut]) ?? 0)
      return false
    }
    accepted += cut
    buffer.replace(buffer.utf8Count..<buffer.utf8Count, with: text)
    return true
  }

  /// The text, or nil when it was not valid UTF-8 (`invalidOffset` says where).
  package mutating func finish() -> TextBuffer? {
    guard invalidOffset == nil else { return nil }
    guard pending.isEmpty else {
      invalidOffset = accepted
      return nil
    }
    return buffer
  }
}

/// Where UTF-8 first goes wrong (RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF), for an error message that can say at which byte.
package enum UTF8Check {
  /// The offset from the start of `bytes` of the first byte that does not begin or continue a
  /// valid scalar, or nil when all of it is valid.
  package static func firstInvalid(in bytes: ArraySlice<UInt8>) -> Int? {
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return i - bytes.startIndex
      }
      for k in 1..<length {
        guard i + k < bytes.endIndex else { return i - bytes.startIndex }
        let byte = bytes[i + k]
        let range = k == 1 ? low...high : 0x80...0xBF
        guard range.contains(byte) else { return i - bytes.startIndex }
      }
      i += length
    }
    return nil
  }
}
