import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextTransport

/// Diagnostics as LSP JSON, pushed and pulled.
extension LanguageServer {
  /// Publishes everything owed. Called before any response is sent and before the server
  /// waits for input, so no change is ever left unreported.
  public func publishOwedDiagnostics() {
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
        FieldDiagnostic.write(
          DocumentDiagnostics.of(
            document.field, outOfSync: document.outOfSyncReason, version: document.version,
            edited: document.edited),
          of: document.field.text, encoding, to: &message)
      } else {
        message.raw(",\"diagnostics\":[]")
      }
      message.raw("}")
      sink.notify(PublishDiagnosticsNotification.method, message.value)
      if stateNotifications, let document = documents[uri] {
        sink.notify(StableTextState.didChangeMethod, state(of: document, includeText: false).json)
      }
    }
  }

  /// `textDocument/diagnostic`, the pull model: what computes its answer from copies (here, or
  /// on the background thread for a large document).
  func pullDiagnosticsWork(_ request: DocumentDiagnosticRequest) throws(ResponseError)
    -> @Sendable (CancellationFlag) -> JSONValue
  {
    let document = try document(request.textDocument)
    let resultId = String(document.revision)
    if request.previousResultId == resultId {
      return { _ in ["kind": "unchanged", "resultId": .string(resultId)] }
    }
    let snapshot = document.snapshot(encoding)
    return { _ in ["kind": "full", "resultId": .string(resultId), "items": snapshot.diagnosticsJSON] }
  }
}
