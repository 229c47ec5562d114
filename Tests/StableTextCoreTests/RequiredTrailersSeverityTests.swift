import Testing

@testable import StableTextCore

/// A team's DCO check can fail its job (Protocol/README.md, "Commit messages as git writes them":
/// `requiredTrailersSeverity`): each `missing-trailer` has the severity the rule says, a warning
/// when no layer says one, as commitlint's level and gitlint's rules give theirs.
@Test(
  arguments: [
    (nil, Severity.warning), (.warning, .warning), (.error, .error), (.information, .information),
    (.hint, .hint),
  ] as [(Severity?, Severity)])
func aMissingTrailerHasTheSeverityItsRuleSays(configured: Severity?, expected: Severity) {
  let rules = RuleConfiguration().resolve(
    uri: "file:///repo/.git/COMMIT_EDITMSG", languageId: "text",
    configured: RulePatch.with {
      $0.requiredTrailers = ["Signed-off-by", "Reviewed-by"]
      $0.requiredTrailersSeverity = configured
    })
  #expect(rules.requiredTrailersSeverity == expected)
  let field = StableTextField(text: "Subject\n\nBody.\n", rules: rules)
  let found = field.diagnostics.map { "\($0.code.rawValue) \($0.severity.name) \($0.message)" }
  #expect(
    found == [
      "missing-trailer \(expected.name) missing trailer \"Signed-off-by:\"",
      "missing-trailer \(expected.name) missing trailer \"Reviewed-by:\"",
    ])
  // A message that carries them gets nothing, whatever the severity.
  let signed = StableTextField(
    text: "Subject\n\nBody.\n\nSigned-off-by: A <a@b.c>\nReviewed-by: B <b@c.d>\n", rules: rules)
  #expect(signed.diagnostics.isEmpty)
}

/// The severity is a rule like any other: a later layer wins, and rules that say the default are
/// equal to rules that say nothing.
@Test func theSeverityIsALayeredRule() {
  var base = Rules.defaults
  base.requiredTrailers = ["Signed-off-by"]
  var error = base
  error.requiredTrailersSeverity = .error
  var back = error
  back.requiredTrailersSeverity = .warning
  #expect(error != base)
  #expect(back == base)
  #expect(RequiredTrailersCheck.severityField.value(in: error) == .string("error"))
}
