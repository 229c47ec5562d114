/// Eight bytes of UTF-8 read as one word, so that a text being opened is measured a word at a
/// time where it is ASCII (the rope's counts, the line index's facts) rather than with a branch
/// per byte. Each test answers with one high bit (bit 7) per byte that passes it, exactly: no
/// carry or borrow crosses a byte.
struct ByteWord {
  let word: UInt64
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The eight bytes at `i` (`bytes` must hold them), the first in the lowest bits.
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) {
    // Fits: `UInt64(littleEndian:)` reorders the eight bytes loaded; it neither traps nor drops
    // a bit.
    word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
  }

  /// The offset of the first `\n` or `\r` in `bytes[start..<end]`, or `end`.
  @inline(__always)
  static func firstLineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    var i = start
    while i + 8 <= end {
      let word = ByteWord(bytes, at: i)
      let ends = word.matches(0x0A) | word.matches(0x0D)
      if ends != 0 { return i + ends.trailingZeroBitCount / 8 }
      i += 8
    }
    while i < end && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
    return i
  }

  /// How many bytes a test's answer marks (one high bit each): the bits moved to each byte's
  /// lowest and summed into the top byte by one multiply. `nonzeroBitCount` is a dozen
  /// instructions here: the toolchain's baseline x86-64 has no population count.
  @inline(__always)
  static func tally(_ highs: UInt64) -> Int {
    // Fits: at most eight, in the top byte.
    Int(truncatingIfNeeded: ((highs >> 7) &* ones) >> 56)
  }

  /// No byte is past ASCII.
  @inline(__always)
  var isASCII: Bool { word & Self.highs == 0 }

  /// The bytes equal to `byte` (any bytes: one past ASCII never matches one below it).
  @inline(__always)
  func matches(_ byte: UInt8) -> UInt64 {
    // Fits: a byte widens.
    let x = word ^ (Self.ones &* UInt64(byte))
    let low7 = Self.ones &* 0x7F
    return ~(((x & low7) &+ low7) | x) & Self.highs
  }

  /// The ASCII bytes from `lower` through `upper` (1 ≤ lower ≤ upper < 0x7F); a byte past ASCII
  /// may answer either way, so callers mask them out.
  @inline(__always)
  func ascii(from lower: UInt8, through upper: UInt8) -> UInt64 {
    // A byte with its high bit set, less at most 0x7F, borrows from no other byte; its high bit
    // stays set exactly when the byte was at least what was taken.
    let raised = word | Self.highs
    // Fits: bytes widen.
    let atLeastLower = (raised &- Self.ones &* UInt64(lower)) & Self.highs
    let pastUpper = (raised &- Self.ones &* UInt64(upper + 1)) & Self.highs
    return atLeastLower & ~pastUpper
  }

  /// The ASCII whitespace bytes (space, tab, line feed, vertical tab, form feed, carriage
  /// return): the trimming set's ASCII part (`Whitespace`).
  @inline(__always)
  var asciiWhitespace: UInt64 { (matches(0x20) | ascii(from: 0x09, through: 0x0D)) & ~word }

  /// ASCII bytes outside the trimming set (`Whitespace`).
  @inline(__always)
  var asciiVisible: UInt64 { ~word & Self.highs & ~asciiWhitespace }

  /// The printable ASCII bytes, space through `~`.
  @inline(__always)
  var printable: UInt64 { ascii(from: 0x20, through: 0x7E) & ~word }

  /// Continuation bytes (`10xxxxxx`): a scalar starts at every other byte.
  @inline(__always)
  var continuations: UInt64 { word & ~(word << 1) & Self.highs }

  /// Leads of four-byte scalars (`11110xxx`), which take two UTF-16 code units.
  @inline(__always)
  var fourByteLeads: UInt64 { word & (word << 1) & (word << 2) & (word << 3) & Self.highs }

  /// The offset just past the last ASCII byte in `bytes[..<end]`, or 0 when there is none: read
  /// back eight bytes a step.
  static func endOfLastASCII(in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
    var i = end
    while i >= 8 {
      let ascii = ~ByteWord(bytes, at: i - 8).word & highs
      // The highest byte holding an ASCII byte is the last one before `i`.
      if ascii != 0 { return i - 8 + (63 - ascii.leadingZeroBitCount) / 8 + 1 }
      i -= 8
    }
    while i > 0 && bytes[i - 1] >= 0x80 { i -= 1 }
    return i
  }

  /// Every byte in `bytes[range]` equals the one `period` bytes before it (`range` starts at
  /// least `period` into `bytes`): compared eight bytes a step.
  static func isPeriodic(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, period: Int) -> Bool {
    var i = range.lowerBound
    while i + 8 <= range.upperBound {
      if ByteWord(bytes, at: i).word != ByteWord(bytes, at: i - period).word { return false }
      i += 8
    }
    while i < range.upperBound {
      if bytes[i] != bytes[i - period] { return false }
      i += 1
    }
    return true
  }
}
