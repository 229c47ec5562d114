/// What commitlint's five case rules (`body-case`, `header-case`, `scope-case`, `subject-case`,
/// `type-case`) share (Protocol/README.md, "Team conventions"): the value, a case name or a list
/// of them, where a member may also be `{"when": "never", "case": "upper-case"}` (a case the part
/// must not be in); the part passes when it is in at least one listed case (out of it, for a
/// `never` member), the rule's `never` negating that; the message lists the cases — under
/// `never`, when the rule fails, only those the part is in. No value is an empty list: then the
/// part is in no case, and the message is commitlint's `… must be ` with nothing after it.
struct CommitlintCaseCheck: Hashable, Sendable {
  /// A `{"when": "never"}` member: the part must not be in the case.
  var negated: Bool
  /// The case as the configuration names it (`lowercase`), which the message repeats.
  var name: String
  var target: CommitlintCase
}

enum CommitlintCaseRules {
  /// The checks of a case list (`nil`, a string, an array, or one `{when, case}` object).
  static func checks(_ value: CommitlintValue?, path: String = "") -> Result<
    [CommitlintCaseCheck], CommitlintValueProblem
  > {
    switch value {
    case nil: return .success([])
    case .array(let elements)?:
      var result: [CommitlintCaseCheck] = []
      for (index, element) in elements.enumerated() {
        switch check(element, path: "\(path)[\(index)]") {
        case .success(let check): result.append(check)
        case .failure(let problem): return .failure(problem)
        }
      }
      return .success(result)
    case let single?:
      return check(single, path: path).map { [$0] }
    }
  }

  /// One member: a case name, or `{"when": "always"|"never", "case": name}`.
  static func check(_ value: CommitlintValue, path: String) -> Result<
    CommitlintCaseCheck, CommitlintValueProblem
  > {
    switch value {
    case .string(let name):
      return caseNamed(name, path: path).map { CommitlintCaseCheck(negated: false, name: name, target: $0) }
    case .object(let members):
      var negated = false
      if let when = CommitlintValueShape.member("when", of: members) {
        guard case .string(let text) = when, let condition = CommitlintCondition(rawValue: text) else {
          return .failure(CommitlintValueProblem(path: "\(path).when", expected: "\"always\" or \"never\""))
        }
        negated = condition == .never
      }
      guard case .string(let name)? = CommitlintValueShape.member("case", of: members) else {
        return .failure(CommitlintValueProblem(path: "\(path).case", expected: caseNames))
      }
      return caseNamed(name, path: "\(path).case").map {
        CommitlintCaseCheck(negated: negated, name: name, target: $0)
      }
    default:
      return .failure(
        CommitlintValueProblem(path: path, expected: "a case name or a {\"when\", \"case\"} object"))
    }
  }

  static func caseNamed(_ name: String, path: String) -> Result<CommitlintCase, CommitlintValueProblem> {
    guard let target = CommitlintCase(name: name) else {
      return .failure(CommitlintValueProblem(path: path, expected: caseNames))
    }
    return .success(target)
  }

  static let caseNames = "one of " + CommitlintCase.names.joined(separator: ", ")

  /// The verdict on a part: `isIn(case)` says whether the part is in a case.
  static func verdict(
    _ noun: String, _ when: CommitlintCondition, _ checks: [CommitlintCaseCheck],
    isIn: (CommitlintCase) -> Bool
  ) -> CommitlintVerdict {
    let never = when == .never
    let matches = checks.filter { check in
      let inCase = isIn(check.target)
      return check.negated ? !inCase : inCase
    }
    let result = !matches.isEmpty
    // A `never` rule fails because a case matched, so it names those; an `always` rule fails
    // because none did, so it names every one configured.
    let reported = never && result ? matches : checks
    let list = reported.map(\.name).joined(separator: ", ")
    return CommitlintVerdict(
      never ? !result : result, CommitlintMessage.join(["\(noun) must", never ? "not" : nil, "be \(list)"]))
  }
}
