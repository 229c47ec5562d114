import StableTextProtocol
import StableTextTransport

/// A request that only reads one document: answered from copies, on the background thread
/// when the document (and what the request pastes) is large (`LanguageServer.backgroundBytes`).
protocol ReadingRequest: RequestType {
  var textDocument: TextDocumentIdentifier { get }
  /// Bytes the request brings to check against the text (a paste), counted with the document's.
  var pastedBytes: Int { get }
}

extension ReadingRequest {
  var pastedBytes: Int { 0 }
}

extension DocumentDiagnosticRequest: ReadingRequest {}
extension CodeActionRequest: ReadingRequest {}
extension StableTextStateRequest: ReadingRequest {}
extension StableTextShouldChangeTextRequest: ReadingRequest {
  var pastedBytes: Int { text.utf8.count }
}

extension MethodTable where Handler == LanguageServer {
  /// Registers a reading request whose `work` may run off the thread (`LanguageServer.deferral`).
  mutating func onReading<R: ReadingRequest>(
    _ type: R.Type,
    _ work:
      @escaping @Sendable (LanguageServer, R) throws(ResponseError) ->
      @Sendable (CancellationFlag) -> R.Response
  ) {
    on(reading: type, work, deferral: { server, request, id, work in server.deferral(request, id: id, work) })
  }
}
