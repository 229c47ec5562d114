/// A case of `@commitlint/ensure` (`TargetCaseType`), by any name commitlint accepts for it
/// (Protocol/README.md, "Team conventions").
package enum CommitlintCase: String, Hashable, Sendable, CaseIterable {
  case lower = "lower-case"
  case upper = "upper-case"
  case camel = "camel-case"
  case kebab = "kebab-case"
  case pascal = "pascal-case"
  case sentence = "sentence-case"
  case snake = "snake-case"
  case start = "start-case"

  /// The case `name` names: its documented name, or one of the spellings commitlint's `toCase`
  /// also takes (`lowercase`, `uppercase`, `sentencecase`, and `lowerCase` of config-angular 4).
  /// `nil` for any other name, where commitlint throws `to-case: Unknown target case`.
  package init?(name: String) {
    switch name {
    case "lowercase", "lowerCase": self = .lower
    case "uppercase": self = .upper
    case "sentencecase": self = .sentence
    default:
      guard let known = CommitlintCase(rawValue: name) else { return nil }
      self = known
    }
  }

  /// Every name `init(name:)` accepts, for messages that list them.
  package static let names: [String] =
    allCases.map(\.rawValue) + ["lowercase", "uppercase", "sentencecase", "lowerCase"]
}
