/// The rules of `@commitlint/rules`, so a configuration's rule names can be looked up.
package enum CommitlintRules {
  /// All 38 rules, in the alphabetical order of their names.
  package static let all: [any CommitlintRule] = [
    BodyCaseRule(), BodyEmptyRule(), BodyFullStopRule(), BodyLeadingBlankRule(), BodyMaxLengthRule(),
    BodyMaxLineLengthRule(), BodyMinLengthRule(), BreakingChangeExclamationMarkRule(), FooterEmptyRule(),
    FooterLeadingBlankRule(), FooterMaxLengthRule(), FooterMaxLineLengthRule(), FooterMinLengthRule(),
    HeaderCaseRule(), HeaderFullStopRule(), HeaderMaxLengthRule(), HeaderMinLengthRule(), HeaderTrimRule(),
    ReferencesEmptyRule(), ScopeCaseRule(), ScopeDelimiterStyleRule(), ScopeEmptyRule(), ScopeEnumRule(),
    ScopeMaxLengthRule(), ScopeMinLengthRule(), SignedOffByRule(), SubjectCaseRule(), SubjectEmptyRule(),
    SubjectExclamationMarkRule(), SubjectFullStopRule(), SubjectMaxLengthRule(), SubjectMinLengthRule(),
    TrailerExistsRule(), TypeCaseRule(), TypeEmptyRule(), TypeEnumRule(), TypeMaxLengthRule(),
    TypeMinLengthRule(),
  ]

  /// The rule named `name`, or nil when commitlint has none of that name.
  package static func named(_ name: String) -> (any CommitlintRule)? {
    all.first { $0.name == name }
  }
}
