/// The line at the top of the visible band, remembered before an edit so that the view can keep
/// it still after (edits above the viewport must not move what the user sees).
package struct ScrollAnchor: Sendable {
  /// UTF-8 offset of the anchored line's start, carried through the edit.
  var offset: Int?
  /// The line's top minus the top of the visible band.
  var distance: Double
}
