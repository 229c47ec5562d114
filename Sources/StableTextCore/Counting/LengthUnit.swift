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
  /// Display columns, as a terminal shows them (the cluster widths of "The layout model"; a tab
  /// advances to the next tab stop counted from the line's start; line terminators are 0).
  case columns

  /// The word a message uses for a count in this unit.
  public var word: String {
    switch self {
    case .graphemes: return "characters"
    case .utf16: return "UTF-16 code units"
    case .scalars: return "Unicode scalars"
    case .utf8: return "bytes"
    case .columns: return "columns"
    }
  }

  /// Counts `text` in this unit (`columns` with tab stops every `tabSize`, from the start of
  /// `text` and of each line in it).
  public func count(_ text: Substring, tabSize: Int = 8) -> Int {
    switch self {
    case .graphemes: return text.count
    case .utf16: return text.utf16.count
    case .scalars: return text.unicodeScalars.count
    case .utf8: return text.utf8.count
    case .columns:
      var total = 0
      var column = 0
      for character in text {
        let width = width(of: character, atColumn: column, tabSize: tabSize)
        // Only `\n`, `\r` and `\r\n` end a line ("Positions and lines"), not a form feed or U+2028.
        if character == "\n" || character == "\r" || character == "\r\n" {
          column = 0
        } else {
          column += width
        }
        total += width
      }
      return total
    }
  }

  /// How many of this unit one cluster at `column` of its line takes.
  public func width(of character: Character, atColumn column: Int, tabSize: Int) -> Int {
    switch self {
    case .graphemes: return 1
    case .utf16: return character.utf16.count
    case .scalars: return character.unicodeScalars.count
    case .utf8: return character.utf8.count
    case .columns:
      if character == "\t" { return tabSize - column % tabSize }
      // Line terminators take no cells (U+2028 and form feed are not terminators).
      if character == "\n" || character == "\r" || character == "\r\n" { return 0 }
      return DisplayWidth.of(character)
    }
  }
}
