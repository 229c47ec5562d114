/// Eight bytes of a chunk, read as one word, to count line breaks without a branch per byte.
/// A `\r\n` is counted at its `\n`, so a word without `\r` holds exactly as many breaks as
/// line feeds, wherever it starts.
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

  var lineFeeds: Int { matches(0x0A).nonzeroBitCount }
  var hasCarriageReturn: Bool { matches(0x0D) != 0 }

  /// The line breaks in `bytes[..<end]` (a `\r` ends a line unless a `\n` follows it, looking
  /// past `end` if need be), stopping just after the `limit`-th: how many, and where it stopped.
  static func count(in bytes: UnsafeBufferPointer<UInt8>, before end: Int, stoppingAfter limit: Int)
    -> (breaks: Int, offset: Int)
  {
    var breaks = 0
    var i = 0
    while i < end {
      // Whole words of line feeds without a carriage return are counted at once.
      if i + 8 <= end {
        let word = LineBreakWord(bytes, at: i)
        if !word.hasCarriageReturn {
          let feeds = word.lineFeeds
          if breaks + feeds < limit {
            breaks += feeds
            i += 8
            continue
          }
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
