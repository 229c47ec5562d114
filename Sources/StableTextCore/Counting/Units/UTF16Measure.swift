extension LengthUnit {
  /// UTF-16 code units: HTML `maxlength`, Android, `NSString.length`.
  public static let utf16 = LengthUnit(registered: "utf16")
}

/// One or two per scalar (two above U+FFFF): a rope metric.
struct UTF16Measure: LengthMeasure {
  var name: String { "utf16" }
  var word: String { "UTF-16 code units" }

  func length(of character: Character, atColumn column: Int, tabSize: Int) -> Int { character.utf16.count }

  func count(_ text: Substring, tabSize: Int) -> Int { text.utf16.count }

  var ropeCount: RopeCount? { .utf16 }

  func utf8Offset(ofUnit index: Int, in buffer: TextBuffer, tabSize: Int) -> Int {
    buffer.utf8Offset(of: index, .utf16, snapping: true) ?? buffer.utf8Count
  }

  func terminatorLength(bytes: Int) -> Int { bytes }

  var lineCount: LineCount { .utf16 }
}
