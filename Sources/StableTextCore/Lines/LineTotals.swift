/// Per-block totals that a Fenwick tree can add up: counts (rows, lines, lengths) that grow by
/// `+` and shrink by `-`.
protocol LineTotals: Sendable {
  static var zero: Self { get }
  static func + (lhs: Self, rhs: Self) -> Self
  static func - (lhs: Self, rhs: Self) -> Self
  /// Equal in every part that is a sum (a maximum kept beside them is only an upper bound once
  /// lines were replaced): what a table's invariants can demand of two ways of adding up.
  func agrees(with other: Self) -> Bool
}
