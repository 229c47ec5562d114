/// One row of a long line: its length in bytes and the width of the row before it (what a
/// layout resumed at its start needs). Rows are kept as lengths, not starts, so an edit changes
/// one row's length and every later start moves with it for free.
struct RowSpan: LineEntry {
  var bytes: Int
  var previousWidth: Int
  /// Its start and its end come from different layouts: a layout stopped by its budget inside
  /// an older row keeps the rest of that row up to the older layout's next start. Its end is
  /// then only a guess even once its start is exact, so the rows from its end on are not taken
  /// for rows that fell in step with a later layout (`LongLineRows.relayout`): after an edit
  /// that re-pairs regional indicators, the older end is no row's end at all.
  var isStitched = false
  var totals: RowTotals { RowTotals(bytes: bytes, stitched: isStitched ? 1 : 0) }
  static var unmeasured: RowSpan { RowSpan(bytes: 0, previousWidth: 0) }
}

/// A block of rows: its bytes (row starts are their sums) and its stitched rows (the first one
/// after a row is found in O(log n)).
struct RowTotals: LineTotals {
  var bytes: Int
  var stitched: Int

  static var zero: RowTotals { RowTotals(bytes: 0, stitched: 0) }
  static func + (lhs: RowTotals, rhs: RowTotals) -> RowTotals {
    RowTotals(bytes: lhs.bytes + rhs.bytes, stitched: lhs.stitched + rhs.stitched)
  }
  static func - (lhs: RowTotals, rhs: RowTotals) -> RowTotals {
    RowTotals(bytes: lhs.bytes - rhs.bytes, stitched: lhs.stitched - rhs.stitched)
  }
  func agrees(with other: RowTotals) -> Bool { self.bytes == other.bytes && stitched == other.stitched }
}
