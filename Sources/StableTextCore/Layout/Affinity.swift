/// Which side of a wrap boundary a caret belongs to.
public enum Affinity: String, Sendable, CaseIterable {
  /// The start of the next row (the default).
  case downstream
  /// The end of the previous row.
  case upstream
}
