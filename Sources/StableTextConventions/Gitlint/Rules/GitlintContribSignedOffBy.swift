/// CC1 `contrib-body-requires-signed-off-by` (gitlint's contrib rule): a body line starts with
/// `Signed-off-by`, in any case.
package struct GitlintContribSignedOffBy: GitlintCommitRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "CC1" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "contrib-body-requires-signed-off-by" }

  /// The commit's violations, worded and numbered as gitlint words and numbers them.
  package func validate(
    _ commit: GitlintCommit, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget
  )
    -> [GitlintViolation]
  {
    if commit.body.contains(where: { GitlintText.hasPrefix($0.lowercased(), "signed-off-by") }) { return [] }
    return [GitlintViolation(id, "Body does not contain a 'Signed-off-by' line", nil, 1)]
  }
}
