import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextTransport

extension PositionError {
  /// The `-32602` problem for this error in the range at `rangePath`: a position inside a code
  /// point names the end (`.start` or `.end`) that failed; an inverted range names the range.
  func fieldError(in range: TextRange?, at rangePath: JSONPath) -> JSONFieldError {
    switch self {
    case .insideCodePoint(let position, _):
      return JSONFieldError(
        path: .key(rangePath, position == range?.start ? "start" : "end"), problem: message)
    case .startAfterEnd:
      return JSONFieldError(path: rangePath, problem: message)
    }
  }

  /// The problem for a lone position at `path`.
  func fieldError(at path: JSONPath) -> JSONFieldError {
    JSONFieldError(path: path, problem: message)
  }
}

/// JSON for offsets of the text, as positions in the negotiated encoding.
extension TextBuffer {
  func json(offset: Int, _ encoding: PositionEncoding) -> JSONValue {
    position(of: offset, in: encoding).json
  }

  func json(range: Range<Int>, _ encoding: PositionEncoding) -> JSONValue {
    ["start": json(offset: range.lowerBound, encoding), "end": json(offset: range.upperBound, encoding)]
  }
}
