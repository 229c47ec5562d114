/// Everything that decides a document's rules except its own `stableText/configure` calls.
package struct RuleConfiguration: Hashable, Sendable {
  package var rules: RulePatch
  package var overrides: [RuleOverride]
  /// What every layer applies on top of: the protocol's defaults, or an editor's.
  package var defaults: RuleDefaults

  package init(
    rules: RulePatch = RulePatch(), overrides: [RuleOverride] = [], defaults: RuleDefaults = .protocol
  ) {
    self.rules = rules
    self.overrides = overrides
    self.defaults = defaults
  }

  /// The defaults (`defaults`), then the configured rules, then EditorConfig's layer, then the built-in overrides,
  /// then git's layer, then the user's matching overrides in order, then the `.stabletext.json`'s
  /// rules and matching overrides, then `configured` (the document's own configure calls; the
  /// options of `check`).
  ///
  /// Presets: the one in force is named by the last layer that has a `preset` field. When it
  /// is `null`, no preset values apply anywhere; otherwise every layer naming it applies the
  /// preset's values first and its own fields after them.
  package func resolve(
    uri: String, languageId: String, configured: RulePatch = RulePatch(), files: FileLayers = FileLayers()
  ) -> Rules {
    var layers = [self.rules]
    if let editorConfig = files.editorConfig { layers.append(editorConfig) }
    for override in Preset.builtInOverrides where override.matches(uri: uri, languageId: languageId) {
      layers.append(override.rules)
    }
    if let git = files.git { layers.append(git) }
    for override in overrides where override.matches(uri: uri, languageId: languageId) {
      layers.append(override.rules)
    }
    if let project = files.projectRules { layers.append(project) }
    for override in files.projectOverrides where override.matches(uri: uri, languageId: languageId) {
      layers.append(override.rules)
    }
    layers.append(configured)
    let inForce = layers.last(where: { $0.preset != nil })?.preset ?? nil
    var rules = defaults.rules
    rules.preset = inForce
    for layer in layers {
      if let inForce, layer.preset == .some(inForce) {
        rules = rules.applying(inForce.rules)
        rules.detectsCommentCharacter = inForce == .gitCommit
      }
      rules = rules.applying(layer)
      // A layer after the preset's values that names its own comments decides them.
      if layer.commentPrefix != nil || layer.endMarker != nil { rules.detectsCommentCharacter = false }
    }
    return rules
  }
}
