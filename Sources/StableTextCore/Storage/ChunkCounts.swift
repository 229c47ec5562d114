/// A chunk's `RopeSummary` in 32-bit fields.
struct ChunkCounts: Sendable {
  var utf8: UInt32
  var utf16: UInt32
  var scalars: UInt32
  var graphemes: UInt32
  var lineBreaks: UInt32
  var nonWhitespace: UInt32

  /// A chunk's counts, narrowed.
  @inline(__always)
  init(_ summary: RopeSummary) {
    // Fits: a chunk holds at most `RopeChunk.maxSize` bytes (chunks are split before they pass
    // it), and each count is at most its bytes.
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
