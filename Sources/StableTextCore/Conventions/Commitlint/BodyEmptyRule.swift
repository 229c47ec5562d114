/// `body-empty`: the body is empty (`always`) or not (`never`).
package struct BodyEmptyRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .body }
  package var name: String { "body-empty" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let negated = when == .never
    let notEmpty = !(commit.body ?? "").isEmpty
    return CommitlintVerdict(
      negated ? notEmpty : !notEmpty,
      CommitlintMessage.join(["body", negated ? "may not" : "must", "be empty"]))
  }
}
