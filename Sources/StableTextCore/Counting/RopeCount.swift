/// A count the rope keeps in every node's summary: what a unit that is a rope metric reads
/// (data, not a call, so that the whole text's length is a field read on every keystroke).
enum RopeCount: Sendable {
  case utf8, utf16, scalars, graphemes
  /// Bytes in UTF-16 and UTF-32: two per UTF-16 code unit, four per scalar.
  case utf16Bytes, utf32Bytes

  @inline(__always)
  func value(in summary: RopeSummary) -> Int {
    switch self {
    case .utf8: return summary.utf8
    case .utf16: return summary.utf16
    case .scalars: return summary.scalars
    case .graphemes: return summary.graphemes
    case .utf16Bytes: return 2 * summary.utf16
    case .utf32Bytes: return 4 * summary.scalars
    }
  }
}
