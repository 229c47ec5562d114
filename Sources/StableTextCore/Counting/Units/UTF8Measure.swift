extension LengthUnit {
  /// UTF-8 bytes.
  public static let utf8 = LengthUnit(registered: "utf8")
}

/// One per UTF-8 byte: the rope's own offsets.
struct UTF8Measure: LengthMeasure {
  var name: String { "utf8" }
  var word: String { "bytes" }

  func length(of character: Character, atColumn column: Int, tabSize: Int) -> Int { character.utf8.count }

  func count(_ text: Substring, tabSize: Int) -> Int { text.utf8.count }

  var ropeCount: RopeCount? { .utf8 }

  func utf8Offset(ofUnit index: Int, in buffer: TextBuffer, tabSize: Int) -> Int {
    var offset = min(index, buffer.utf8Count)
    while offset > 0 && offset < buffer.utf8Count && buffer.byte(at: offset) & 0xC0 == 0x80 { offset -= 1 }
    return offset
  }

  func terminatorLength(bytes: Int) -> Int { bytes }

  var lineCount: LineCount { .utf8 }
}
