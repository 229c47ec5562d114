/// commitlint's `scope-enum` (Protocol/README.md, "Team conventions"): every segment of the scope
/// (split at its delimiters, `ScopeDelimiters`), or the whole scope, is one of the listed scopes;
/// under `never`, neither any segment nor the whole scope is. A message without a scope, or an
/// empty list, passes (with an empty message, as in commitlint). The value is an array of strings
/// or `{"scopes": [...], "delimiters": [...]}`.
package struct ScopeEnumRule: CommitlintRule, CommitlintValueChecking {
  package let name = "scope-enum"

  package init() {}
  package var part: CommitlintPart { .scope }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let scopes: [String]
    let delimiters: ScopeDelimiters
    switch Self.read(value) {
    case .success(let read): (scopes, delimiters) = read
    case .failure(let problem): return problem.verdict(name)
    }
    guard let scope = commit.scope, !scope.isEmpty, !scopes.isEmpty else {
      return CommitlintVerdict(true, "")
    }
    let segments = delimiters.split(scope)
    let listed = { (segment: String) in CommitlintEnsure.isInEnum(segment, scopes) }
    let never = when == .never
    let valid =
      never
      ? !segments.contains(where: listed) && !listed(scope)
      : segments.allSatisfy(listed) || listed(scope)
    return CommitlintVerdict(
      valid,
      CommitlintMessage.join([
        "scope must", never ? "not" : nil, "be one of [\(scopes.joined(separator: ", "))]",
      ]))
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? {
    if case .failure(let problem) = Self.read(value) { return problem }
    return nil
  }

  /// The scopes and the delimiters.
  static func read(_ value: CommitlintValue?) -> Result<([String], ScopeDelimiters), CommitlintValueProblem> {
    switch value {
    case nil: return .success(([], ScopeDelimiters([])))
    case .array?: return CommitlintValueShape.strings(value!, path: "").map { ($0, ScopeDelimiters([])) }
    case .object(let members)?:
      guard let given = CommitlintValueShape.member("scopes", of: members) else {
        return .failure(CommitlintValueProblem(path: ".scopes", expected: "an array of strings"))
      }
      let scopes: [String]
      switch CommitlintValueShape.strings(given, path: ".scopes") {
      case .success(let read): scopes = read
      case .failure(let problem): return .failure(problem)
      }
      guard let delimiters = CommitlintValueShape.member("delimiters", of: members) else {
        return .success((scopes, ScopeDelimiters([])))
      }
      return CommitlintValueShape.strings(delimiters, path: ".delimiters").map {
        (scopes, ScopeDelimiters($0))
      }
    default:
      return .failure(
        CommitlintValueProblem(expected: "an array of strings or a {\"scopes\", \"delimiters\"} object"))
    }
  }
}
