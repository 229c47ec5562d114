/// Reads a line's clusters from UTF-8 that may arrive in pieces (the rope's chunks), carrying
/// the grapheme state across them. A line's start is always a cluster boundary.
struct ClusterReader {
  private var start = -1  // no cluster yet
  private var first: UInt32 = 0
  private var scalarsInCluster = 0
  private var presentation = false  // U+FE0F right after the first scalar (ASCII too: `1️⃣`)
  /// Clusters started so far: a slice of text that starts none lies inside one cluster.
  private(set) var clustersStarted = 0
  /// Last, as the recognizer in it is resilient (see `BreakScanner.recognizer`).
  private var scanner: BreakScanner

  /// A reader at a line's start.
  init() { scanner = BreakScanner(Unicode._CharacterRecognizer()) }

  /// A reader starting after the ASCII scalar `byte` of the same line (a cluster boundary when
  /// the first scalar fed is ASCII too), in the grapheme state that scalar leaves, whatever came
  /// before it.
  init(afterASCII byte: UInt8) { scanner = BreakScanner(afterASCII: byte) }

  /// Continues after text that was skipped because it lay inside the current cluster (its width
  /// is settled by its first two scalars), from the grapheme state where reading resumes.
  mutating func resume(from state: Unicode._CharacterRecognizer) {
    scanner = BreakScanner(state)
  }

  /// Feeds `bytes[range]` (whole scalars), whose first byte is at `base` from the line's start;
  /// `body` gets each cluster that is complete.
  mutating func feed(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, base: Int, _ body: (Cluster) -> Void
  ) {
    var (start, first, count, presentation) = (start, first, scalarsInCluster, presentation)
    var started = 0
    scanner.scan(bytes, range) { i, scalar, isBreak in
      if isBreak || start < 0 {
        if start >= 0 { body(Self.cluster(start, first, count, presentation)) }
        started += 1
        start = base + i - range.lowerBound
        first = scalar.value
        count = 1
        presentation = false
      } else {
        if count == 1 && scalar.value == 0xFE0F { presentation = true }
        count += 1
      }
    }
    (self.start, self.first, scalarsInCluster, self.presentation) = (start, first, count, presentation)
    clustersStarted += started
  }

  /// The last cluster, once the line's content has been fed.
  func finish(_ body: (Cluster) -> Void) {
    if start >= 0 { body(Self.cluster(start, first, scalarsInCluster, presentation)) }
  }

  /// A cluster is as wide as `DisplayWidth.of(_: Character)` says: its first scalar's width,
  /// or 2 when the first scalar is followed by U+FE0F; a lone tab is -1. Inlined: it runs once
  /// per cluster, and as a call it cost a whole count of an SMS a fifth more.
  @inline(__always)
  private static func cluster(_ start: Int, _ first: UInt32, _ count: Int, _ presentation: Bool) -> Cluster {
    if count == 1 && first == 0x09 { return Cluster(offset: start, width: -1, isSpace: true) }
    if presentation { return Cluster(offset: start, width: 2, isSpace: false) }
    return Cluster(
      offset: start, width: DisplayWidth.of(Unicode.Scalar(first)!), isSpace: count == 1 && first == 0x20)
  }
}
