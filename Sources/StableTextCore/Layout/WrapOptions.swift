/// The options that decide how text breaks into rows.
public struct WrapOptions: Hashable, Sendable {
  /// Row width in cells; `nil` for no wrapping.
  public var columns: Int?
  /// Where rows break when a cluster does not fit: anywhere (`char`) or at spaces first (`word`).
  public var wrap: WrapMode
  /// Tab stops every `tabSize` cells.
  public var tabSize: Int

  /// Rows of `columns` cells (`nil`: no wrapping), broken by `wrap`, with tab stops every `tabSize`.
  public init(columns: Int? = nil, wrap: WrapMode = .char, tabSize: Int = 4) {
    self.columns = columns
    self.wrap = wrap
    self.tabSize = min(max(1, tabSize), Self.maxTabSize)
  }

  /// The widest tab stop: columns then stay far from overflow on any line a document can hold.
  public static let maxTabSize = 1_000
}
