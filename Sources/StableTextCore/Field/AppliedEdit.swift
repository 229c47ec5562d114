/// An edit as it was actually applied: its range resolved (clamped) in the text before it, and
/// the text actually inserted (shorter than asked under `truncate`).
public struct AppliedEdit: Equatable, Sendable {
  /// The range replaced, resolved (clamped) in the text before the edit; `nil` for the whole text.
  public var range: TextRange?
  /// The text actually inserted (a prefix of the edit's text under `truncate`).
  public var text: String
}
