import StableTextCore
import StableTextJSON
import StableTextTransport

/// Code actions and hover.
extension LanguageServer {
  /// `textDocument/codeAction`: the quick fixes that apply anywhere in the document, whatever
  /// range was asked about (a limit is a property of the whole text).
  func codeActions(_ params: JSONRef) throws(ResponseError) -> JSONValue {
    try codeActionsWork(params)()
  }

  /// Reads and checks a code action request; what computes its answer from copies (here, or on
  /// the background thread for a large document).
  func codeActionsWork(_ params: JSONRef) throws(ResponseError) -> @Sendable () -> JSONValue {
    let params = try object(params)
    let document = try document(params)
    _ = try offsets(params["range"], in: document)
    let only = params["context"]["only"]
    if !only.isAbsent {
      let kinds = try decode { () throws(JSONFieldError) in
        try only.array().map { (entry) throws(JSONFieldError) in try entry.string() }
      }
      if !kinds.contains(where: { $0 == "quickfix" || $0.isEmpty || "quickfix".hasPrefix($0 + ".") }) {
        return { [] }
      }
    }
    let snapshot = document.snapshot(encoding)
    return { snapshot.codeActions }
  }

  /// `textDocument/hover`: on a numbered message line with a length rule, that line's length
  /// and limit; then the counter and the limit (always, when there is no line to show). A
  /// position inside a code point is accepted here (hover changes nothing). Markdown or plain
  /// text, as the client asked in `initialize`.
  func hover(_ params: JSONRef) throws(ResponseError) -> JSONValue {
    let params = try object(params)
    let document = try document(params)
    let position = try decode { () throws(JSONFieldError) in try Params.position(params["position"]) }
    let field = document.field
    func strong(_ text: String) -> String { hoverMarkdown ? "**\(text)**" : text }
    var parts: [String] = []
    let offset = field.text.snappedOffset(of: position, in: encoding)
    if let line = field.lineSummary(at: offset) {
      parts.append("Line \(line.number): \(strong("\(line.length)/\(line.limit)")) \(line.unit.word)")
    }
    if field.rules.maxLength != nil || parts.isEmpty {
      var text = "\(strong(field.counter)) \(field.rules.unit.word)"
      if let remaining = field.remaining {
        text += remaining >= 0 ? " · \(remaining) remaining" : " · \(-remaining) over the limit"
      } else {
        text += " · no limit"
      }
      parts.append(text)
    }
    if document.isOutOfSync { parts[parts.count - 1] += " · out of sync" }
    return [
      "contents": [
        "kind": .string(hoverMarkdown ? "markdown" : "plaintext"),
        "value": .string(parts.joined(separator: hoverMarkdown ? "\n\n" : "\n")),
      ]
    ]
  }
}
