/// Every rule, as the checks that own them (Protocol/README.md, "Rules": "Every rule is a
/// check"). The registry is open: each module registers the checks it owns as one list, and a
/// registry is the core's list with the other modules' lists in their place. The checks that
/// report come in the contract's order of diagnostics (`over-limit`, `under-limit` and
/// `empty-after-trim` ("Rules"), `unencodable` ("Counting"), the line checks ("Lines, comments
/// and commit messages"), `missing-trailer`, then the other modules' checks (the team's rules,
/// "Team conventions"), then `autosquash-subject`); the settings that report nothing follow.
///
/// A field walks the registry its rules carry (`Rules.registry`): the core's alone, or the one
/// the team's conventions bring with them, so an app that links only this module carries only its
/// checks.
package struct RuleRegistry: Sendable {
  /// Every check, in order.
  package let checks: [any RuleCheck]

  /// The checks that can report or fix something, in the same order: what a publish and a code
  /// action walk (the settings, which find nothing, are left out of every keystroke's walk).
  let reporting: [any RuleCheck]

  /// The checks that offer fixes, in the same order: what a code action walks (a check without
  /// fixes is not asked for its diagnostics again; the team's rules parse the whole message).
  let fixing: [any RuleCheck]

  /// The kinds of fix `check --fix` applies, from the checks' declarations.
  let kindsAppliedByCheck: Set<QuickFix.Kind>

  /// The core's checks with the lists other modules register, in the order given, between the
  /// core's checks of any text and its last message checks.
  package init(registering modules: [[any RuleCheck]] = []) {
    checks = Self.coreBeforeModules + modules.flatMap { $0 } + Self.coreAfterModules
    reporting = checks.filter { !$0.reports.isEmpty || !$0.offers.isEmpty }
    fixing = checks.filter { !$0.offers.isEmpty }
    kindsAppliedByCheck = Set(checks.flatMap(\.offers).filter(\.appliedByCheck).map(\.kind))
  }

  /// The core's checks alone: what a field without the team's conventions walks.
  package static let core = RuleRegistry()

  /// The core's checks before the other modules'.
  private static let coreBeforeModules: [any RuleCheck] = [
    OverLimitCheck(), UnderLimitCheck(), EmptinessCheck(), UnencodableCheck(), LineRulesCheck(),
    RequiredTrailersCheck(),
  ]

  /// The core's checks after the other modules': the last message check, then the settings.
  private static let coreAfterModules: [any RuleCheck] = [
    AutosquashCheck(), MessageLinesSetting(), ColumnsSetting(), PresetSetting(), InlayHintsSetting(),
  ]

  /// The lines of hover at `offset`, place by place and in the registry's order within a place:
  /// what `textDocument/hover` shows (Protocol/README.md, "Code actions and hover").
  package func hoverLines(_ field: StableTextField, at offset: Int, strong: (String) -> String) -> [String] {
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

extension Rules {
  /// The registry of the checks these rules run: the one their commit conventions bring, else
  /// the core's.
  package var registry: RuleRegistry { commitConventions?.base.registry ?? .core }
}
