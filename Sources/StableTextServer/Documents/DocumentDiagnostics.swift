import StableTextCore

/// A document's diagnostics, computed from its parts: the same function serves the answers
/// given at once (from the document itself, nothing copied: a publish follows every keystroke)
/// and those computed on the background thread (from a `DocumentSnapshot`).
enum DocumentDiagnostics {
  /// The diagnostics in contract order; only `out-of-sync` while out of sync; without a commit
  /// message's `empty-after-trim` until it has been `edited` (`isHeldBack`).
  static func of(_ field: StableTextField, outOfSync reason: String?, version: Int, edited: Bool)
    -> [FieldDiagnostic]
  {
    guard let reason else {
      let diagnostics = field.diagnostics
      guard !edited && field.rules.isCommitMessage else { return diagnostics }
      return diagnostics.filter { !isHeldBack($0, field, edited: edited) }
    }
    return [
      FieldDiagnostic(
        code: .outOfSync, severity: .error, range: 0..<0,
        message:
          "Out of sync: \(reason). StableText keeps version \(version) and ignores edits until the editor sends the whole text (reload or reopen the file).",
        data: nil)
    ]
  }

  /// Whether `diagnostic` is held back: a commit message's `empty-after-trim` before anyone has
  /// edited it (git opens the editor on an empty message, and refuses one itself), so that no
  /// commit opens with a warning; from the first change that changes its text, as ever. Its
  /// fix is held back with it. The hook and `check` read files, not documents: unchanged.
  static func isHeldBack(_ diagnostic: FieldDiagnostic, _ field: StableTextField, edited: Bool) -> Bool {
    !edited && diagnostic.code == .emptyAfterTrim && field.rules.isCommitMessage
  }
}
