/// Where the line index keeps a line's length in one unit: one of the three counts its pass over
/// the bytes always makes, or one of the two slots a shape gives the units measured by cluster
/// (`LineCount.clusters`): `narrow`, 32 bits saturating like the counts, and `wide`, 48 bits, for
/// a unit whose count can pass the line's bytes (`LengthMeasure.exceedsBytes`: columns).
///
/// A shape holds at most one narrow and one wide unit at once; a unit it has no slot for reads 0,
/// as a unit no rule uses does. Units beyond that need a slot here first (and 4 more bytes a
/// line: `LineFacts` is 48).
enum LineSlot: Sendable, Equatable {
  case utf8, utf16, scalars, narrow, wide
  case unmeasured

  /// The slots the facts keep, in the totals' order.
  static let kept: [LineSlot] = [.utf8, .utf16, .scalars, .narrow, .wide]
}
