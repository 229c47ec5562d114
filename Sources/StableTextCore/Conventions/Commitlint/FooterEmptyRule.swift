/// `footer-empty`: the footer is empty (`always`) or not (`never`).
public struct FooterEmptyRule: CommitlintRule {
  public init() {}
  public var name: String { "footer-empty" }

  public func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let negated = when == .never
    let notEmpty = !(commit.footer ?? "").isEmpty
    return CommitlintVerdict(
      negated ? notEmpty : !notEmpty,
      CommitlintLengths.message(["footer", negated ? "may not" : "must", "be empty"]))
  }
}
