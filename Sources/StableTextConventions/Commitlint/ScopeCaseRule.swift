/// commitlint's `scope-case` (Protocol/README.md, "Team conventions"): every segment of the scope
/// (split at its delimiters, `ScopeDelimiters`) is in one of the cases (or, under `never`, not
/// all are); a message without a scope passes. The value is a case list as `CommitlintCaseRules`
/// reads it, or `{"cases": [...], "delimiters": [...]}` (delimiters `/`, `\` and `,` when none are
/// given or the list is empty).
package struct ScopeCaseRule: CommitlintRule, CommitlintValueChecking {
  package let name = "scope-case"

  package init() {}
  package var part: CommitlintPart { .scope }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let checks: [CommitlintCaseCheck]
    let delimiters: ScopeDelimiters
    switch Self.read(value) {
    case .success(let read): (checks, delimiters) = read
    case .failure(let problem): return problem.verdict(name)
    }
    guard let scope = commit.scope, !scope.isEmpty else { return CommitlintVerdict(true) }
    let segments = delimiters.split(scope)
    return CommitlintCaseRules.verdict("scope", when, checks) { target in
      segments.allSatisfy { delimiters.occurs(in: $0) || CommitlintEnsure.isCase($0, target) }
    }
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? {
    if case .failure(let problem) = Self.read(value) { return problem }
    return nil
  }

  /// The checks and the delimiters: an object is `{cases, delimiters}`; anything else a case list.
  static func read(_ value: CommitlintValue?) -> Result<
    ([CommitlintCaseCheck], ScopeDelimiters), CommitlintValueProblem
  > {
    guard case .object(let members)? = value else {
      return CommitlintCaseRules.checks(value).map { ($0, ScopeDelimiters([])) }
    }
    guard let cases = CommitlintValueShape.member("cases", of: members), case .array = cases else {
      return .failure(CommitlintValueProblem(path: ".cases", expected: "an array of case names"))
    }
    var delimiters: [String] = []
    if let given = CommitlintValueShape.member("delimiters", of: members) {
      switch CommitlintValueShape.strings(given, path: ".delimiters") {
      case .success(let read): delimiters = read
      case .failure(let problem): return .failure(problem)
      }
    }
    return CommitlintCaseRules.checks(cases, path: ".cases").map { ($0, ScopeDelimiters(delimiters)) }
  }
}
