/// A range replacement, or the whole text when `range` is `nil`: one entry of
/// `textDocument/didChange`'s `contentChanges`, or one edit of `stableText/edit` (`FieldEdit`).
public struct ContentChange: Hashable, Sendable {
  /// The range replaced, in the negotiated encoding; `nil` replaces the whole text.
  public var range: TextRange?
  /// The text put in its place.
  public var text: String

  /// A replacement of `range` (the whole text when `nil`) with `text`.
  public init(range: TextRange?, text: String) {
    self.range = range
    self.text = text
  }
}
