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
