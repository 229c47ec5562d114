import StableTextCore

/// A document's diagnostics, computed from its parts: the same function serves the answers
/// given at once (from the document itself, nothing copied: a publish follows every keystroke)
/// and those computed on the background thread (from a `DocumentSnapshot`).
enum DocumentDiagnostics {
  /// The diagnostics in contract order; only `out-of-sync` while out of sync.
  static func of(_ field: StableTextField, outOfSync reason: String?, version: Int)
    -> [FieldDiagnostic]
  {
    guard let reason else { return field.diagnostics }
    return [
      FieldDiagnostic(
        code: .outOfSync, severity: .error, range: 0..<0,
        message:
          "Out of sync: \(reason). StableText keeps version \(version) and ignores edits until the editor sends the whole text (reload or reopen the file).",
        data: nil)
    ]
  }
}
