/// commitlint's `subject-full-stop` (Protocol/README.md, "Team conventions"): the header ends
/// with `value` (`.` when none is given; its last UTF-16 code unit is compared, so a value of more
/// than one never matches), or under `never` does not; an ellipsis (`...`) is no full stop, and a
/// header whose first colon ends it (`test:`) passes. commitlint reads the header here, not the
/// subject, so a header the parser could not split is checked too.
package struct SubjectFullStopRule: CommitlintRule, CommitlintValueChecking {
  package let name = "subject-full-stop"

  package init() {}
  package var part: CommitlintPart { .subject }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let stop: String
    switch Self.read(value) {
    case .success(let read): stop = read
    case .failure(let problem): return problem.verdict(name)
    }
    let (colonUnit, dotUnit): (UTF16.CodeUnit, UTF16.CodeUnit) = (0x3A, 0x2E)
    let header = commit.header.map { Array($0.utf16) }
    if let header, let colon = header.firstIndex(of: colonUnit), colon > 0, colon == header.count - 1 {
      return CommitlintVerdict(true)
    }
    let stopUnits = Array(stop.utf16)
    var hasStop = header?.last != nil && stopUnits.count == 1 && header?.last == stopUnits[0]
    if let header, header.count >= 3, header.suffix(3).allSatisfy({ $0 == dotUnit }) { hasStop = false }
    let never = when == .never
    return CommitlintVerdict(
      never ? !hasStop : hasStop,
      CommitlintMessage.join(["subject", never ? "may not" : "must", "end with full stop"]))
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? {
    if case .failure(let problem) = Self.read(value) { return problem }
    return nil
  }

  static func read(_ value: CommitlintValue?) -> Result<String, CommitlintValueProblem> {
    switch value {
    case nil: return .success(".")
    case .string(let text)?: return .success(text)
    default: return .failure(CommitlintValueProblem(expected: "a string"))
    }
  }
}
