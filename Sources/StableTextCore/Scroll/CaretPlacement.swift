/// Where the caret is, in the document and on screen.
public struct CaretPlacement: Equatable, Sendable {
  /// UTF-8 offset (snapped to the start of its grapheme cluster).
  public var offset: Int
  /// The caret's line (0-based).
  public var line: Int
  /// The visual row holding the caret, counted over the whole text.
  public var row: Int
  /// The caret's cell column in its row.
  public var column: Int
  /// The top of the caret's row, in the viewport's units.
  public var y: Double
  /// The caret's height (the row height).
  public var height: Double
}
