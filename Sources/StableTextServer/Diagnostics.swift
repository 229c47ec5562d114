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
      var params: JSONObject = ["uri": .string(uri)]
      if let document = documents[uri] {
        params["version"] = .int(document.version)
        params["diagnostics"] = .array(diagnostics(of: document))
      } else {
        params["diagnostics"] = []
      }
      sink.send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": .object(params)])
      if stateNotifications, let document = documents[uri] {
        sink.send([
          "jsonrpc": "2.0", "method": "stableText/didChangeState",
          "params": stateJSON(document, includeText: false),
        ])
      }
    }
  }

  /// The document's diagnostics in contract order; only `out-of-sync` while out of sync.
  func diagnostics(of document: Document) -> [JSONValue] {
    if let reason = document.outOfSyncReason {
      return [
        [
          "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
          "severity": 1, "code": "out-of-sync", "source": "stabletext",
          "message": .string(
            "Out of sync: \(reason). StableText keeps version \(document.version) and ignores edits until the editor sends the whole text (reload or reopen the file)."
          ),
        ]
      ]
    }
    return document.field.diagnostics.map { json($0, in: document) }
  }

  func json(_ diagnostic: FieldDiagnostic, in document: Document) -> JSONValue {
    var object: JSONObject = [
      "range": document.field.text.json(range: diagnostic.range, encoding),
      "severity": .int(diagnostic.severity.rawValue),
      "code": .string(diagnostic.code.rawValue),
      "source": "stabletext",
      "message": .string(diagnostic.message),
    ]
    switch diagnostic.data {
    case .overLimit(let length, let limit, let unit):
      object["data"] = ["length": .int(length), "limit": .int(limit), "unit": .string(unit.rawValue)]
    case .lineTooLong(let line, let length, let limit, let unit):
      object["data"] = [
        "line": .int(line), "length": .int(length), "limit": .int(limit), "unit": .string(unit.rawValue),
      ]
    case .lineNotBlank(let line):
      object["data"] = ["line": .int(line)]
    case nil:
      break
    }
    return .object(object)
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
    return ["kind": "full", "resultId": .string(resultId), "items": .array(diagnostics(of: document))]
  }
}
