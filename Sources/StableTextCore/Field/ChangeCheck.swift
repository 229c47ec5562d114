/// The answer to "may this edit happen?" (`shouldChangeText`).
public struct ChangeCheck: Equatable, Sendable {
  /// Whether the edit fits (see the fits rule: within the limit, or not longer than before).
  public var allowed: Bool
  /// Why not, when it does not fit.
  public var reason: LimitReason?
  /// The length the text would have after the edit.
  public var length: Int
  /// The limit, `nil` without one.
  public var limit: Int?
  /// When refused: the longest whole-grapheme prefix of the replacement whose result fits, or
  /// `nil` when none does (a deletion that splits a cluster lengthens the text; if even inserting
  /// nothing over the range does not fit, no prefix can).
  public var fitting: String?
}

/// One edit of `stableText/edit`: a range replacement, or the whole text when `range` is `nil`.
public typealias FieldEdit = ContentChange
