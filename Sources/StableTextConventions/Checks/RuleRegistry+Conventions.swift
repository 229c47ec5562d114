import StableTextCore

/// The checks this module registers (Protocol/README.md, "Rules": "Every rule is a check"):
/// the team's commitlint and gitlint rules, in that order, where the core's registry puts other
/// modules' checks: after `missing-trailer`, before its last message check ("Team conventions").
extension RuleRegistry {
  /// The checks of the team's rules.
  package static let conventionChecks: [any RuleCheck] = [CommitlintCheck(), GitlintCheck()]

  /// The core's checks with the team's rules: what a field whose rules hold the team's
  /// conventions walks, and what `stabletext rules` and the documents list.
  package static let withConventions = RuleRegistry(registering: [conventionChecks])
}

extension TeamConventions {
  /// The registry the team's conventions bring to the rules that hold them.
  package var registry: RuleRegistry { .withConventions }
}
