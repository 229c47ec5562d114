/// commitlint's `scope-delimiter-style` (Protocol/README.md, "Team conventions"): each delimiter
/// in the scope (each run of characters other than ASCII letters, digits, `-` and `_`; a comma
/// with spaces around it is `,`) is one of the listed ones (or, under `never`, not all are); a
/// message without a scope passes. The value is an array of strings; none, or an empty one, is
/// `/`, `\` and `,`.
package struct ScopeDelimiterStyleRule: CommitlintRule, CommitlintValueChecking {
  package let name = "scope-delimiter-style"

  package init() {}
  package var part: CommitlintPart { .scope }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    var allowed: [String]
    switch Self.read(value) {
    case .success(let read): allowed = read
    case .failure(let problem): return problem.verdict(name)
    }
    guard let scope = commit.scope, !scope.isEmpty else { return CommitlintVerdict(true) }
    if allowed.isEmpty { allowed = ScopeDelimiters.defaults }
    let all = Self.delimiters(scope).allSatisfy { CommitlintEnsure.isInEnum($0, allowed) }
    let never = when == .never
    return CommitlintVerdict(
      never ? !all : all,
      CommitlintMessage.join([
        "scope delimiters must \(never ? "not " : "")be one of [\(allowed.joined(separator: ", "))]"
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

  /// `scope.match(/[^A-Za-z0-9-_]+/g)`, each trimmed to `,` when it is a comma, without repeats.
  static func delimiters(_ scope: String) -> [String] {
    func isPlain(_ scalar: Unicode.Scalar) -> Bool {
      ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "-" || scalar == "_"
    }
    var found: [String] = []
    var run = String.UnicodeScalarView()
    func finish() {
      guard !run.isEmpty else { return }
      let text = String(run)
      let delimiter = JavaScriptText.trim(text) == "," ? "," : text
      if !found.contains(where: { JavaScriptText.equal($0, delimiter) }) { found.append(delimiter) }
      run = String.UnicodeScalarView()
    }
    for scalar in scope.unicodeScalars {
      if isPlain(scalar) { finish() } else { run.append(scalar) }
    }
    finish()
    return found
  }
}
