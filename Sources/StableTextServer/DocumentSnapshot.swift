import StableTextCore
import StableTextJSON

/// A document as it is at one moment, with everything its read-only answers need: a `Sendable`
/// copy (the field is a value; its rope and indexes are shared until the document changes), so
/// an answer can be computed here or on the background thread alike.
struct DocumentSnapshot: Sendable {
  let uri: String
  let version: Int
  let field: StableTextField
  let outOfSyncReason: String?
  /// The document's `revision` when the copy was taken (a later change moves it on).
  let revision: Int
  let encoding: PositionEncoding

  var isOutOfSync: Bool { outOfSyncReason != nil }

  /// The diagnostics in contract order; only `out-of-sync` while out of sync.
  var diagnostics: [FieldDiagnostic] {
    guard let reason = outOfSyncReason else { return field.diagnostics }
    return [
      FieldDiagnostic(
        code: .outOfSync, severity: .error, range: 0..<0,
        message:
          "Out of sync: \(reason). StableText keeps version \(version) and ignores edits until the editor sends the whole text (reload or reopen the file).",
        data: nil)
    ]
  }

  /// The diagnostics as a JSON array, written as bytes (a publish can hold thousands).
  func write(_ diagnostics: [FieldDiagnostic], to output: inout JSONBytes) {
    output.raw("[")
    for (index, diagnostic) in diagnostics.enumerated() {
      if index > 0 { output.raw(",") }
      write(diagnostic, to: &output)
    }
    output.raw("]")
  }

  /// The diagnostics as a JSON value.
  var diagnosticsJSON: JSONValue {
    let diagnostics = diagnostics
    var output = JSONBytes(capacity: diagnostics.count * 256 + 2)
    write(diagnostics, to: &output)
    return output.value
  }

  /// One diagnostic as LSP JSON.
  func json(_ diagnostic: FieldDiagnostic) -> JSONValue {
    var output = JSONBytes()
    write(diagnostic, to: &output)
    return output.value
  }

  /// One diagnostic, members in the order `range`, `severity`, `code`, `source`, `message`,
  /// `data`.
  func write(_ diagnostic: FieldDiagnostic, to output: inout JSONBytes) {
    let text = field.text
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

  /// The quick fixes, as code actions with a `WorkspaceEdit` each.
  var codeActions: JSONValue {
    guard !isOutOfSync else { return [] }
    return .array(
      field.quickFixes.map { fix in
        let edits: [JSONValue] = fix.edits.map { edit in
          ["range": field.text.json(range: edit.range, encoding), "newText": .string(edit.text)]
        }
        var action: JSONObject = [
          "title": .string(fix.title), "kind": "quickfix",
          "edit": ["changes": .object([uri: .array(edits)])],
        ]
        if let diagnostic = fix.diagnostic {
          action["diagnostics"] = [json(diagnostic)]
          action["isPreferred"] = true
        }
        return .object(action)
      })
  }

  /// `stableText/state`'s answer (`text` only when asked for: the authoritative text, written
  /// here as JSON bytes, since a large one takes a while).
  func state(includeText: Bool) -> JSONValue {
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
      "outOfSync": .bool(isOutOfSync),
    ]
    if includeText {
      var text = JSONBytes(capacity: field.text.utf8Count + 2)
      text.string(field.text.string)
      object["text"] = text.value
    }
    return .object(object)
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
