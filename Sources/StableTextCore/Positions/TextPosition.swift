/// A position as the client sends it: zero-based line and a character offset counted in the
/// negotiated `PositionEncoding`. Values are unvalidated until a `TextBuffer` resolves them.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
  /// The line (0-based).
  public var line: Int
  /// The offset in the line, in code units of the negotiated encoding.
  public var character: Int

  /// Position `character` of line `line`.
  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  /// `line:character`, as error messages write it.
  public var description: String { "\(line):\(character)" }
}
