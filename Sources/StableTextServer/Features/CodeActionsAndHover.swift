import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextTransport

/// Code actions and hover.
extension LanguageServer {
  /// `textDocument/codeAction`: the quick fixes of the diagnostics the request lists in
  /// `context.diagnostics` (by code and range) or that touch a line its range touches (eglot
  /// asks at the cursor, often before the underlined part of the line), and no other.
  /// What computes its answer from copies (here, or on the background thread for a large
  /// document).
  func codeActionsWork(_ request: CodeActionRequest) throws(ResponseError)
    -> @Sendable (CancellationFlag) -> JSONValue
  {
    let document = try document(request.textDocument)
    let asked = try offsets(request.range, in: document)
    // The diagnostics the client names, as code and range. Each must be a Diagnostic (a range
    // is required: one that is not a range is an error naming it, when the params are read);
    // one with no string code, or whose range is not in this text (another server's, a stale
    // one), is none of ours.
    var listed: [(code: String, range: Range<Int>)] = []
    for named in request.diagnostics ?? [] {
      guard let code = named.code,
        let offsets = try? document.field.text.offsets(of: named.range, in: encoding)
      else { continue }
      listed.append((code, offsets))
    }
    if let kinds = request.only,
      !kinds.contains(where: { $0 == "quickfix" || $0.isEmpty || "quickfix".hasPrefix($0 + ".") })
    {
      return { _ in [] }
    }
    let snapshot = document.snapshot(encoding)
    let named = listed
    let text = snapshot.field.text
    let askedLines = text.line(containing: asked.lowerBound)...text.line(containing: asked.upperBound)
    return { cancellation in
      // A rewrap of a long paragraph reads the flag as it goes (Protocol README, "Requests that
      // take long"): cancelled, it stops, and the background thread is free for the next.
      snapshot.codeActions(stopping: { cancellation.isCancelled }) { diagnostic in
        let first = text.line(containing: diagnostic.range.lowerBound)
        let last = text.line(containing: diagnostic.range.upperBound)
        return (first...last).overlaps(askedLines)
          || named.contains { $0.code == diagnostic.code.rawValue && $0.range == diagnostic.range }
      }
    }
  }

  /// `textDocument/hover`: on a numbered message line with a length rule, that line's length
  /// and limit; then the counter and the limit (always, when there is no line to show). A
  /// position inside a code point is accepted here (hover changes nothing). Markdown or plain
  /// text, as the client asked in `initialize`.
  func hover(_ request: HoverRequest) throws(ResponseError) -> HoverResult {
    let document = try document(request.textDocument)
    let position = request.position
    let field = document.field
    func strong(_ text: String) -> String { hoverMarkdown ? "**\(text)**" : text }
    // The registered checks' lines: the line under the cursor, the counter, how an SMS is sent.
    var parts = field.rules.registry.hoverLines(
      field, at: field.text.snappedOffset(of: position, in: encoding), strong: strong)
    if document.isOutOfSync { parts[parts.count - 1] += " · out of sync" }
    return HoverResult(markdown: hoverMarkdown, value: parts.joined(separator: hoverMarkdown ? "\n\n" : "\n"))
  }
}
