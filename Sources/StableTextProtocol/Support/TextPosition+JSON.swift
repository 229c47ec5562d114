import StableTextCore
import StableTextJSON

/// LSP's `Position`: `{line, character}`, both non-negative integers.
extension TextPosition {
  /// Reads the position at `ref`, naming the field that is wrong.
  public init(decoding ref: JSONRef) throws(JSONFieldError) {
    let object = try ref.object()
    self.init(line: try object["line"].nonNegativeInt(), character: try object["character"].nonNegativeInt())
  }

  public var json: JSONValue { ["line": .int(line), "character": .int(character)] }

  /// The position in a server's answer (`nil` when it is not one).
  public init?(json value: JSONValue) {
    guard let line = value["line"]?.intValue, let character = value["character"]?.intValue, line >= 0,
      character >= 0
    else { return nil }
    self.init(line: line, character: character)
  }
}

/// LSP's `Range`: `{start, end}`.
extension TextRange {
  public init(decoding ref: JSONRef) throws(JSONFieldError) {
    let object = try ref.object()
    self.init(
      start: try TextPosition(decoding: object["start"]), end: try TextPosition(decoding: object["end"]))
  }

  public var json: JSONValue { ["start": start.json, "end": end.json] }

  /// The range in a server's answer (`nil` when it is not one).
  public init?(json value: JSONValue) {
    guard let start = value["start"].flatMap(TextPosition.init(json:)),
      let end = value["end"].flatMap(TextPosition.init(json:))
    else { return nil }
    self.init(start: start, end: end)
  }
}
