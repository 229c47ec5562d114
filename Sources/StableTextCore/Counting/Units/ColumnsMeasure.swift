extension LengthUnit {
  /// Display columns, as a terminal shows them (the cluster widths of "The layout model"; a tab
  /// advances to the next tab stop counted from the line's start; line terminators are 0).
  public static let columns = LengthUnit(registered: "columns")
}

/// Cells per cluster from the width table, tabs to the next stop. Depends on where a line
/// starts, so the rope cannot keep it: the whole text is counted through the line index.
struct ColumnsMeasure: LengthMeasure {
  var name: String { "columns" }
  var word: String { "columns" }

  func length(of character: Character, atColumn column: Int, tabSize: Int) -> Int {
    Self.advance(of: character, atColumn: column, tabSize: tabSize)
  }

  func terminatorLength(bytes: Int) -> Int { 0 }

  var lineCount: LineCount { .clusters }

  func length(ofCluster bytes: UnsafeBufferPointer<UInt8>, width: Int, atColumn column: Int, tabSize: Int)
    -> Int
  {
    Cluster.cells(width: width, atColumn: column, tabSize: tabSize)
  }

  var clusterLength: ClusterLength { .cells }

  var exceedsBytes: Bool { true }

  /// The display columns `character` takes at `column`: a tab to the next stop, a line
  /// terminator none (U+2028 and form feed are not terminators), anything else its cells.
  static func advance(of character: Character, atColumn column: Int, tabSize: Int) -> Int {
    if character == "\t" { return tabSize - column % tabSize }
    if isTerminator(character) { return 0 }
    return DisplayWidth.of(character)
  }
}
