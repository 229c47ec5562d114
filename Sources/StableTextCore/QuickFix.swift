/// A fix the daemon offers as a `quickfix` code action: a title and UTF-8 range replacements
/// on the current text, non-overlapping and in document order.
public struct QuickFix: Hashable, Sendable {
  public enum Kind: Sendable { case truncate, trim, rewrap, insertBlankLine }

  public var kind: Kind
  public var title: String
  public var edits: [(range: Range<Int>, text: String)] { _edits.map { ($0.range, $0.text) } }
  /// The diagnostic this fix resolves, when one is present (the very one, not just its code:
  /// several diagnostics can share a code).
  public var diagnostic: FieldDiagnostic?

  private var _edits: [Edit]

  private struct Edit: Hashable, Sendable {
    var range: Range<Int>
    var text: String
  }

  init(kind: Kind, title: String, edits: [(Range<Int>, String)], diagnostic: FieldDiagnostic?) {
    self.kind = kind
    self.title = title
    self._edits = edits.map { Edit(range: $0.0, text: $0.1) }
    self.diagnostic = diagnostic
  }
}

extension StableTextField {
  /// The fixes that apply to the current text, whatever part of it the user is looking at:
  /// truncation when over the limit, trimming when there is leading or trailing whitespace,
  /// then the line fixes in document order (rewrapping a paragraph, inserting a blank line).
  /// Truncation and trimming keep one final terminator when `ignoreFinalNewline` is on.
  public var quickFixes: [QuickFix] {
    let diagnostics = self.diagnostics
    var fixes: [QuickFix] = []
    if let truncate = truncateFix(diagnostics.first { $0.code == .overLimit }) { fixes.append(truncate) }
    if let trim = trimFix(diagnostics.first { $0.code == .emptyAfterTrim }) { fixes.append(trim) }
    return fixes + lineFixes(diagnostics)
  }

  private func truncateFix(_ diagnostic: FieldDiagnostic?) -> QuickFix? {
    guard let limit = rules.maxLength, let cut = firstClusterOverLimit else { return nil }
    let title = "Truncate to \(limit) \(rules.unit.word)"
    guard rules.readsMessageLines else {
      return QuickFix(
        kind: .truncate, title: title, edits: [(cut..<countedRange.upperBound, "")], diagnostic: diagnostic)
    }
    // The rest of the crossing line's content goes (its terminator stays), and every later
    // message line with its terminator; comments and the end-marker part stay as they are.
    var ranges: [Range<Int>] = []
    for line in messageLines where line.isMessage && line.end > cut {
      let range =
        line.content.contains(cut) || line.content.upperBound == cut
        ? cut..<line.content.upperBound : line.content.lowerBound..<line.end
      guard !range.isEmpty else { continue }
      if let last = ranges.last, last.upperBound == range.lowerBound {
        ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
      } else {
        ranges.append(range)
      }
    }
    var after = self
    for range in ranges.reversed() { after.text.replace(range, with: "") }
    guard after.length <= limit else { return nil }
    return QuickFix(kind: .truncate, title: title, edits: ranges.map { ($0, "") }, diagnostic: diagnostic)
  }

  private func trimFix(_ diagnostic: FieldDiagnostic?) -> QuickFix? {
    let counted = countedRange
    let body = text.slice(counted).unicodeScalars
    let leading = body.prefix(while: Whitespace.contains).reduce(0) { $0 + UTF8.width($1) }
    let title = "Trim leading and trailing whitespace"
    if leading == counted.upperBound {
      guard leading > 0 else { return nil }
      return QuickFix(kind: .trim, title: title, edits: [(0..<leading, "")], diagnostic: diagnostic)
    }
    let trailing = body.reversed().prefix(while: Whitespace.contains).reduce(0) { $0 + UTF8.width($1) }
    var edits: [(Range<Int>, String)] = []
    if leading > 0 { edits.append((0..<leading, "")) }
    if trailing > 0 { edits.append((counted.upperBound - trailing..<counted.upperBound, "")) }
    guard !edits.isEmpty else { return nil }
    return QuickFix(kind: .trim, title: title, edits: edits, diagnostic: nil)
  }
}
