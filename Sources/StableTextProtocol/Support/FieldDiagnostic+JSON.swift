import StableTextCore
import StableTextJSON

/// LSP's `Diagnostic`, written straight as bytes: a publish can hold thousands, and building
/// them as JSON objects cost more than the edit that caused them. Positions are in the
/// negotiated encoding; a diagnostic that knows its line walks at most that line's bytes.
extension FieldDiagnostic {
  /// The diagnostics as a JSON array, written as bytes (a publish can hold thousands).
  public static func write(
    _ diagnostics: [FieldDiagnostic], of text: TextBuffer, _ encoding: PositionEncoding,
    to output: inout JSONBytes
  ) {
    output.raw("[")
    for (index, diagnostic) in diagnostics.enumerated() {
      if index > 0 { output.raw(",") }
      diagnostic.write(of: text, encoding, to: &output)
    }
    output.raw("]")
  }

  /// One diagnostic, members in the order `range`, `severity`, `code`, `source`, `message`,
  /// `data`.
  public func write(of text: TextBuffer, _ encoding: PositionEncoding, to output: inout JSONBytes) {
    let diagnostic = self
    let start: TextPosition
    let end: TextPosition
    if let line = diagnostic.line {
      // The check knows the line: at most the bytes from its start are walked.
      func character(_ offset: Int) -> Int {
        line.isASCII
          ? offset - line.start : text.character(of: offset, fromLineStart: line.start, in: encoding)
      }
      start = TextPosition(line: line.index, character: character(diagnostic.range.lowerBound))
      end = TextPosition(line: line.index, character: character(diagnostic.range.upperBound))
    } else {
      start = text.position(of: diagnostic.range.lowerBound, in: encoding)
      end = text.position(of: diagnostic.range.upperBound, in: encoding)
    }
    output.raw("{\"range\":{\"start\":{\"line\":")
    output.int(start.line)
    output.raw(",\"character\":")
    output.int(start.character)
    output.raw("},\"end\":{\"line\":")
    output.int(end.line)
    output.raw(",\"character\":")
    output.int(end.character)
    output.raw("}},\"severity\":")
    output.int(diagnostic.severity.rawValue)
    output.raw(",\"code\":")
    output.string(diagnostic.code.rawValue)
    output.raw(",\"source\":\"stabletext\",\"message\":")
    output.string(diagnostic.message)
    if let data = diagnostic.data {
      output.raw(",\"data\":{")
      for (index, field) in data.fields.enumerated() {
        if index > 0 { output.raw(",") }
        output.string(field.name)
        output.raw(":")
        switch field.value {
        case .int(let value): output.int(value)
        case .string(let value): output.string(value)
        }
      }
      output.raw("}")
    }
    output.raw("}")
  }
}
