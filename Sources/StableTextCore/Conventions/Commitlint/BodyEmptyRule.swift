/// `body-empty`: the body is empty (`always`) or not (`never`).
public struct BodyEmptyRule: CommitlintRule {
  public init() {}
  public var name: String { "body-empty" }

  public func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let negated = when == .never
    let notEmpty = !(commit.body ?? "").isEmpty
    return CommitlintVerdict(
      negated ? notEmpty : !notEmpty,
      CommitlintLengths.message(["body", negated ? "may not" : "must", "be empty"]))
  }
}
