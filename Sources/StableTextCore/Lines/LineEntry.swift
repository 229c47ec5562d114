/// One value per line of a document whose totals can be added up: the row count of the
/// layout ("The layout model"), or the length and kind of a line.
protocol LineEntry: Sendable {
  associatedtype Totals: LineTotals
  /// What this line adds to the totals of the lines before it.
  var totals: Totals { get }
  /// A line not measured yet (adds nothing).
  static var unmeasured: Self { get }
}
