/// `empty-after-trim` ("Rules"), and the trim fix, which belongs to it alone (offered on every line
/// of every message whose template ends in a newline, it only ever removed that newline).
struct EmptinessCheck: FieldCheck {
  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    guard field.rules.requireNonEmpty && field.isEmptyAfterTrim else { return }
    result.append(
      FieldDiagnostic(
        code: .emptyAfterTrim, severity: .warning, range: 0..<field.text.utf8Count,
        message: "The text is empty after trimming whitespace and newlines; type some text to fill it in",
        data: nil))
  }

  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  {
    guard let diagnostic = found.first else { return [] }
    // A message that is blank but for comments (git's template) has nothing to clear: trimming
    // would take the first line, where the subject goes.
    if field.rules.readsMessageLines && field.messageIndex.holdsNonMessageLines { return [] }
    return field.trimFix(diagnostic).map { [$0] } ?? []
  }
}

extension FieldDiagnostic.Code {
  /// The text is empty after trimming whitespace and newlines (`requireNonEmpty`).
  public static let emptyAfterTrim = Self(rawValue: "empty-after-trim")
}

extension QuickFix.Kind {
  /// Removes leading and trailing whitespace.
  public static let trim = Self(rawValue: "trim")
}

extension StableTextField {
  /// Trimming keeps one final terminator when `ignoreFinalNewline` is on.
  fileprivate func trimFix(_ diagnostic: FieldDiagnostic?) -> QuickFix? {
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
    return QuickFix(kind: .trim, title: title, edits: edits, diagnostic: diagnostic)
  }
}
