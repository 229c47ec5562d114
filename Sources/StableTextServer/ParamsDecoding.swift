import StableTextCore
import StableTextJSON
import StableTextTransport

/// Typed reads of the LSP structures that many methods share. Every failure names its field.
enum Params {
  static func uri(_ params: JSONRef) throws(JSONFieldError) -> String {
    try params["textDocument"].object()["uri"].string()
  }

  static func position(_ ref: JSONRef) throws(JSONFieldError) -> TextPosition {
    let object = try ref.object()
    return TextPosition(
      line: try object["line"].nonNegativeInt(), character: try object["character"].nonNegativeInt())
  }

  static func range(_ ref: JSONRef) throws(JSONFieldError) -> TextRange {
    let object = try ref.object()
    return TextRange(start: try position(object["start"]), end: try position(object["end"]))
  }
}

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

/// LSP's JSON for positions and ranges.
extension TextPosition {
  var json: JSONValue { ["line": .int(line), "character": .int(character)] }
}

extension TextRange {
  var json: JSONValue { ["start": start.json, "end": end.json] }
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
