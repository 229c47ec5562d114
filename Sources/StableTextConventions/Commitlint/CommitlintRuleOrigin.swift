/// Where one rule's setting in a resolved commitlint configuration came from (Protocol/README.md,
/// "Command line", `rules`): the place that writes it (the rule's entry in a file's own `rules`,
/// or the `extends` entry naming a configuration StableText has built in or computes), the
/// shareable configuration that supplied it, and the `extends` entries the file holding that
/// place was reached through. A rule set again by a later configuration takes the later origin.
package struct CommitlintRuleOrigin: Hashable, Sendable {
  /// A place in a configuration file: the file, the line (1-based; nil when the reader could not
  /// place it), and the field as the configuration spells it (`rules.header-max-length`,
  /// `extends[0]`: from the configuration's root, `package.json`'s `commitlint` member left out).
  package struct Place: Hashable, Sendable {
    package var file: String
    package var line: Int?
    package var field: String

    package init(file: String, line: Int?, field: String) {
      self.file = file
      self.line = line
      self.field = field
    }
  }

  /// One `extends` entry followed: the name it gives and where it is written.
  package struct Step: Hashable, Sendable {
    package var name: String
    package var place: Place

    package init(name: String, place: Place) {
      self.name = name
      self.place = place
    }
  }

  /// The shareable configuration that supplied the setting, by the name `extends` gives it
  /// (`@commitlint/config-conventional`, `@acme/commitlint-config`); nil for the team's own rules.
  package var configuration: String?
  /// Where the setting is written: a rule's entry, or the `extends` entry naming a configuration
  /// StableText has as data (built in, or computed from the repository).
  package var place: Place
  /// The `extends` entries followed to reach the file that holds `place`, outermost (the team's
  /// file) first; empty when the team's file holds it.
  package var via: [Step]

  package init(configuration: String? = nil, place: Place, via: [Step] = []) {
    self.configuration = configuration
    self.place = place
    self.via = via
  }

  /// Whether the setting is one a shareable configuration computes from the repository rather
  /// than holds as data: `scope-enum` of commitlint's scope packages
  /// (`@commitlint/config-workspace-scopes`, `-lerna-`, `-pnpm-`, `-nx-`, `-rush-scopes`), named by
  /// an `extends` entry.
  package var isComputed: Bool {
    guard let name = configuration, place.field.hasPrefix("extends") else { return false }
    return name.hasPrefix("@commitlint/config-") && name.hasSuffix("-scopes")
  }

  /// The same origin seen from a configuration that reached it through `step`: a setting of the
  /// extended file's own rules is supplied by the configuration `step` names.
  package func extended(by step: Step) -> CommitlintRuleOrigin {
    CommitlintRuleOrigin(configuration: configuration ?? step.name, place: place, via: [step] + via)
  }
}
