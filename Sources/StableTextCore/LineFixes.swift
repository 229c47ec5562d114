/// §11's line fixes: "Rewrap paragraph to N columns" and "Insert a blank line".
extension StableTextField {
  /// The fixes for the line checks' diagnostics (`lineDiagnostics`, this very list).
  func lineFixes(_ lineDiagnostics: [FieldDiagnostic]) -> [QuickFix] {
    guard !lineDiagnostics.isEmpty else { return [] }
    let lines = messageLines
    var fixes: [(at: Int, fix: QuickFix)] = []
    for diagnostic in lineDiagnostics where diagnostic.code == .lineNotBlank {
      guard let index = diagnostic.data?.int("line"), index > 0 else { continue }
      let previous = lines[index - 1]
      let terminator = text.slice(previous.content.upperBound..<previous.end)
      let start = lines[index].content.lowerBound
      fixes.append(
        (
          start,
          QuickFix(
            kind: .insertBlankLine, title: "Insert a blank line",
            edits: [(start..<start, String(terminator))], diagnostic: diagnostic)
        ))
    }
    for paragraph in plainParagraphs(lines) {
      guard
        let first = lineDiagnostics.first(where: {
          $0.code == .lineTooLong && paragraph.contains($0.data?.int("line") ?? -1)
        }), let limit = first.data?.int("limit"), let unit = first.data?.unit
      else { continue }
      if let fix = rewrapFix(lines[paragraph], limit: limit, unit: unit, diagnostic: first) {
        fixes.append((lines[paragraph.lowerBound].content.lowerBound, fix))
      }
    }
    return fixes.sorted { $0.at < $1.at }.map(\.fix)
  }

  /// Maximal runs of message lines (by document line index) that are not paragraph boundaries.
  private func plainParagraphs(_ lines: [MessageLine]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start: Int?
    for line in lines {
      let plain = (line.number ?? 0) > 1 && !isParagraphBoundary(text.slice(line.content))
      if plain {
        if start == nil { start = line.index }
      } else if let begun = start {
        result.append(begun..<line.index)
        start = nil
      }
    }
    if let begun = start { result.append(begun..<lines.count) }
    return result
  }

  /// Blank lines, lines starting with whitespace, list markers and trailers are never rewrapped
  /// and end paragraphs (comments, the end marker and the subject are handled by their kinds).
  private func isParagraphBoundary(_ content: Substring) -> Bool {
    guard let first = content.unicodeScalars.first else { return true }
    if Whitespace.contains(first) || Whitespace.isBlank(content) { return true }
    for marker in ["- ", "* ", "+ ", "> "] where content.hasPrefix(marker) { return true }
    let digits = content.prefix(while: { $0.isASCII && $0.isNumber })
    if !digits.isEmpty {
      let rest = content[digits.endIndex...]
      if rest.hasPrefix(". ") || rest.hasPrefix(") ") { return true }
    }
    let token = content.prefix(while: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    if !token.isEmpty, content[token.endIndex...].hasPrefix(": ") { return true }
    return false
  }

  /// The paragraph's words joined greedily into lines of at most `limit` (a longer word alone on
  /// its line), with the terminator that ends its first line; `nil` when that changes nothing.
  private func rewrapFix(
    _ paragraph: ArraySlice<MessageLine>, limit: Int, unit: LengthUnit, diagnostic: FieldDiagnostic
  )
    -> QuickFix?
  {
    guard let first = paragraph.first, let last = paragraph.last else { return nil }
    var terminator = String(text.slice(first.content.upperBound..<first.end))
    if terminator.isEmpty {
      // The document's first terminator ends its first line, when it has more than one.
      terminator = text.lineCount > 1 ? String(text.slice(text.lineContentEnd(0)..<text.lineStart(1))) : "\n"
    }
    let range = first.content.lowerBound..<last.content.upperBound
    // Words are split on spaces, tabs and the paragraph's own line terminators only: a vertical
    // tab, a form feed, U+0085, U+2028 or U+2029 ends no line ("Positions and lines"): it is
    // text, kept in its word.
    let words = text.slice(range).split(whereSeparator: {
      $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n"
    })
    // Each word is measured once, on the end of the line being built: linear in the paragraph.
    var replacement = ""
    var line = RunningLength(unit, tabSize: rules.tabSize)
    var lineIsEmpty = true
    for word in words {
      if lineIsEmpty {
        line.append(word)
      } else if line.length(appending: " " + word) <= limit {
        line.append(" " + word)
        replacement += " "
      } else {
        replacement += terminator
        line = RunningLength(unit, tabSize: rules.tabSize)
        line.append(word)
      }
      replacement += word
      lineIsEmpty = false
    }
    guard replacement != String(text.slice(range)) else { return nil }
    return QuickFix(
      kind: .rewrap, title: "Rewrap paragraph to \(limit) \(unit.word)", edits: [(range, replacement)],
      diagnostic: diagnostic)
  }
}
