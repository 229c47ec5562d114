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
