/// How to reveal the caret.
public enum Reveal: String, Sendable, CaseIterable {
  /// Move only as far as needed to bring the caret into the safe band.
  case nearest
  /// Put the caret's row in the middle of the unobscured height.
  case center
}
