/// Eight bytes of a chunk, read as one word, to count line breaks without a branch per byte.
/// A `\r\n` is counted at its `\n`, so a word holds as many breaks as line feeds and carriage
/// returns no line feed follows (the byte after the word decides for its last), wherever it
/// starts.
struct LineBreakWord {
  private let word: UInt64
  private static let ones: UInt64 = 0x0101_0101_0101_0101

  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) {
    word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
  }

  /// One high bit for each byte equal to `byte` (exact: no carry crosses a byte).
  @inline(__always)
  private func matches(_ byte: UInt8) -> UInt64 {
    // Fits: a byte widens.
    let x = word ^ (Self.ones &* UInt64(byte))
    let low7 = Self.ones &* 0x7F
    let nonzero = ((x & low7) &+ low7) | x
    return ~nonzero & (Self.ones &* 0x80)
  }

  /// The line breaks in the word; `next` is the byte after it (`nil` at the text's end, where
  /// a `\r` ends its line).
  @inline(__always)
  func breaks(next: @autoclosure () -> UInt8?) -> Int {
    let feeds = matches(0x0A)
    let returns = matches(0x0D)
    if returns == 0 { return feeds.nonzeroBitCount }
    // A byte's high bit moved onto the byte before it: set where a `\n` follows.
    var lone = returns & ~(feeds >> 8)
    if lone & (1 << 63) != 0 && next() == 0x0A { lone &= ~(1 << 63) }
    return feeds.nonzeroBitCount + lone.nonzeroBitCount
  }

  /// The line breaks in `bytes[..<end]` (a `\r` ends a line unless a `\n` follows it, looking
  /// past `end` if need be), stopping just after the `limit`-th: how many, and where it stopped.
  static func count(in bytes: UnsafeBufferPointer<UInt8>, before end: Int, stoppingAfter limit: Int)
    -> (breaks: Int, offset: Int)
  {
    var breaks = 0
    var i = 0
    while i < end {
      // Whole words are counted at once while the limit is not reached in them.
      if i + 8 <= end {
        let inWord = LineBreakWord(bytes, at: i).breaks(next: i + 8 < bytes.count ? bytes[i + 8] : nil)
        if breaks + inWord < limit {
          breaks += inWord
          i += 8
          continue
        }
      }
      let byte = bytes[i]
      i += 1
      if byte == 0x0A || (byte == 0x0D && (i == bytes.count || bytes[i] != 0x0A)) {
        breaks += 1
        if breaks == limit { break }
      }
    }
    return (breaks, i)
  }
}
