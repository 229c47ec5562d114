/// `footer-empty`: the footer is empty (`always`) or not (`never`).
package struct FooterEmptyRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .footer }
  package var name: String { "footer-empty" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let negated = when == .never
    let notEmpty = !(commit.footer ?? "").isEmpty
    return CommitlintVerdict(
      negated ? notEmpty : !notEmpty,
      CommitlintMessage.join(["footer", negated ? "may not" : "must", "be empty"]))
  }
}
