import Testing

@testable import StableTextCore

/// `RuleConfiguration.provenance` (what `stabletext rules` prints) and `resolve` (what documents
/// and `check` get) fold the same layers: over many combinations of layers they give the same
/// rules, the same as the fold before layers were named, and each field's origin is a layer that
/// set the value the field holds.
@Suite struct RuleProvenance {
  /// The fold as it was written before layers carried their sources: patches in order.
  static func reference(
    _ configuration: RuleConfiguration, uri: String, languageId: String, configured: RulePatch,
    files: FileLayers
  ) -> Rules {
    var layers = [configuration.rules]
    if let editorConfig = files.editorConfig { layers.append(editorConfig) }
    for override in Preset.builtInOverrides where override.matches(uri: uri, languageId: languageId) {
      layers.append(override.rules)
    }
    if let git = files.git { layers.append(git) }
    for override in configuration.overrides where override.matches(uri: uri, languageId: languageId) {
      layers.append(override.rules)
    }
    if let project = files.projectRules { layers.append(project) }
    for override in files.projectOverrides where override.matches(uri: uri, languageId: languageId) {
      layers.append(override.rules)
    }
    layers.append(configured)
    let inForce = layers.last(where: { $0.preset != nil })?.preset ?? nil
    var rules = configuration.defaults.rules
    rules.preset = inForce
    for layer in layers {
      if let inForce, layer.preset == .some(inForce) {
        rules = rules.applying(inForce.rules)
        rules.detectsCommentCharacter = inForce == .gitCommit
      }
      rules = rules.applying(layer)
      if layer.commentPrefix != nil || layer.endMarker != nil { rules.detectsCommentCharacter = false }
    }
    return rules
  }

  static let patches: [RulePatch] = {
    var trailers = RulePatch(maxLength: .some(40))
    trailers.requiredTrailers = ["Signed-off-by"]
    var exempt = RulePatch(commentPrefix: .some(";"))
    exempt.exemptions = []
    return [
      RulePatch(),
      RulePatch(preset: .some(.gitCommit)),
      RulePatch(preset: .some(nil)),
      RulePatch(maxLength: .some(nil), unit: .columns),
      RulePatch(lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 80)], tabSize: 4),
      trailers,
      exempt,
      RulePatch(maxLength: .some(20), preset: .some(.gitCommit)),
    ]
  }()

  @Test func provenanceAndResolveAgree() {
    let uris = [
      ("file:///r/.git/COMMIT_EDITMSG", ""), ("file:///r/docs/a.md", "markdown"),
      ("file:///r/x.txt", "gitcommit"),
    ]
    var combinations = 0
    for defaults in RuleDefaults.allCases {
      for (client, patch) in Self.patches.enumerated() where client < 4 {
        for override in [[], [RuleOverride(pattern: "**/*.md", rules: Self.patches[1])]] {
          let configuration = RuleConfiguration(rules: patch, overrides: override, defaults: defaults)
          for editorConfig in [nil, Self.patches[4]] {
            for project in Self.patches.indices {
              for projectOverride in [0, 1, 3, 7] {
                for configured in [0, 2, 5] {
                  let files = FileLayers(
                    editorConfig: editorConfig, git: project % 2 == 0 ? Self.patches[6] : nil,
                    projectRules: project == 0 ? nil : Self.patches[project],
                    projectOverrides: [
                      RuleOverride(pattern: "/docs/**", rules: Self.patches[projectOverride], anchor: "/r"),
                      RuleOverride(pattern: "**/COMMIT_EDITMSG", rules: Self.patches[7 - projectOverride]),
                    ],
                    projectFile: "/r/.stabletext.json", editorConfigFiles: ["/r/.editorconfig"])
                  for (uri, languageId) in uris {
                    combinations += 1
                    let configuredPatch = Self.patches[configured]
                    let resolved = configuration.resolve(
                      uri: uri, languageId: languageId, configured: configuredPatch, files: files)
                    let (rules, origins) = configuration.provenance(
                      uri: uri, languageId: languageId, configured: configuredPatch, files: files)
                    #expect(rules == resolved)
                    #expect(
                      resolved
                        == Self.reference(
                          configuration, uri: uri, languageId: languageId, configured: configuredPatch,
                          files: files))
                    let layers = configuration.layers(
                      uri: uri, languageId: languageId, configured: configuredPatch, files: files)
                    for field in RuleTable.fields {
                      let value = field.resolved(rules)
                      switch origins[field.name] {
                      case .defaults(let named)?:
                        #expect(named == defaults)
                        #expect(value == field.resolved(defaults.rules), "\(field.name)")
                      case .layer(let source)?:
                        let layer = layers.last { $0.source == source }
                        #expect(
                          layer.flatMap { field.get($0.patch) } == value, "\(field.name) from \(source)")
                      case .preset(let preset, let source)?:
                        #expect(layers.contains { $0.source == source && $0.patch.preset == .some(preset) })
                        #expect(field.get(preset.rules) == value, "\(field.name) from \(preset)")
                      case nil: Issue.record("\(field.name) has no origin")
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    #expect(combinations == 2 * 4 * 2 * 2 * 8 * 4 * 3 * 3)
  }
}
