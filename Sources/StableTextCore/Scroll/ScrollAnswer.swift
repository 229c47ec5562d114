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
