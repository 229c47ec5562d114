/// What a frontend asks: where the caret is, where the view is, how to reveal.
public struct ScrollRequest: Sendable {
  /// UTF-8 offset; `nil` means the end of the document.
  public var caret: Int?
  /// The side of a wrap boundary the caret is on.
  public var affinity: Affinity
  /// The current scroll offset.
  public var offset: Double
  /// The viewport's size, rows and insets.
  public var viewport: Viewport
  /// Reveal the caret with the least movement (`nearest`) or centre it (`center`).
  public var reveal: Reveal
  /// When the minimal move would be larger than this, centre instead (`nil`: never).
  public var farThreshold: Double?

  /// A request for the caret at UTF-8 offset `caret` (the end when `nil`), the view now at `offset`.
  public init(
    caret: Int? = nil, affinity: Affinity = .downstream, offset: Double = 0, viewport: Viewport,
    reveal: Reveal = .nearest, farThreshold: Double? = nil
  ) {
    self.caret = caret
    self.affinity = affinity
    self.offset = offset
    self.viewport = viewport
    self.reveal = reveal
    self.farThreshold = farThreshold
  }
}
