/// A named set of rules (`preset`: `gitCommit`), applied under the layer that names it ("Lines,
/// comments and commit messages"). Resolution keeps the one in force in `Rules.preset`; layers do
/// not apply it as a value. A setting: it reports nothing of its own.
struct PresetSetting: RuleCheck {
  var fields: [RuleField] {
    [
      RuleField(
        "preset", .choice(Preset.allCases.map(\.rawValue), nullable: true), \.preset,
        Optional<WritableKeyPath<Rules, Preset?>>.none,
        option: "--preset",
        help: Preset.allCases.map(\.rawValue).joined(separator: ", ") + ", or none for no preset at all",
        meaning: "a named set of rules (\"Lines, comments and commit messages\")",
        read: { $0.string.flatMap(Preset.init(rawValue:)) }, write: { .string($0.rawValue) },
        shown: \.preset
      ).documented(
        readme: "`\"gitCommit\"`, or `null`",
        manual: "The commit message preset, or none for no preset at all.")
    ]
  }
}

// What the preset's readers ask of it. The preset is no value a layer applies: resolution
// finds the one in force (`RuleLayer.presetInForce`), puts its values in where the layer naming
// it stands (`Preset.rules(under:)`) and keeps it in `Rules.preset`; every reader elsewhere asks
// one of the questions below, so that what being under the `gitCommit` preset means is said
// here once.
extension Rules {
  /// Whether the text is a commit message: the `gitCommit` preset is in force (git's message
  /// files by name or language, `check --commits`, a layer naming it). What the behaviour kept
  /// for commit messages asks: the team's conventions apply, completion offers types, scopes and
  /// trailers, a message not yet edited is not blamed for being empty, and the configuration
  /// problems that concern commit messages are the document's.
  package var isCommitMessage: Bool { preset == .gitCommit }

  /// Whether blank message lines after the last filled one are left out of the length: git's
  /// cleanup drops them (every mode but `verbatim`), so a commit message is counted as git stores
  /// it and the editor, the hook and CI agree ("Commit messages as git writes them"). Under the
  /// `gitCommit` preset.
  public var countsAsGitStores: Bool { isCommitMessage }

  /// Keeps `preset` as the one in force (`nil`: none): what resolution notes after finding it
  /// (`RuleLayer.presetInForce`), and a caller that puts a preset's values into rules by hand
  /// notes beside them, since no layer sets it as a value.
  package mutating func keepInForce(_ preset: Preset?) { self.preset = preset }
}

extension RuleLayer {
  /// The preset in force under `layers` (in the order they apply): the one the last layer that
  /// names a preset names; `nil` when none does, or when that layer turns presets off (`null`).
  static func presetInForce(_ layers: [RuleLayer]) -> Preset? {
    layers.last(where: { $0.patch.preset != nil })?.patch.preset ?? nil
  }

  /// Whether this layer names `preset`: its values are put in just before the layer's own.
  func names(_ preset: Preset) -> Bool { patch.preset == .some(preset) }
}

extension Preset {
  /// The values put in where the layer naming this preset stands, under the team's
  /// `conventions` (`nil`: none): with them the `gitCommit` preset keeps git's grammar but its own
  /// line rules give way (none apply unless a later layer sets some), so that the team's verdicts
  /// are its tool's (Protocol/README.md, "Team conventions").
  func rules(under conventions: AnyCommitConventions?) -> RulePatch {
    guard conventions != nil && self == .gitCommit else { return rules }
    return rules.merging(RulePatch(lineRules: []))
  }
}
