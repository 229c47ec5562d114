public enum ScrollReason: String, Sendable {
  case none, revealUp, revealDown, center, clamp, anchor
}

/// Where the caret is, in the document and on screen.
public struct CaretPlacement: Equatable, Sendable {
  /// UTF-8 offset (snapped to the start of its grapheme cluster).
  public var offset: Int
  public var line: Int
  public var row: Int
  public var column: Int
  public var y: Double
  public var height: Double
}

/// A recommended scroll offset and everything that went into it.
public struct ScrollAnswer: Equatable, Sendable {
  public var offset: Double
  public var scrollEnabled: Bool
  public var contentHeight: Double
  public var minOffset: Double
  public var maxOffset: Double
  public var rows: Int
  public var caret: CaretPlacement
  public var reason: ScrollReason
  /// False when rows the answer did not need are still estimated (see `TextLayout.isExact`):
  /// `contentHeight`, `rows` and `maxOffset` (and the caret's row, when the caret is deep in text
  /// not laid out yet) may change by themselves once the layout finishes.
  public var isExact = true
}
