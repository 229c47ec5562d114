/// Eight bytes of a chunk, read as one word, to count line breaks without a branch per byte.
/// A `\r\n` is counted at its `\n`, so a word holds as many breaks as line feeds and carriage
/// returns no line feed follows (the byte after the word decides for its last), wherever it
/// starts.
struct LineBreakWord {
  private let word: ByteWord

  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) { word = ByteWord(bytes, at: i) }

  /// The bytes of the word that end a line (one high bit each): line feeds, and carriage
  /// returns no line feed follows; `next` is the byte after the word (`nil` at the text's end,
  /// where a `\r` ends its line).
  @inline(__always)
  func ends(next: @autoclosure () -> UInt8?) -> UInt64 {
    let feeds = word.matches(0x0A)
    let returns = word.matches(0x0D)
    if returns == 0 { return feeds }
    // A byte's high bit moved onto the byte before it: set where a `\n` follows.
    var lone = returns & ~(feeds >> 8)
    if lone & (1 << 63) != 0 && next() == 0x0A { lone &= ~(1 << 63) }
    // Feeds and lone returns are different bytes.
    return feeds | lone
  }

  /// The line breaks in `bytes[..<end]` (a `\r` ends a line unless a `\n` follows it, looking
  /// past `end` if need be), stopping just after the `limit`-th: how many, and where it stopped.
  /// A word at a time; in the word that holds the `limit`-th break, that break's byte is found
  /// from the word's ends (a text of nothing but line breaks, `\r` after `\r`, costs a word
  /// per eight lines, not a byte each).
  static func count(in bytes: UnsafeBufferPointer<UInt8>, before end: Int, stoppingAfter limit: Int)
    -> (breaks: Int, offset: Int)
  {
    var breaks = 0
    var i = 0
    while i + 8 <= end {
      var ends = LineBreakWord(bytes, at: i).ends(next: i + 8 < bytes.count ? bytes[i + 8] : nil)
      let inWord = ByteWord.tally(ends)
      if breaks + inWord >= limit && limit > breaks {
        // Drop the ends before the wanted one; the lowest left is it (the first byte lowest).
        for _ in 0..<(limit - breaks - 1) { ends &= ends &- 1 }
        return (limit, i + ends.trailingZeroBitCount / 8 + 1)
      }
      breaks += inWord
      i += 8
    }
    while i < end {
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
