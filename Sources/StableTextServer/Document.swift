import StableTextCore

/// An open document: the field (text and resolved rules) plus what LSP adds to it.
final class Document {
  let uri: String
  let languageId: String
  /// The version of the last valid change.
  var version: Int
  var field: StableTextField
  /// Rules set by `stableText/configure` for this document alone (dropped on close/reopen).
  var configured = RulePatch()
  /// Why the document is out of sync, while it is.
  var outOfSyncReason: String?
  /// Changes whenever the diagnostics could change; the pull model's `resultId`.
  var revision: Int

  init(uri: String, languageId: String, version: Int, field: StableTextField, revision: Int) {
    self.uri = uri
    self.languageId = languageId
    self.version = version
    self.field = field
    self.revision = revision
  }

  var isOutOfSync: Bool { outOfSyncReason != nil }

  /// What the document counts against the limits (its text and its per-line facts).
  var charge: ServerLimits.Charge {
    // Read in place (passing the field would copy it: twice a keystroke).
    ServerLimits.Charge(
      text: field.text.utf8Count,
      lineFacts: field.keepsLineFacts ? StableTextField.lineFactsStride * field.text.lineCount : 0)
  }
}
