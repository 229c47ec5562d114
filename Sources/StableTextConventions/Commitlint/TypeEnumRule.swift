/// commitlint's `type-enum` (Protocol/README.md, "Team conventions"): the type is one of the
/// listed types (or, under `never`, none of them); a message without a type passes. The value is
/// an array of strings; no value is an empty list, which no type is in.
package struct TypeEnumRule: CommitlintRule, CommitlintValueChecking {
  package let name = "type-enum"

  package init() {}
  package var part: CommitlintPart { .type }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let types: [String]
    switch Self.read(value) {
    case .success(let read): types = read
    case .failure(let problem): return problem.verdict(name)
    }
    guard let type = commit.type, !type.isEmpty else { return CommitlintVerdict(true) }
    let never = when == .never
    let result = CommitlintEnsure.isInEnum(type, types)
    return CommitlintVerdict(
      never ? !result : result,
      CommitlintMessage.join([
        "type must", never ? "not" : nil, "be one of [\(types.joined(separator: ", "))]",
      ]))
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? {
    if case .failure(let problem) = Self.read(value) { return problem }
    return nil
  }

  static func read(_ value: CommitlintValue?) -> Result<[String], CommitlintValueProblem> {
    guard let value else { return .success([]) }
    return CommitlintValueShape.strings(value, path: "")
  }
}
