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
