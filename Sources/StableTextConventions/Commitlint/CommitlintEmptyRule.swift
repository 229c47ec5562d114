/// commitlint's `type-empty`, `scope-empty`, `subject-empty`, `body-empty` and `footer-empty`
/// (Protocol/README.md, "Team conventions"): under `always` the part is empty (or missing), under
/// `never` it is not. The five differ only in the part read and in their default condition:
/// `scope-empty` alone defaults to `never`, the others to `always`, as each rule's parameter
/// default in `@commitlint/rules` says (a configuration always names the condition: commitlint
/// refuses a rule of one item unless its level is 0). They take no value.
package struct CommitlintEmptyRule: CommitlintRule, CommitlintValueChecking {
  package let part: CommitlintPart
  /// Made once: a configuration's rules are looked up by name for every message.
  package let name: String
  package let defaultCondition: CommitlintCondition

  /// The rule on `part`: type, scope, subject, body or footer.
  package init(_ part: CommitlintPart) {
    guard let name = Self.names[part] else { preconditionFailure("no empty rule on \(part)") }
    self.part = part
    self.name = name
    defaultCondition = part == .scope ? .never : .always
  }

  /// The five rules' names, each written here so that searching for it reaches this file.
  private static let names: [CommitlintPart: String] = [
    .type: "type-empty", .scope: "scope-empty", .subject: "subject-empty", .body: "body-empty",
    .footer: "footer-empty",
  ]

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let filled = CommitlintEnsure.notEmpty(part.text(of: commit) ?? "")
    return when == .never
      ? CommitlintVerdict(filled, CommitlintMessage.join([part.rawValue, "may not", "be empty"]))
      : CommitlintVerdict(!filled, CommitlintMessage.join([part.rawValue, "must", "be empty"]))
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? { nil }
}
