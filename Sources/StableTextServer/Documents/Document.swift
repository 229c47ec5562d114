import StableTextCore
import StableTextSystem

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
  /// Whether a change has changed its text since it was opened: until then a commit message's
  /// `empty-after-trim` is held back (Protocol/README.md, "Diagnostics").
  var edited = false
  /// Changes whenever the diagnostics could change; the pull model's `resultId`.
  var revision: Int
  /// Where a `file:` document is on disk (its configuration files are looked for above it).
  let path: String?
  /// What the configuration files above it give it.
  var files: FileLayers
  /// When its configuration files may be looked at again, and whether a look waits for then.
  var nextConfigurationLook = MonotonicTime(nanoseconds: 0)
  var configurationLookWaits = false

  init(
    uri: String, languageId: String, version: Int, field: StableTextField, revision: Int, path: String? = nil,
    files: FileLayers = FileLayers()
  ) {
    self.uri = uri
    self.languageId = languageId
    self.version = version
    self.field = field
    self.revision = revision
    self.path = path
    self.files = files
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
