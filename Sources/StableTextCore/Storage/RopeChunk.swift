/// A leaf of the rope: up to a few KiB of UTF-8, never split inside a scalar or between `\r`
/// and `\n`, with the grapheme-breaking state at its start so that its cluster count can be
/// recomputed alone.
///
/// Counts and states are *canonical*: a chunk after a regional indicator is measured as if the
/// indicators' run before it were even, and `regional` says how the true count differs (see
/// `RegionalParity`), so no edit ever has to re-measure the chunks after it for their pairing.
///
/// The bytes are an array edited in place (`splice`), not a `String`: a keystroke moves the
/// bytes after it within the chunk's one buffer, where rebuilding a `String` validated the whole
/// chunk's UTF-8 again (half a keystroke's instructions). They are well-formed because they only
/// ever come from a `String` (whose UTF-8 is checked where it enters, when it is decoded from
/// JSON or a file) and are cut and spliced on scalar boundaries only.
struct RopeChunk: Sendable {
  /// The chunk's UTF-8: well-formed, whole scalars.
  private(set) var utf8: [UInt8]
  /// The counts, stored 32 bits wide (a chunk holds a few KiB): a chunk is kept per KiB of
  /// text, so its size is the rope's overhead.
  private var counts: ChunkCounts
  /// A chunk's regional-indicator profile in three bits: only compositions of chunks need
  /// `RegionalParity`'s full counts.
  private var parity: UInt8
  /// The recognizer's canonical state before this chunk's first scalar. The states come last:
  /// the recognizer is the standard library's and resilient (its size is known only at run
  /// time), so a field after them would be found through the type's metadata on each access.
  var startState: Unicode._CharacterRecognizer
  /// The canonical state after its last scalar (the next chunk's start state).
  var endState: Unicode._CharacterRecognizer

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
      // Fits: the correction is 0 or 1 (checked just above).
      parity = (newValue.isWhole ? 1 : 0) | (newValue.isOdd ? 2 : 0) | UInt8(newValue.correctionAfterOdd) << 2
    }
  }

  static let targetSize = 1024
  static let maxSize = 2048

  init(_ text: String, startState: Unicode._CharacterRecognizer) {
    self.init(utf8: Array(text.utf8), startState: startState)
  }

  /// A chunk of `utf8`, which must be well-formed UTF-8 taken from a `String` or a chunk.
  init(utf8: [UInt8], startState: Unicode._CharacterRecognizer) {
    self.utf8 = utf8
    self.startState = startState
    (counts, endState, parity) = (ChunkCounts(RopeSummary()), startState, 1)
    restart(from: startState)
  }

  /// The chunk's text as a `String` (a copy, validated: for tests and slow paths; the rope's
  /// own readers take `withUTF8`).
  var text: String { String(decoding: utf8, as: UTF8.self) }

  /// Size in bytes.
  var byteCount: Int { @inline(__always) get { utf8.count } }

  /// Calls `body` with the chunk's bytes.
  @inline(__always)
  func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try utf8.withUnsafeBufferPointer(body)
  }

  /// Replaces `bytes[range]` (scalar boundaries) with `piece` (whole scalars of well-formed
  /// UTF-8) in the chunk's own buffer when nothing shares it: the bytes after the edit move,
  /// nothing is decoded or validated. Counts and states are the caller's to fix.
  @inline(__always)
  mutating func splice(_ range: Range<Int>, with piece: UnsafeBufferPointer<UInt8>) {
    utf8.replaceSubrange(range, with: piece)
  }

  /// Re-measures after the start state changed (grapheme repair near an edit).
  mutating func restart(from state: Unicode._CharacterRecognizer) {
    startState = state
    (summary, endState, regional) = utf8.withUnsafeBufferPointer { Self.measure($0, from: state) }
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
    var measurer = Measurer(from: state)
    measurer.feed(bytes, 0..<bytes.count)
    return measurer.result
  }

  /// Counts text fed to it a piece at a time, as `measure` counts it in one: an edit's window
  /// feeds the old and the new text in step and stops where their states meet.
  struct Measurer {
    private(set) var summary = RopeSummary()
    /// The last scalar fed was `\r` (a `\n` next joins it; anything else, or the end, counts it).
    private(set) var previousWasCR = false
    private var leading = 0
    private var trailing = 0
    private var isWhole = true
    /// Last, as the recognizer in it is resilient (see `BreakScanner.recognizer`).
    private var scanner: BreakScanner

    init(from state: Unicode._CharacterRecognizer) { scanner = BreakScanner(state) }

    /// The grapheme state after what was fed.
    var state: Unicode._CharacterRecognizer { scanner.state }

    /// Feeds the scalars starting in `bytes[range]` (whole scalars of well-formed UTF-8).
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
      var i = range.lowerBound
      while i < range.upperBound {
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
          if scanner.breaksBeforeASCII && !previousWasCR { feedASCIIRun(bytes, &i, range.upperBound) }
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
    }

    /// Feeds the ASCII without a `\r` from `i` while it lasts (after an ASCII scalar that was
    /// not a `\r`, or a cluster that takes no more ASCII): a cluster starts before each of its
    /// bytes, none is a regional indicator, and its line feeds are its line breaks. Whole words
    /// are counted a word at a time, the rest together at the end.
    @inline(__always)
    private mutating func feedASCIIRun(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) {
      var last: UInt8?
      while i + 8 <= end {
        let word = ByteWord(bytes, at: i)
        guard word.isASCII && word.matches(0x0D) == 0 else { break }
        summary.utf8 += 8
        summary.utf16 += 8
        summary.scalars += 8
        summary.graphemes += 8
        summary.nonWhitespace += 8 - ByteWord.tally(word.asciiWhitespace)
        summary.lineBreaks += ByteWord.tally(word.matches(0x0A))
        i += 8
        last = bytes[i - 1]
      }
      var count = 0
      var visible = 0
      var feeds = 0
      while i < end {
        let byte = bytes[i]
        guard byte < 0x80 && byte != 0x0D else { break }
        count += 1
        if byte == 0x0A { feeds += 1 }
        if !(byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)) { visible += 1 }
        last = byte
        i += 1
      }
      summary.utf8 += count
      summary.utf16 += count
      summary.scalars += count
      summary.graphemes += count
      summary.nonWhitespace += visible
      summary.lineBreaks += feeds
      if let last { scanner.skippedASCII(endingWith: last) }
    }

    /// Feeds a run of `count` (at least 5) regional indicators at `start` of `bytes`: the first
    /// two and the last two as any scalar, the ones between by arithmetic. After the second the
    /// pairing is known (a cluster started before it: it opened a pair), and from there the run
    /// alternates strictly; the state before the last two is the canonical one of an even or an
    /// odd run (breaking depends on the parity, not on which letters).
    static func feedIndicatorRun(
      _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int, _ measurer: inout Measurer
    ) {
      measurer.feed(bytes, start..<start + 4)
      let before = measurer.summary.graphemes
      measurer.feed(bytes, start + 4..<start + 8)
      let open = measurer.summary.graphemes > before
      let middle = count - 4
      // From an open pair the next indicator closes it: clusters start at every other one.
      let starts = open ? middle / 2 : (middle + 1) / 2
      let openAfter = open ? middle % 2 == 0 : middle % 2 == 1
      measurer.summary.utf8 += 4 * middle
      measurer.summary.utf16 += 2 * middle
      measurer.summary.scalars += middle
      measurer.summary.nonWhitespace += middle
      measurer.summary.graphemes += starts
      measurer.trailing += middle
      if measurer.isWhole { measurer.leading += middle }
      measurer.scanner = BreakScanner(openAfter ? RegionalParity.oddRunState : RegionalParity.evenRunState)
      measurer.feed(bytes, start + 4 * (count - 2)..<start + 4 * count)
    }

    /// The counts (a final `\r` counted), the canonical state after them, and the profile.
    var result: (RopeSummary, Unicode._CharacterRecognizer, RegionalParity) {
      var summary = summary
      if previousWasCR { summary.lineBreaks += 1 }
      let regional = RegionalParity(leading: leading, trailing: trailing, isWhole: isWhole)
      return (summary, trailing > 0 ? RegionalParity.evenRunState : scanner.state, regional)
    }
  }
}

/// Decodes the (valid) UTF-8 scalar starting at `i`, which must not be ASCII (the callers take
/// ASCII bytes on a path of their own).
@inline(__always)
func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
  let byte = bytes[i]
  let length = UTF8Lead.width(byte)
  // Fits: bytes widen, and four of a scalar's bits-bearing parts make at most 21 bits.
  var value = UInt32(byte) & (length == 4 ? 0x07 : (length == 3 ? 0x0F : 0x1F))
  for k in 1..<length { value = value << 6 | (UInt32(bytes[i + k]) & 0x3F) }
  return (Unicode.Scalar(value)!, length)
}
