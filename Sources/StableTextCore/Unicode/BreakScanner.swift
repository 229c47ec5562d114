/// Grapheme breaks with an ASCII fast path: before an ASCII scalar that follows another ASCII
/// scalar there is always a break (except `\r` × `\n`), and the recognizer's state after an
/// ASCII scalar does not depend on what came before it, so the recognizer is consulted only
/// around non-ASCII scalars.
struct BreakScanner {
  private var recognizer: Unicode._CharacterRecognizer
  /// True while `recognizer` is stale: the last scalar was ASCII and handled by the fast path,
  /// so the true state is that of a fresh recognizer fed `lastASCII`.
  private var fast = false
  private var lastASCII: UInt8 = 0
  /// A non-ASCII scalar that, fed in the current state, left it unchanged (0: none), and whether
  /// a cluster started before it.
  private var repeated: UInt32 = 0
  private var repeatedBreak = false

  init(_ state: Unicode._CharacterRecognizer) { recognizer = state }

  /// The state after an ASCII scalar, independent of history.
  static func state(afterASCII byte: UInt8) -> Unicode._CharacterRecognizer {
    var recognizer = Unicode._CharacterRecognizer()
    _ = recognizer.hasBreak(before: Unicode.Scalar(byte))
    return recognizer
  }

  @inline(__always)
  mutating func hasBreak(beforeASCII byte: UInt8) -> Bool {
    defer { lastASCII = byte }
    if fast { return !(lastASCII == 0x0D && byte == 0x0A) }
    fast = true
    return recognizer.hasBreak(before: Unicode.Scalar(byte))
  }

  @inline(__always)
  mutating func hasBreak(before scalar: Unicode.Scalar) -> Bool {
    // Fits: below 0x80.
    if scalar.value < 0x80 { return hasBreak(beforeASCII: UInt8(scalar.value)) }
    if fast {
      recognizer = Self.state(afterASCII: lastASCII)
      fast = false
      repeated = 0
    }
    if scalar.value == repeated { return repeatedBreak }
    let before = recognizer
    let result = recognizer.hasBreak(before: scalar)
    if recognizer == before {
      repeated = scalar.value
      repeatedBreak = result
    } else {
      repeated = 0
    }
    return result
  }

  /// The state after a letter (`a`), which the pair rule below asks about each scalar.
  private static let afterLetter = state(afterASCII: 0x61)

  /// The state after `b` when `a` is followed by `b` and a cluster starts at `b` whatever came
  /// before `a`; `nil` when that is not known from the two. The rules that look further back
  /// than the pair (UAX #29's GB9c for Indic conjuncts, GB11 for emoji ZWJ sequences, GB12 and
  /// GB13 for regional indicators) all need `a` to be an extending mark, a joiner or a regional
  /// indicator; a letter before `a` is followed by a break unless `a` is an extending mark, a
  /// joiner or a spacing mark. Otherwise the pair alone decides, as a fresh recognizer fed the two
  /// does, and after a break the recognizer is one fed `b` alone (its documented promise).
  static func state(after a: Unicode.Scalar, breakingBefore b: Unicode.Scalar) -> Unicode
    ._CharacterRecognizer?
  {
    if RegionalParity.isIndicator(a.value) { return nil }
    var letter = afterLetter
    guard letter.hasBreak(before: a) else { return nil }
    var fresh = Unicode._CharacterRecognizer()
    _ = fresh.hasBreak(before: a)
    guard fresh.hasBreak(before: b) else { return nil }
    return fresh
  }

  var state: Unicode._CharacterRecognizer {
    fast ? Self.state(afterASCII: lastASCII) : recognizer
  }

  /// Feeds the scalars that start in `bytes[range]` (well-formed UTF-8) to the scanner, calling
  /// `body` with each one's offset, the scalar, and whether a cluster starts before it.
  @inline(__always)
  mutating func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Int, Unicode.Scalar, Bool) -> Void
  ) {
    var i = range.lowerBound
    while i < range.upperBound {
      let (scalar, length) = UTF8Lead.decode(bytes, at: i)
      body(i, scalar, hasBreak(before: scalar))
      i += length
    }
  }
}
