extension Int {
  /// `value` toward zero as an integer, where `Int(_:)` would trap: NaN is 0, and a value past
  /// ±2^62 (a quotient by a tiny rate, an infinity) is ±2^62, far beyond any row or offset a
  /// text can have, and still far from overflow when added to one.
  package init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= 0x1p62 {
      self = 1 << 62
    } else if value <= -0x1p62 {
      self = -(1 << 62)
    } else {
      // Fits: |value| < 2^62.
      self = Int(value)
    }
  }
}
