import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextTransport

/// Inlay hints (Protocol/README.md, "Inlay hints"): the counters of `StableTextField.inlayHints`
/// as LSP `InlayHint`s, and `workspace/inlayHint/refresh` when the rules change.
extension LanguageServer {
  /// `textDocument/inlayHint`: the counters whose places lie in `range` (both ends included). The
  /// document and the range are read as every request reads them: an unknown document and a
  /// range whose start is after its end are `-32602` naming the field; a range past the end is
  /// clamped to it, as LSP says.
  func inlayHints(_ request: InlayHintRequest) throws(ResponseError) -> JSONValue {
    let document = try document(request.textDocument)
    let asked = try offsets(request.range, in: document)
    let field = document.field
    let hints = field.inlayHints(in: asked.lowerBound...asked.upperBound)
    return .array(
      hints.map { hint in
        [
          "position": field.text.json(offset: hint.offset, encoding), "label": .string(hint.label),
          "tooltip": .string(hint.tooltip), "paddingLeft": true,
        ]
      })
  }

  /// The rules of some documents changed (a configuration, a repository's files): a client that
  /// takes `workspace/inlayHint/refresh` is asked to fetch its hints again (one request, whatever
  /// the number of documents; its answer is dropped by `handle(response:)`).
  func refreshInlayHints() {
    guard inlayHintRefresh else { return }
    refreshRequests += 1
    // No params member at all: the request has none, and JSON-RPC allows no `null` there.
    sink.send([
      "jsonrpc": "2.0", "id": .string("\(Self.refreshIDPrefix)\(refreshRequests)"),
      "method": .string(InlayHintRefreshRequest.method),
    ])
  }

  /// The ids of the server's own requests start with this, so their answers are told from a
  /// client's stray response.
  static let refreshIDPrefix = "stabletext/inlayHint/refresh/"
}
