extension LengthUnit {
  /// Swift `Character`s (extended grapheme clusters): what a person counts.
  public static let graphemes = LengthUnit(registered: "graphemes")
}

/// One per extended grapheme cluster. The rope keeps cluster starts per chunk and corrects
/// them for regional-indicator pairs across chunks, so the total and the n-th cluster are
/// O(log n).
struct GraphemesMeasure: LengthMeasure {
  var name: String { "graphemes" }
  var word: String { "characters" }

  func length(of character: Character, atColumn column: Int, tabSize: Int) -> Int { 1 }

  func count(_ text: Substring, tabSize: Int) -> Int { text.count }

  var ropeCount: RopeCount? { .graphemes }

  func utf8Offset(ofUnit index: Int, in buffer: TextBuffer, tabSize: Int) -> Int {
    buffer.clusterStart(index)
  }

  func terminatorLength(bytes: Int) -> Int { 1 }

  var lineCount: LineCount { .clusters }

  func length(ofCluster bytes: UnsafeBufferPointer<UInt8>, width: Int, atColumn column: Int, tabSize: Int)
    -> Int
  {
    1
  }

  var clusterLength: ClusterLength { .one }
}
