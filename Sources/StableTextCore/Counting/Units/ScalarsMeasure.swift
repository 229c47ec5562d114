extension LengthUnit {
  /// Unicode scalars: PostgreSQL `varchar(n)`.
  public static let scalars = LengthUnit(registered: "scalars")
}

/// One per Unicode scalar: a rope metric.
struct ScalarsMeasure: LengthMeasure {
  var name: String { "scalars" }
  var word: String { "Unicode scalars" }

  func length(of character: Character, atColumn column: Int, tabSize: Int) -> Int {
    character.unicodeScalars.count
  }

  func count(_ text: Substring, tabSize: Int) -> Int { text.unicodeScalars.count }

  var ropeCount: RopeCount? { .scalars }

  func utf8Offset(ofUnit index: Int, in buffer: TextBuffer, tabSize: Int) -> Int {
    buffer.utf8Offset(of: index, .scalars, snapping: true) ?? buffer.utf8Count
  }

  func terminatorLength(bytes: Int) -> Int { bytes }

  var lineCount: LineCount { .scalars }
}
