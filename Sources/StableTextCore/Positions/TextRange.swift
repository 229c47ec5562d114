/// A client range (`start`..`end`) before resolution.
public struct TextRange: Hashable, Sendable {
  /// Where the range starts.
  public var start: TextPosition
  /// Where it ends (not before `start`, once clamped).
  public var end: TextPosition

  /// The range from `start` to `end`.
  public init(start: TextPosition, end: TextPosition) {
    self.start = start
    self.end = end
  }
}
