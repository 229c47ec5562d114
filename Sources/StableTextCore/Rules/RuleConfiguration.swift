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
    var rules = fold(
      layers(uri: uri, languageId: languageId, configured: configured, files: files),
      conventions: files.commitConventions)
    rules.signOff = rules.requiresSignOff ? files.signOff : .unknown
    return rules
  }

  /// The rules, and for each field of `RuleTable` (by name) the layer its value came from:
  /// the same fold as `resolve`, recording as it goes (`stabletext rules`).
  package func provenance(
    uri: String, languageId: String, configured: RulePatch = RulePatch(), files: FileLayers = FileLayers()
  ) -> (rules: Rules, origins: [String: RuleOrigin]) {
    var origins: [String: RuleOrigin] = [:]
    for field in RuleTable.fields { origins[field.name] = .defaults(defaults) }
    var rules = fold(
      layers(uri: uri, languageId: languageId, configured: configured, files: files),
      conventions: files.commitConventions,
      record: { patch, origin in
        for field in RuleTable.fields where field.get(patch) != nil { origins[field.name] = origin }
      })
    rules.signOff = rules.requiresSignOff ? files.signOff : .unknown
    return (rules, origins)
  }

  /// The layers that apply to the document at `uri`, in the order `fold` applies them (see
  /// `resolve`); the configured rules and `configured` are listed even when they set nothing.
  package func layers(
    uri: String, languageId: String, configured: RulePatch = RulePatch(), files: FileLayers = FileLayers()
  ) -> [RuleLayer] {
    var layers = [RuleLayer(.clientRules, self.rules)]
    if let editorConfig = files.editorConfig {
      layers.append(RuleLayer(.editorConfig(files: files.editorConfigFiles), editorConfig))
    }
    for (index, override) in Preset.builtInOverrides.enumerated()
    where override.matches(uri: uri, languageId: languageId) {
      layers.append(RuleLayer(.builtIn(index: index, selector: RuleLayer.Selector(override)), override.rules))
    }
    if let git = files.git { layers.append(RuleLayer(.git, git)) }
    for (index, override) in overrides.enumerated() where override.matches(uri: uri, languageId: languageId) {
      layers.append(
        RuleLayer(.clientOverride(index: index, selector: RuleLayer.Selector(override)), override.rules))
    }
    let file = files.projectFile ?? ""
    if let project = files.projectRules { layers.append(RuleLayer(.projectRules(file: file), project)) }
    for (index, override) in files.projectOverrides.enumerated()
    where override.matches(uri: uri, languageId: languageId) {
      layers.append(
        RuleLayer(
          .projectOverride(file: file, index: index, selector: RuleLayer.Selector(override)), override.rules))
    }
    layers.append(RuleLayer(.configured, configured))
    return layers
  }

  /// The defaults with `layers` applied in order, the preset in force applied where a layer
  /// names it (see `resolve`). `record` is told each patch applied and where it came from.
  ///
  /// With a team's conventions (`conventions`, not empty) the `gitCommit` preset keeps git's
  /// grammar but its own line rules give way (`Preset.rules(under:)`), so the team's verdicts
  /// are its tool's (Protocol/README.md, "Team conventions").
  package func fold(
    _ layers: [RuleLayer], conventions: AnyCommitConventions? = nil,
    record: ((RulePatch, RuleOrigin) -> Void)? = nil
  ) -> Rules {
    let inForce = RuleLayer.presetInForce(layers)
    var rules = defaults.rules
    rules.keepInForce(inForce)
    rules.commitConventions = conventions.flatMap { $0.base.isEmpty ? nil : $0 }
    for layer in layers {
      if let inForce, layer.names(inForce) {
        let presetRules = inForce.rules(under: rules.commitConventions)
        rules = rules.applying(presetRules)
        rules.detectsCommentCharacter = inForce == .gitCommit
        record?(presetRules, .preset(inForce, namedBy: layer.source))
      }
      rules = rules.applying(layer.patch)
      record?(layer.patch, .layer(layer.source))
      // A layer after the preset's values that names its own comments decides them.
      if layer.patch.setsMessageLines {
        rules.detectsCommentCharacter = false
      }
    }
    return rules
  }
}
