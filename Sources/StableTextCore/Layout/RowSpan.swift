/// One row of a long line: its length in bytes and the width of the row before it (what a
/// layout resumed at its start needs). Rows are kept as lengths, not starts, so an edit changes
/// one row's length and every later start moves with it for free.
struct RowSpan: LineEntry {
  var bytes: Int
  var previousWidth: Int
  var totals: Int { bytes }
  static var unmeasured: RowSpan { RowSpan(bytes: 0, previousWidth: 0) }
}
