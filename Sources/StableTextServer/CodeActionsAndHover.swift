import StableTextCore
import StableTextJSON
import StableTextTransport

/// Code actions and hover.
extension LanguageServer {
  /// `textDocument/codeAction`: the quick fixes that apply anywhere in the document, whatever
  /// range was asked about (a limit is a property of the whole text).
  func codeActions(_ params: JSONRef) throws(ResponseError) -> JSONValue {
    let params = try object(params)
    let document = try document(params)
    _ = try offsets(params["range"], in: document)
    let only = params["context"]["only"]
    if !only.isAbsent {
      let kinds = try decode { () throws(JSONFieldError) in
        try only.array().map { (entry) throws(JSONFieldError) in try entry.string() }
      }
      if !kinds.contains(where: { $0 == "quickfix" || $0.isEmpty || "quickfix".hasPrefix($0 + ".") }) {
        return []
      }
    }
    guard !document.isOutOfSync else { return [] }
    return .array(
      document.field.quickFixes.map { fix in
        let edits: [JSONValue] = fix.edits.map { edit in
          ["range": document.field.text.json(range: edit.range, encoding), "newText": .string(edit.text)]
        }
        var action: JSONObject = [
          "title": .string(fix.title), "kind": "quickfix",
          "edit": ["changes": .object([document.uri: .array(edits)])],
        ]
        if let diagnostic = fix.diagnostic {
          action["diagnostics"] = [json(diagnostic, in: document)]
          action["isPreferred"] = true
        }
        return .object(action)
      })
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
