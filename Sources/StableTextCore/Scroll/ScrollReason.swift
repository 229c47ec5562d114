/// Why the offset is what it is.
public enum ScrollReason: String, Sendable {
  /// The offset did not move: the caret is inside the visible band.
  case none
  /// It moved up the least that shows the caret.
  case revealUp
  /// It moved down the least that shows the caret.
  case revealDown
  /// It centred the caret (asked for, or the least move was longer than `farThreshold`).
  case center
  /// It was held to its bounds.
  case clamp
  /// It followed the text on screen after an edit above it.
  case anchor
}
