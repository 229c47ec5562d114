/// The rules of `@commitlint/rules`, so a configuration's rule names can be looked up.
package enum CommitlintRules {
  /// All 38 rules, in the alphabetical order of their names.
  package static let all: [any CommitlintRule] = [
    CommitlintCaseRule(.body), CommitlintEmptyRule(.body), BodyFullStopRule(), BodyLeadingBlankRule(),
    CommitlintLengthRule(.body, .max),
    CommitlintLengthRule(.body, .maxLine), CommitlintLengthRule(.body, .min),
    BreakingChangeExclamationMarkRule(), CommitlintEmptyRule(.footer),
    FooterLeadingBlankRule(), CommitlintLengthRule(.footer, .max), CommitlintLengthRule(.footer, .maxLine),
    CommitlintLengthRule(.footer, .min),
    CommitlintCaseRule(.header), HeaderFullStopRule(), CommitlintLengthRule(.header, .max),
    CommitlintLengthRule(.header, .min), HeaderTrimRule(),
    ReferencesEmptyRule(), ScopeCaseRule(), ScopeDelimiterStyleRule(), CommitlintEmptyRule(.scope),
    ScopeEnumRule(),
    CommitlintLengthRule(.scope, .max), CommitlintLengthRule(.scope, .min), SignedOffByRule(),
    CommitlintCaseRule(.subject), CommitlintEmptyRule(.subject),
    SubjectExclamationMarkRule(), SubjectFullStopRule(), CommitlintLengthRule(.subject, .max),
    CommitlintLengthRule(.subject, .min),
    TrailerExistsRule(), CommitlintCaseRule(.type), CommitlintEmptyRule(.type), TypeEnumRule(),
    CommitlintLengthRule(.type, .max),
    CommitlintLengthRule(.type, .min),
  ]

  /// The rule named `name`, or nil when commitlint has none of that name.
  package static func named(_ name: String) -> (any CommitlintRule)? {
    byName[name]
  }

  /// The rules by name: a configuration's rules are looked up for every message a check reads.
  private static let byName: [String: any CommitlintRule] = Dictionary(
    all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
