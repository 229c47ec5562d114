/// Top and bottom insets in layout units.
public struct VerticalInsets: Hashable, Sendable {
  public var top: Double
  public var bottom: Double

  public init(top: Double = 0, bottom: Double = 0) {
    self.top = top
    self.bottom = bottom
  }

  public static let zero = VerticalInsets()
}

/// The frontend's viewport. Units are abstract: rows for terminals (`lineHeight` 1), points
/// for GUIs.
public struct Viewport: Hashable, Sendable {
  public var height: Double
  public var lineHeight: Double
  public var lineSpacing: Double
  public var wrap: WrapOptions
  /// Space inside the content above the first row and below the last.
  public var padding: VerticalInsets
  /// Parts of the viewport covered by bars or the keyboard.
  public var obscured: VerticalInsets
  /// How close to the visible edges the caret may come before the view scrolls.
  public var margin: VerticalInsets

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

  public func contentHeight(rows: Int) -> Double {
    padding.top + Double(rows) * lineHeight + Double(max(0, rows - 1)) * lineSpacing + padding.bottom
  }

  public func rowTop(_ row: Int) -> Double { padding.top + Double(row) * pitch }
}
