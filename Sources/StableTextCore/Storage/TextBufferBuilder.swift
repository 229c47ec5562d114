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
