/// A fix the daemon offers as a `quickfix` code action: a title and UTF-8 range replacements
/// on the current text, non-overlapping and in document order.
public struct QuickFix: Hashable, Sendable {
  public enum Kind: Sendable { case truncate, trim }

  public var kind: Kind
  public var title: String
  public var edits: [(range: Range<Int>, text: String)] { _edits.map { ($0.range, $0.text) } }
  /// The diagnostic this fix resolves, when one is present.
  public var fixes: FieldDiagnostic.Code?

  private var _edits: [Edit]

  private struct Edit: Hashable, Sendable {
    var range: Range<Int>
    var text: String
  }

  init(kind: Kind, title: String, edits: [(Range<Int>, String)], fixes: FieldDiagnostic.Code?) {
    self.kind = kind
    self.title = title
    self._edits = edits.map { Edit(range: $0.0, text: $0.1) }
    self.fixes = fixes
  }
}

extension StableTextField {
  /// The fixes that apply to the current text, whatever part of it the user is looking at:
  /// truncation when over the limit, trimming when there is leading or trailing whitespace.
  /// Both keep one final terminator when `ignoreFinalNewline` is on.
  public var quickFixes: [QuickFix] {
    var fixes: [QuickFix] = []
    let counted = countedRange
    if let limit = rules.maxLength, let cut = firstClusterOverLimit {
      fixes.append(
        QuickFix(
          kind: .truncate, title: "Truncate to \(limit) \(rules.unit.word)",
          edits: [(cut..<counted.upperBound, "")], fixes: .overLimit))
    }
    let body = text.slice(counted).unicodeScalars
    let leading = body.prefix(while: Whitespace.contains).reduce(0) { $0 + UTF8.width($1) }
    if leading == counted.upperBound {
      if leading > 0 {
        fixes.append(
          QuickFix(
            kind: .trim, title: "Trim leading and trailing whitespace", edits: [(0..<leading, "")],
            fixes: rules.requireNonEmpty ? .emptyAfterTrim : nil))
      }
    } else {
      let trailing = body.reversed().prefix(while: Whitespace.contains).reduce(0) { $0 + UTF8.width($1) }
      var edits: [(Range<Int>, String)] = []
      if leading > 0 { edits.append((0..<leading, "")) }
      if trailing > 0 { edits.append((counted.upperBound - trailing..<counted.upperBound, "")) }
      if !edits.isEmpty {
        fixes.append(
          QuickFix(kind: .trim, title: "Trim leading and trailing whitespace", edits: edits, fixes: nil))
      }
    }
    return fixes
  }
}
