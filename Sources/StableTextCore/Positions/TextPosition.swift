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

/// Why a position or range cannot be used. Each case carries enough to write a message that
/// tells the client what was wrong.
public enum PositionError: Error, Equatable, Sendable {
  /// The offset falls between the code units of one code point (a surrogate half in UTF-16,
  /// a continuation byte in UTF-8).
  case insideCodePoint(TextPosition, PositionEncoding)
  /// After clamping, `start` comes after `end`.
  case startAfterEnd(start: TextPosition, end: TextPosition)

  /// What is wrong with the position, for an error message.
  public var message: String {
    switch self {
    case .insideCodePoint(let position, let encoding):
      return "position \(position) falls inside a code point in \(encoding.rawValue)"
    case .startAfterEnd(let start, let end):
      return "start \(start) is after end \(end)"
    }
  }
}
