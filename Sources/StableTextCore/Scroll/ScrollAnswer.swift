/// Why the offset is what it is.
public enum ScrollReason: String, Sendable {
  /// The offset did not move: the caret is inside the visible band.
  case none
  /// It moved up the least that shows the caret.
  case revealUp
  /// It moved down the least that shows the caret.
  case revealDown
  /// It centred the caret (asked for, or the least move was longer than `farThreshold`).
  case center
  /// It was held to its bounds.
  case clamp
  /// It followed the text on screen after an edit above it.
  case anchor
}

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

/// A recommended scroll offset and everything that went into it.
public struct ScrollAnswer: Equatable, Sendable {
  /// The recommended scroll offset (content y at the top of the viewport).
  public var offset: Double
  /// Whether the content is taller than the visible space.
  public var scrollEnabled: Bool
  /// The content's height, padding included.
  public var contentHeight: Double
  /// The smallest offset (minus the obscured top).
  public var minOffset: Double
  /// The largest offset.
  public var maxOffset: Double
  /// Visual rows of the whole text.
  public var rows: Int
  /// Where the caret is.
  public var caret: CaretPlacement
  /// Why the offset is what it is.
  public var reason: ScrollReason
  /// False when rows the answer did not need are still estimated (see `TextLayout.isExact`):
  /// `contentHeight`, `rows` and `maxOffset` (and the caret's row, when the caret is deep in text
  /// not laid out yet) may change by themselves once the layout finishes.
  public var isExact = true
}
