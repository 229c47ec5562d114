import StableTextCore
import StableTextJSON
import StableTextTransport

/// Diagnostics as LSP JSON, pushed and pulled.
extension LanguageServer {
  /// Publishes everything owed. Called before any response is sent and before the server
  /// waits for input, so no change is ever left unreported.
  public func flushDiagnostics() {
    guard !publisher.isEmpty else { return }
    for uri in publisher.drain() {
      // The params written as bytes: one publish follows every burst of keystrokes, and
      // building them as JSON objects cost more than the edit.
      var message = JSONBytes(capacity: 512)
      message.raw("{\"uri\":")
      message.string(uri)
      if let document = documents[uri] {
        document.field.catchUp()
        message.raw(",\"version\":")
        message.int(document.version)
        message.raw(",\"diagnostics\":")
        write(fieldDiagnostics(of: document), in: document, to: &message)
      } else {
        message.raw(",\"diagnostics\":[]")
      }
      message.raw("}")
      sink.notify("textDocument/publishDiagnostics", message.value)
      if stateNotifications, let document = documents[uri] {
        sink.notify("stableText/didChangeState", stateJSON(document, includeText: false))
      }
    }
  }

  /// The document's diagnostics as JSON (written as bytes: a publish can hold tens of thousands).
  func diagnostics(of document: Document) -> JSONValue {
    let diagnostics = fieldDiagnostics(of: document)
    var output = JSONBytes(capacity: diagnostics.count * 256 + 2)
    write(diagnostics, in: document, to: &output)
    return output.value
  }

  /// The document's diagnostics in contract order; only `out-of-sync` while out of sync.
  private func fieldDiagnostics(of document: Document) -> [FieldDiagnostic] {
    guard let reason = document.outOfSyncReason else { return document.field.diagnostics }
    return [
      FieldDiagnostic(
        code: .outOfSync, severity: .error, range: 0..<0,
        message:
          "Out of sync: \(reason). StableText keeps version \(document.version) and ignores edits until the editor sends the whole text (reload or reopen the file).",
        data: nil)
    ]
  }

  private func write(_ diagnostics: [FieldDiagnostic], in document: Document, to output: inout JSONBytes) {
    output.raw("[")
    for (index, diagnostic) in diagnostics.enumerated() {
      if index > 0 { output.raw(",") }
      write(diagnostic, in: document, to: &output)
    }
    output.raw("]")
  }

  /// One diagnostic as LSP JSON.
  func json(_ diagnostic: FieldDiagnostic, in document: Document) -> JSONValue {
    var output = JSONBytes()
    write(diagnostic, in: document, to: &output)
    return output.value
  }

  /// One diagnostic, members in the order `range`, `severity`, `code`, `source`, `message`,
  /// `data`.
  private func write(_ diagnostic: FieldDiagnostic, in document: Document, to output: inout JSONBytes) {
    let text = document.field.text
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

  /// `textDocument/diagnostic`: the pull model.
  func pullDiagnostics(_ params: JSONRef) throws(ResponseError) -> JSONValue {
    let params = try object(params)
    let document = try document(params)
    let resultId = String(document.revision)
    let previous = params["previousResultId"]
    if !previous.isAbsent, try decode({ () throws(JSONFieldError) in try previous.string() }) == resultId {
      return ["kind": "unchanged", "resultId": .string(resultId)]
    }
    return ["kind": "full", "resultId": .string(resultId), "items": diagnostics(of: document)]
  }
}
