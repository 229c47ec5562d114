/// Counts of a stretch of text in every unit StableText measures. Rope nodes add these up, so any
/// of them can be found by descending the tree instead of scanning the text.
public struct RopeSummary: Equatable, Sendable {
  public var utf8 = 0
  public var utf16 = 0
  public var scalars = 0
  /// Grapheme cluster starts in the stretch (a cluster that began earlier is not counted).
  public var graphemes = 0
  /// Line terminators ending in the stretch (`\r\n` counts once, at its `\n`).
  public var lineBreaks = 0
  /// Scalars outside the trimming set: zero means the text is blank after trimming.
  public var nonWhitespace = 0

  public init() {}

  @inline(__always)
  static func += (lhs: inout RopeSummary, rhs: RopeSummary) {
    lhs.utf8 += rhs.utf8
    lhs.utf16 += rhs.utf16
    lhs.scalars += rhs.scalars
    lhs.graphemes += rhs.graphemes
    lhs.lineBreaks += rhs.lineBreaks
    lhs.nonWhitespace += rhs.nonWhitespace
  }

  @inline(__always)
  static func -= (lhs: inout RopeSummary, rhs: RopeSummary) {
    lhs.utf8 -= rhs.utf8
    lhs.utf16 -= rhs.utf16
    lhs.scalars -= rhs.scalars
    lhs.graphemes -= rhs.graphemes
    lhs.lineBreaks -= rhs.lineBreaks
    lhs.nonWhitespace -= rhs.nonWhitespace
  }

  /// The count in a length unit the summary keeps (`nil` for `columns`, which depend on tab
  /// stops and are measured from the text).
  public func count(_ unit: LengthUnit) -> Int? {
    switch unit {
    case .graphemes: return graphemes
    case .utf16: return utf16
    case .scalars: return scalars
    case .utf8: return utf8
    case .columns: return nil
    }
  }
}

/// What a descent through the rope measures by (clusters have their own descent,
/// `Rope.cluster(_:)`, because their counts need the regional-indicator correction).
enum RopeMetric {
  case utf8, utf16, scalars, lineBreaks
  /// Canonical cluster counts: only for finding chunks where some cluster starts.
  case canonicalGraphemes

  @inline(__always)
  func value(_ summary: RopeSummary) -> Int {
    switch self {
    case .utf8: return summary.utf8
    case .utf16: return summary.utf16
    case .scalars: return summary.scalars
    case .lineBreaks: return summary.lineBreaks
    case .canonicalGraphemes: return summary.graphemes
    }
  }
}

/// A leaf of the rope: up to a few KiB of UTF-8, never split inside a scalar or between `\r`
/// and `\n`, with the grapheme-breaking state at its start so that its cluster count can be
/// recomputed alone.
///
/// Counts and states are *canonical*: a chunk after a regional indicator is measured as if the
/// indicators' run before it were even, and `regional` says how the true count differs (see
/// `RegionalParity`), so no edit ever has to re-measure the chunks after it for their pairing.
struct RopeChunk: Sendable {
  var text: String
  /// The counts, stored 32 bits wide (a chunk holds a few KiB): a chunk is kept per KiB of
  /// text, so its size is the rope's overhead.
  private var counts: ChunkCounts
  /// The recognizer's canonical state before this chunk's first scalar.
  var startState: Unicode._CharacterRecognizer
  /// The canonical state after its last scalar (the next chunk's start state).
  var endState: Unicode._CharacterRecognizer
  /// A chunk's regional-indicator profile in three bits: only compositions of chunks need
  /// `RegionalParity`'s full counts.
  private var parity: UInt8

  var summary: RopeSummary {
    @inline(__always) get { counts.summary }
    @inline(__always) set { counts = ChunkCounts(newValue) }
  }

  var regional: RegionalParity {
    @inline(__always) get {
      var profile = RegionalParity()
      profile.isWhole = parity & 1 != 0
      profile.isOdd = parity & 2 != 0
      profile.correctionAfterOdd = Int(parity >> 2 & 1)
      return profile
    }
    @inline(__always) set {
      // A single stretch's profile: it corrects by at most one cluster, and only after an odd
      // run (see `RegionalParity.init(leading:trailing:isWhole:)`).
      precondition(newValue.correctionAfterEven == 0 && (0...1).contains(newValue.correctionAfterOdd))
      parity = (newValue.isWhole ? 1 : 0) | (newValue.isOdd ? 2 : 0) | UInt8(newValue.correctionAfterOdd) << 2
    }
  }

  static let targetSize = 1024
  static let maxSize = 2048

  init(_ text: String, startState: Unicode._CharacterRecognizer) {
    var text = text
    text.makeContiguousUTF8()
    self.text = text
    self.startState = startState
    (counts, endState, parity) = (ChunkCounts(RopeSummary()), startState, 1)
    restart(from: startState)
  }

  /// Re-measures after the start state changed (grapheme repair near an edit).
  mutating func restart(from state: Unicode._CharacterRecognizer) {
    startState = state
    (summary, endState, regional) = text.withUTF8 { Self.measure($0, from: state) }
  }

  /// The true state before the chunk, given the parity of the indicators' run before it.
  func startState(afterOddRun odd: Bool) -> Unicode._CharacterRecognizer {
    odd ? RegionalParity.oddRunState : startState
  }

  /// Measures `bytes` from `state`: canonical counts, the canonical state after them, and their
  /// regional-indicator profile.
  static func measure(_ bytes: UnsafeBufferPointer<UInt8>, from state: Unicode._CharacterRecognizer) -> (
    RopeSummary, Unicode._CharacterRecognizer, RegionalParity
  ) {
    var summary = RopeSummary()
    var scanner = BreakScanner(state)
    var previousWasCR = false
    var leading = 0
    var trailing = 0
    var isWhole = true
    var i = 0
    let n = bytes.count
    while i < n {
      let byte = bytes[i]
      if byte < 0x80 {
        isWhole = false
        trailing = 0
        summary.utf8 += 1
        summary.utf16 += 1
        summary.scalars += 1
        if scanner.hasBreak(beforeASCII: byte) { summary.graphemes += 1 }
        if !(byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)) { summary.nonWhitespace += 1 }
        if previousWasCR && byte != 0x0A { summary.lineBreaks += 1 }
        if byte == 0x0A { summary.lineBreaks += 1 }
        previousWasCR = byte == 0x0D
        i += 1
        continue
      }
      let (scalar, length) = decodeScalar(bytes, at: i)
      if RegionalParity.isIndicator(scalar.value) {
        trailing += 1
        if isWhole { leading += 1 }
      } else {
        isWhole = false
        trailing = 0
      }
      summary.utf8 += length
      summary.utf16 += length == 4 ? 2 : 1
      summary.scalars += 1
      if scanner.hasBreak(before: scalar) { summary.graphemes += 1 }
      if !Whitespace.contains(scalar) { summary.nonWhitespace += 1 }
      if previousWasCR { summary.lineBreaks += 1 }
      previousWasCR = false
      i += length
    }
    if previousWasCR { summary.lineBreaks += 1 }
    let regional = RegionalParity(leading: leading, trailing: trailing, isWhole: isWhole)
    return (summary, trailing > 0 ? RegionalParity.evenRunState : scanner.state, regional)
  }
}

/// Decodes the (valid) UTF-8 scalar starting at `i`.
@inline(__always)
func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
  let byte = bytes[i]
  let length = byte >= 0xF0 ? 4 : (byte >= 0xE0 ? 3 : 2)
  var value = UInt32(byte) & (length == 4 ? 0x07 : (length == 3 ? 0x0F : 0x1F))
  for k in 1..<length { value = value << 6 | (UInt32(bytes[i + k]) & 0x3F) }
  return (Unicode.Scalar(value)!, length)
}

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
    if scalar.value < 0x80 { return hasBreak(beforeASCII: UInt8(scalar.value)) }
    if fast {
      recognizer = Self.state(afterASCII: lastASCII)
      fast = false
    }
    return recognizer.hasBreak(before: scalar)
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
      let (scalar, length) = bytes[i] < 0x80 ? (Unicode.Scalar(bytes[i]), 1) : decodeScalar(bytes, at: i)
      body(i, scalar, hasBreak(before: scalar))
      i += length
    }
  }
}

/// A chunk's `RopeSummary` in 32-bit fields.
struct ChunkCounts: Sendable {
  var utf8: UInt32
  var utf16: UInt32
  var scalars: UInt32
  var graphemes: UInt32
  var lineBreaks: UInt32
  var nonWhitespace: UInt32

  @inline(__always)
  init(_ summary: RopeSummary) {
    utf8 = UInt32(summary.utf8)
    utf16 = UInt32(summary.utf16)
    scalars = UInt32(summary.scalars)
    graphemes = UInt32(summary.graphemes)
    lineBreaks = UInt32(summary.lineBreaks)
    nonWhitespace = UInt32(summary.nonWhitespace)
  }

  var summary: RopeSummary {
    @inline(__always) get {
      var summary = RopeSummary()
      summary.utf8 = Int(utf8)
      summary.utf16 = Int(utf16)
      summary.scalars = Int(scalars)
      summary.graphemes = Int(graphemes)
      summary.lineBreaks = Int(lineBreaks)
      summary.nonWhitespace = Int(nonWhitespace)
      return summary
    }
  }
}
