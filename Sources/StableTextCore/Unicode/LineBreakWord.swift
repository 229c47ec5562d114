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

  /// Just past the `k`-th (from 1) of a word's ends, counted from its first byte (the lowest).
  @inline(__always)
  private static func pastEnd(_ k: Int, of ends: UInt64) -> Int {
    var (ends, k) = (ends, k)
    while k > 1 {
      ends &= ends &- 1
      k -= 1
    }
    return ends.trailingZeroBitCount / 8 + 1
  }

  /// Whether the byte at `i` ends a line: a line feed, or a carriage return no line feed
  /// follows (at the end of `bytes`, one does not).
  @inline(__always)
  private static func isBreak(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A))
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
      let ends = LineBreakWord(bytes, at: i).ends(next: i + 8 < bytes.count ? bytes[i + 8] : nil)
      let inWord = ByteWord.tally(ends)
      if breaks + inWord >= limit && limit > breaks {
        return (limit, i + Self.pastEnd(limit - breaks, of: ends))
      }
      breaks += inWord
      i += 8
    }
    while i < end {
      i += 1
      if isBreak(bytes, at: i - 1) {
        breaks += 1
        if breaks == limit { break }
      }
    }
    return (breaks, i)
  }

  /// Where the line after the `n`-th line break of `bytes` starts (1 ≤ `n` ≤ `total`, the line
  /// breaks `bytes` holds), read from the nearer end: a line among dense breaks (a run of lone
  /// `\r`) costs at most half of a chunk, not all of it. From the end, the break wanted is the
  /// one with `total - n` breaks after it.
  static func start(afterBreak n: Int, of total: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard n > total / 2, n <= total else {
      return count(in: bytes, before: bytes.count, stoppingAfter: n).offset
    }
    let after = total - n
    var seen = 0
    var i = bytes.count
    while i >= 8 {
      let ends = LineBreakWord(bytes, at: i - 8).ends(next: i < bytes.count ? bytes[i] : nil)
      let inWord = ByteWord.tally(ends)
      if seen + inWord > after {
        // The wanted break has `after - seen` of the word's breaks after it.
        return i - 8 + Self.pastEnd(inWord - (after - seen), of: ends)
      }
      seen += inWord
      i -= 8
    }
    while i > 0 {
      i -= 1
      if isBreak(bytes, at: i) {
        if seen == after { return i + 1 }
        seen += 1
      }
    }
    // Fewer breaks than `total` said: the count from the start decides.
    return count(in: bytes, before: bytes.count, stoppingAfter: n).offset
  }
}
