/// A regular expression of a gitlint option (`title-match-regex.regex`, a T5 word), in Python's
/// `re` syntax (Protocol/README.md, "gitlint's rules"). The core matches none itself: the
/// expression is compiled once, when the configuration is read, by the engine the reader gives
/// (`GitlintRegexEngine`: the daemon's and `check`'s is PCRE2, through StableTextProject), and
/// every match spends from the lint's budget (`GitlintMatchBudget`), so that no expression and
/// no text can make a lint run long.
package struct GitlintRegex: Hashable, Sendable, CustomStringConvertible {
  /// The expression as configured; gitlint's messages quote it (`Title does not match regex (…)`).
  package let pattern: String
  /// The engine's compiled form; nil for a rule's default that the rule matches by hand (M1's).
  let compiled: (any GitlintCompiledRegex)?

  /// Reads `pattern` with `engine`, failing with gitlint's wording (`Invalid regular expression:
  /// '…'`) when it cannot compile it.
  package init(_ pattern: String, engine: any GitlintRegexEngine) throws(GitlintOptionError) {
    self.pattern = pattern
    do {
      compiled = try engine.compile(pattern)
    } catch {
      throw GitlintOptionError("Invalid regular expression: '\(error.reason)'")
    }
  }

  /// A rule's default, which the rule matches by hand (`GitlintAuthorValidEmail.matchesDefault`).
  init(checked pattern: String) {
    self.pattern = pattern
    compiled = nil
  }

  /// The pattern as configured.
  package var description: String { pattern }

  package static func == (first: GitlintRegex, second: GitlintRegex) -> Bool {
    first.pattern == second.pattern
  }
  package func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

  /// `re.search` (anywhere in `text`), or `re.match` (at its start) when `atStart`, spending from
  /// `budget`. False once the budget is spent: the expression that spent it is kept in the budget
  /// (`GitlintMatchBudget.exhausted`), and the linter refuses it.
  package func matches(_ text: String, atStart: Bool, _ budget: inout GitlintMatchBudget) -> Bool {
    guard budget.exhausted == nil, let compiled else { return false }
    switch compiled.matches(text, atStart: atStart, &budget.left) {
    case .some(let found): return found
    case .none:
      budget.exhausted = self
      return false
    }
  }

  /// `re.search` with a budget of its own (`GitlintMatchBudget()`); false when it is spent.
  package func search(_ text: String) -> Bool {
    var budget = GitlintMatchBudget()
    return matches(text, atStart: false, &budget)
  }

  /// `re.match` with a budget of its own; false when it is spent.
  package func match(_ text: String) -> Bool {
    var budget = GitlintMatchBudget()
    return matches(text, atStart: true, &budget)
  }
}
