/// Top and bottom insets in layout units.
public struct VerticalInsets: Hashable, Sendable {
  /// The inset at the top.
  public var top: Double
  /// The inset at the bottom.
  public var bottom: Double

  /// Insets of `top` and `bottom`.
  public init(top: Double = 0, bottom: Double = 0) {
    self.top = top
    self.bottom = bottom
  }

  /// No insets.
  public static let zero = VerticalInsets()
}
