import StableTextCore

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

  /// Removing the full stop, which this rule and `header-full-stop` offer under `never`.
  static let fullStopFix = FixDeclaration(
    kind: .commitlintFullStop, title: "Remove the full stop", appliedByCheck: true)
  package var fixDeclaration: FixDeclaration? { Self.fullStopFix }

  package func fix(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintFix?
  { Self.removingStop(commit, when, value) }

  /// The header's last character removed when it is the stop (`value`, `.` by default) and the
  /// rule is `never`: both full-stop rules read the header's end.
  static func removingStop(
    _ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?
  )
    -> CommitlintFix?
  {
    let stop = CommitlintValueShape.string(value, default: ".")
    guard when == .never, let header = commit.ranges.header, let text = commit.header,
      stop.utf16.count == 1, text.hasSuffix(stop), header.count >= stop.utf8.count
    else { return nil }
    return CommitlintFix(
      kind: .commitlintFullStop, title: "Remove the full stop",
      edits: [(header.upperBound - stop.utf8.count..<header.upperBound, "")])
  }

  static func read(_ value: CommitlintValue?) -> Result<String, CommitlintValueProblem> {
    switch value {
    case nil: return .success(".")
    case .string(let text)?: return .success(text)
    default: return .failure(CommitlintValueProblem(expected: "a string"))
    }
  }
}

extension QuickFix.Kind {
  /// Removes the full stop `subject-full-stop` or `header-full-stop` forbids.
  public static let commitlintFullStop = Self(rawValue: "removeFullStop")
}
