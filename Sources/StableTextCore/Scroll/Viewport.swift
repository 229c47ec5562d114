/// The frontend's viewport. Units are abstract: rows for terminals (`lineHeight` 1), points
/// for GUIs.
public struct Viewport: Hashable, Sendable {
  /// The viewport's height, in its units (rows, points).
  public var height: Double
  /// A row's height (greater than 0).
  public var lineHeight: Double
  /// Space between rows.
  public var lineSpacing: Double
  /// How lines wrap into rows.
  public var wrap: WrapOptions
  /// Space inside the content above the first row and below the last.
  public var padding: VerticalInsets
  /// Parts of the viewport covered by bars or the keyboard.
  public var obscured: VerticalInsets
  /// How close to the visible edges the caret may come before the view scrolls.
  public var margin: VerticalInsets

  /// A viewport `height` tall, with rows `lineHeight` high and `lineSpacing` apart.
  public init(
    height: Double, lineHeight: Double = 1, lineSpacing: Double = 0, wrap: WrapOptions = WrapOptions(),
    padding: VerticalInsets = .zero, obscured: VerticalInsets = .zero, margin: VerticalInsets = .zero
  ) {
    self.height = height
    self.lineHeight = lineHeight
    self.lineSpacing = lineSpacing
    self.wrap = wrap
    self.padding = padding
    self.obscured = obscured
    self.margin = margin
  }

  /// Distance from one row's top to the next's.
  public var pitch: Double { lineHeight + lineSpacing }
  /// The unobscured height.
  public var available: Double { height - obscured.top - obscured.bottom }

  /// The content's height for `rows` rows, padding included.
  public func contentHeight(rows: Int) -> Double {
    padding.top + Double(rows) * lineHeight + Double(max(0, rows - 1)) * lineSpacing + padding.bottom
  }

  /// The top of row `row`.
  public func rowTop(_ row: Int) -> Double { padding.top + Double(row) * pitch }
}
