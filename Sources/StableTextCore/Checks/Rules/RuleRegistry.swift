/// Every rule, as the checks that own them: the one list (Protocol/README.md, "Rules": "Every
/// rule is a check"). The checks that report come in the contract's order of diagnostics
/// (`over-limit`, `under-limit` and `empty-after-trim` ("Rules"), `unencodable` ("Counting"),
/// the line checks ("Lines, comments and commit messages"), `missing-trailer`, the team's
/// commitlint and gitlint rules ("Team conventions"), `autosquash-subject`); the settings that
/// report nothing follow. `RuleTable.fields` is their fields in this order.
package enum RuleRegistry {
  package static let checks: [any RuleCheck] = [
    OverLimitCheck(), UnderLimitCheck(), EmptinessCheck(), UnencodableCheck(), LineRulesCheck(),
    RequiredTrailersCheck(), CommitlintCheck(), GitlintCheck(), AutosquashCheck(), MessageLinesSetting(),
    ColumnsSetting(), PresetSetting(), InlayHintsSetting(),
  ]

  /// The checks that can report or fix something, in the same order: what a publish and a code
  /// action walk (the settings, which find nothing, are left out of every keystroke's walk).
  static let reporting: [any RuleCheck] = checks.filter { !$0.reports.isEmpty || !$0.offers.isEmpty }

  /// The checks that offer fixes, in the same order: what a code action walks (a check without
  /// fixes is not asked for its diagnostics again; the team's rules parse the whole message).
  static let fixing: [any RuleCheck] = checks.filter { !$0.offers.isEmpty }

  /// The lines of hover at `offset`, place by place and in the registry's order within a place:
  /// what `textDocument/hover` shows (Protocol/README.md, "Code actions and hover").
  package static func hoverLines(_ field: StableTextField, at offset: Int, strong: (String) -> String)
    -> [String]
  {
    withoutActuallyEscaping(strong) { strong in
      var lines: [String] = []
      for place in HoverPlace.allCases where place != .none {
        for check in checks where check.hoverPlace == place {
          lines += check.hoverLines(
            HoverContext(field: field, offset: offset, linesBefore: lines.count, strong: strong))
        }
      }
      return lines
    }
  }
}
