/// What one "character" of the length limit is. Each matches a real system's idea of length.
public enum LengthUnit: String, Sendable, CaseIterable {
  /// Swift `Character`s (extended grapheme clusters): what a person counts.
  case graphemes
  /// UTF-16 code units: HTML `maxlength`, Android, `NSString.length`.
  case utf16
  /// Unicode scalars: PostgreSQL `varchar(n)`.
  case scalars
  /// UTF-8 bytes.
  case utf8

  /// The word a message uses for a count in this unit.
  public var word: String {
    switch self {
    case .graphemes: return "characters"
    case .utf16: return "UTF-16 code units"
    case .scalars: return "Unicode scalars"
    case .utf8: return "bytes"
    }
  }

  /// Counts `text` in this unit.
  public func count(_ text: Substring) -> Int {
    switch self {
    case .graphemes: return text.count
    case .utf16: return text.utf16.count
    case .scalars: return text.unicodeScalars.count
    case .utf8: return text.utf8.count
    }
  }
}
