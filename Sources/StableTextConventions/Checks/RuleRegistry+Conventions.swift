import StableTextCore

/// The checks this module registers (Protocol/README.md, "Rules": "Every rule is a check"):
/// the team's commitlint and gitlint rules, in that order, between the core's `missing-trailer`
/// and `autosquash-subject` ("Team conventions").
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
