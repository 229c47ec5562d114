/// Per-file-type or per-path rules from `initializationOptions.overrides` (or a repository's
/// `.stabletext.json`).
package struct RuleOverride: Hashable, Sendable {
  package var languageId: String?
  package var pattern: String?
  package var rules: RulePatch
  /// The folder a pattern starting with `/` is anchored at (a `.stabletext.json`'s own), when it
  /// is; such a pattern then matches the path below that folder, from its `/`.
  package var anchor: String?

  package init(languageId: String? = nil, pattern: String? = nil, rules: RulePatch, anchor: String? = nil) {
    self.languageId = languageId
    self.pattern = pattern
    self.rules = rules
    self.anchor = anchor
  }

  /// An override applies when every key it has matches.
  package func matches(uri: String, languageId: String) -> Bool {
    if let wanted = self.languageId, wanted != languageId { return false }
    guard let pattern else { return true }
    let path = DocumentURI.decodedPath(of: uri)
    if let anchor, pattern.hasPrefix("/") {
      let base = anchor.hasSuffix("/") ? String(anchor.dropLast()) : anchor
      guard path.hasPrefix(base + "/") else { return false }
      return Glob(pattern).matches(path: String(path.dropFirst(base.count)))
    }
    return Glob(pattern).matches(path: path)
  }
}
