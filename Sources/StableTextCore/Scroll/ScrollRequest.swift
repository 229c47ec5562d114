/// How to reveal the caret.
public enum Reveal: String, Sendable, CaseIterable {
  /// Move only as far as needed to bring the caret into the safe band.
  case nearest
  /// Put the caret's row in the middle of the unobscured height.
  case center
}

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

/// The line at the top of the visible band, remembered before an edit so that the view can keep
/// it still after (edits above the viewport must not move what the user sees).
package struct ScrollAnchor: Sendable {
  /// UTF-8 offset of the anchored line's start, carried through the edit.
  var offset: Int?
  /// The line's top minus the top of the visible band.
  var distance: Double
}
