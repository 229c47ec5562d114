/// How lines wrap into visual rows.
public enum WrapMode: String, Sendable, CaseIterable {
  /// A cluster that does not fit starts the next row.
  case char
  /// Break after the last run of spaces or tabs that fits, or between wide clusters; a word
  /// longer than the row falls back to `char`.
  case word
}
