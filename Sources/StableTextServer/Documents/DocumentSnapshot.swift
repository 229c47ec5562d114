import StableTextCore
import StableTextJSON

/// A document's read-only answers as JSON, computed from its parts: the same functions serve the
/// answers given at once (from the document itself, nothing copied: a publish follows every
/// keystroke) and those computed on the background thread (from a `DocumentSnapshot`).
enum DocumentJSON {
  /// The diagnostics in contract order; only `out-of-sync` while out of sync.
  static func diagnostics(_ field: StableTextField, outOfSync reason: String?, version: Int)
    -> [FieldDiagnostic]
  {
    guard let reason else { return field.diagnostics }
    return [
      FieldDiagnostic(
        code: .outOfSync, severity: .error, range: 0..<0,
        message:
          "Out of sync: \(reason). StableText keeps version \(version) and ignores edits until the editor sends the whole text (reload or reopen the file).",
        data: nil)
    ]
  }

  /// The diagnostics as a JSON array, written as bytes (a publish can hold thousands).
  static func write(
    _ diagnostics: [FieldDiagnostic], of text: TextBuffer, _ encoding: PositionEncoding,
    to output: inout JSONBytes
  ) {
    output.raw("[")
    for (index, diagnostic) in diagnostics.enumerated() {
      if index > 0 { output.raw(",") }
      write(diagnostic, of: text, encoding, to: &output)
    }
    output.raw("]")
  }

  /// One diagnostic, members in the order `range`, `severity`, `code`, `source`, `message`,
  /// `data`.
  static func write(
    _ diagnostic: FieldDiagnostic, of text: TextBuffer, _ encoding: PositionEncoding,
    to output: inout JSONBytes
  ) {
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

  /// `stableText/state`'s answer (`text` only when asked for: the authoritative text, written
  /// as JSON bytes, since a large one takes a while).
  static func state(
    _ field: StableTextField, uri: String, version: Int, outOfSync: Bool, includeText: Bool
  ) -> JSONValue {
    let state = field.state
    var object: JSONObject = [
      "uri": .string(uri),
      "version": .int(version),
      "length": .int(state.length),
      "limit": JSONValue(state.limit),
      "unit": .string(state.unit.rawValue),
      "remaining": JSONValue(state.remaining),
      "overLimit": .bool(state.overLimit),
      "emptyAfterTrim": .bool(state.emptyAfterTrim),
      "counter": .string(state.counter),
      "placeholder": ["text": .string(state.placeholder), "visible": .bool(state.placeholderVisible)],
      "lineCount": .int(state.lineCount),
      "outOfSync": .bool(outOfSync),
    ]
    if includeText {
      var text = JSONBytes(capacity: field.text.utf8Count + 2)
      text.string(field.text.string)
      object["text"] = text.value
    }
    return .object(object)
  }
}

/// A document as it is at one moment, with everything its read-only answers need: a `Sendable`
/// copy (the field is a value; its rope and indexes are shared until the document changes), for
/// an answer computed on the background thread.
struct DocumentSnapshot: Sendable {
  let uri: String
  let version: Int
  let field: StableTextField
  let outOfSyncReason: String?
  /// The document's `revision` when the copy was taken (a later change moves it on).
  let revision: Int
  let encoding: PositionEncoding

  var isOutOfSync: Bool { outOfSyncReason != nil }

  var diagnostics: [FieldDiagnostic] {
    DocumentJSON.diagnostics(field, outOfSync: outOfSyncReason, version: version)
  }

  /// The diagnostics as a JSON value.
  var diagnosticsJSON: JSONValue {
    let diagnostics = diagnostics
    var output = JSONBytes(capacity: diagnostics.count * 256 + 2)
    DocumentJSON.write(diagnostics, of: field.text, encoding, to: &output)
    return output.value
  }

  /// The quick fixes of the diagnostics `include` picks, as code actions with a `WorkspaceEdit`
  /// each.
  func codeActions(for include: (FieldDiagnostic) -> Bool) -> JSONValue {
    guard !isOutOfSync else { return [] }
    return .array(
      field.quickFixes(for: include).map { fix in
        let edits: [JSONValue] = fix.edits.map { edit in
          ["range": field.text.json(range: edit.range, encoding), "newText": .string(edit.text)]
        }
        var action: JSONObject = [
          "title": .string(fix.title), "kind": "quickfix",
          "edit": ["changes": .object([uri: .array(edits)])],
        ]
        if let diagnostic = fix.diagnostic {
          var output = JSONBytes()
          DocumentJSON.write(diagnostic, of: field.text, encoding, to: &output)
          action["diagnostics"] = [output.value]
          action["isPreferred"] = true
        }
        return .object(action)
      })
  }

  func state(includeText: Bool) -> JSONValue {
    DocumentJSON.state(field, uri: uri, version: version, outOfSync: isOutOfSync, includeText: includeText)
  }
}

extension Document {
  /// The document as it is now, for an answer computed from copies.
  func snapshot(_ encoding: PositionEncoding) -> DocumentSnapshot {
    field.catchUp()
    return DocumentSnapshot(
      uri: uri, version: version, field: field, outOfSyncReason: outOfSyncReason, revision: revision,
      encoding: encoding)
  }
}
