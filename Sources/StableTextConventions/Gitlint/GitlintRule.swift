/// One of gitlint's rules (Protocol/README.md, "Team conventions"): its id (`T1`), the name
/// `.gitlint` may also use for it (`title-max-length`) and the options it declares with their
/// types and defaults, as gitlint's `rules.py` declares them. A rule checks the title, the body's
/// lines or the whole commit (`GitlintLineRule`, `GitlintCommitRule`), or changes what is checked
/// (`GitlintConfigurationRule`, the ignore rules).
package protocol GitlintRule: Sendable {
  /// gitlint's id (`T1`), the violations' rule id.
  var id: String { get }
  /// gitlint's name (`title-max-length`), which `.gitlint` may use instead of the id.
  var name: String { get }
  /// The options gitlint declares for the rule, with their types and defaults.
  var optionSpecs: [GitlintOptionSpec] { get }
  /// Checks the options once one is set, failing on what gitlint would fail on when it applies
  /// them, before any commit is checked, and keeps what the rule builds from them
  /// (`GitlintOptions.keep`: T5's expressions, compiled by `engine` once, not per title).
  func prepare(_ options: inout GitlintOptions, engine: any GitlintRegexEngine) throws(GitlintOptionError)
}

extension GitlintRule {
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] { [] }

  /// Nothing: most rules take any value their options' types read, and build nothing from it.
  package func prepare(_ options: inout GitlintOptions, engine: any GitlintRegexEngine)
    throws(GitlintOptionError)
  {}

  /// The rule's options at their defaults.
  package var defaultOptions: GitlintOptions { GitlintOptions(optionSpecs) }
}

/// A broken rule, as gitlint reports it (`RuleViolation`).
package struct GitlintViolation: Hashable, Sendable, CustomStringConvertible {
  /// The id of the rule broken (`T1`, or `T5:no-todo` for a named rule).
  package var ruleID: String
  /// gitlint's wording (`Title exceeds max length (73>72)`).
  package var message: String
  /// The line or value concerned, when gitlint names one.
  package var content: String?
  /// 1 for the title, 2 for the first body line…; `nil` when gitlint gives none (M1).
  package var lineNumber: Int?

  /// A violation as gitlint's `RuleViolation(rule_id, message, content, line_nr)`.
  package init(_ ruleID: String, _ message: String, _ content: String? = nil, _ lineNumber: Int? = nil) {
    self.ruleID = ruleID
    self.message = message
    self.content = content
    self.lineNumber = lineNumber
  }

  /// `57: T1 Title exceeds max length (73>72): "…"`, Python's `None` spelled as Python prints it.
  package var description: String {
    "\(lineNumber.map(String.init) ?? "None"): \(ruleID) \(message): \"\(content ?? "None")\""
  }
}

/// Which lines a line rule checks.
package enum GitlintLineTarget: Hashable, Sendable {
  /// The title (line 1).
  case title
  /// Each body line (lines 2…).
  case body
}

/// A rule applied to each line of its target (gitlint's `LineRule`).
package protocol GitlintLineRule: GitlintRule {
  /// The lines the rule checks.
  var target: GitlintLineTarget { get }
  /// gitlint's `validate(line, commit)`: the violations of one line, with the line number gitlint's
  /// rule itself gives (mostly none; the linter numbers them). Expressions spend from `budget`.
  func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
}

extension GitlintLineRule {
  /// The violations of every line the rule targets, numbered as gitlint's linter numbers them.
  package func validate(
    _ commit: GitlintCommit, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget
  )
    -> [GitlintViolation]
  {
    let lines = target == .title ? [commit.title] : commit.body
    let first = target == .title ? 1 : 2
    var violations: [GitlintViolation] = []
    for (offset, line) in lines.enumerated() {
      for var violation in validate(line: line, options, &budget) {
        violation.lineNumber = first + offset
        violations.append(violation)
      }
    }
    return violations
  }

  /// One line's violations with a budget of their own (gitlint's tests of a rule alone).
  package func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    var budget = GitlintMatchBudget()
    return validate(line: line, options, &budget)
  }
}

/// A rule applied to the whole commit (gitlint's `CommitRule`).
package protocol GitlintCommitRule: GitlintRule {
  /// gitlint's `validate(commit)`: the commit's violations, worded and numbered as gitlint's.
  /// Expressions spend from `budget`.
  func validate(_ commit: GitlintCommit, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
}

extension GitlintCommitRule {
  /// The commit's violations with a budget of their own (gitlint's tests of a rule alone).
  package func validate(_ commit: GitlintCommit, _ options: GitlintOptions) -> [GitlintViolation] {
    var budget = GitlintMatchBudget()
    return validate(commit, options, &budget)
  }
}

/// Which rules an ignore rule turns off for one commit. It replaces `[general] ignore` for that
/// commit, as gitlint's `config.ignore = …` does.
package enum GitlintIgnoredRules: Hashable, Sendable {
  /// `ignore=all` (the default): every rule.
  case all
  /// The ids or names listed.
  case rules([String])

  /// gitlint's `config.ignore` setter: `all`, or a comma-separated list.
  package init(_ text: String) {
    self = text == "all" ? .all : .rules(GitlintText.commaList(text))
  }
}

/// What a configuration rule did to one commit.
package struct GitlintConfigurationEffect: Hashable, Sendable {
  /// The rules to ignore for this commit, when the rule matched (I1, I2, I4).
  package var ignore: GitlintIgnoredRules?
  /// gitlint's warnings (I4 without an author name; a regex matched at the start, which gitlint
  /// logs once per run).
  package var warnings: [String]
  /// gitlint's debug log lines saying what was ignored and why.
  package var log: [String]

  /// An effect; all empty is a rule that changed nothing.
  package init(ignore: GitlintIgnoredRules? = nil, warnings: [String] = [], log: [String] = []) {
    self.ignore = ignore
    self.warnings = warnings
    self.log = log
  }
}

/// A rule that changes what is checked before any rule checks (gitlint's `ConfigurationRule`):
/// it may ignore rules for this commit or remove body lines.
package protocol GitlintConfigurationRule: GitlintRule {
  /// `regexStyleSearch` is `[general] regex-style-search`: `re.search` when true, `re.match` (at
  /// the start, gitlint 0.19.1's default, with a deprecation warning) otherwise. Expressions
  /// spend from `budget`.
  func apply(
    _ commit: inout GitlintCommit, _ options: GitlintOptions, regexStyleSearch: Bool,
    _ budget: inout GitlintMatchBudget
  ) -> GitlintConfigurationEffect
}

extension GitlintConfigurationRule {
  /// What the rule changes, with a budget of its own (gitlint's tests of a rule alone).
  package func apply(_ commit: inout GitlintCommit, _ options: GitlintOptions, regexStyleSearch: Bool)
    -> GitlintConfigurationEffect
  {
    var budget = GitlintMatchBudget()
    return apply(&commit, options, regexStyleSearch: regexStyleSearch, &budget)
  }
}

extension GitlintRegex {
  /// gitlint's `Deprecation.get_regex_method`: search, or match when `regex-style-search` is off.
  func matches(_ text: String, regexStyleSearch: Bool, _ budget: inout GitlintMatchBudget) -> Bool {
    matches(text, atStart: !regexStyleSearch, &budget)
  }

  /// The warning gitlint 0.19.1 logs (once) when a rule's regex is matched at the start because
  /// `regex-style-search` is off, its default.
  static func matchDeprecationWarning(_ rule: some GitlintRule) -> String {
    "\(rule.id) - \(rule.name): gitlint will be switching from using Python regex 'match' (match beginning) to "
      + "'search' (match anywhere) semantics. Please review your \(rule.name).regex option accordingly. "
      + "To remove this warning, set general.regex-style-search=True. More details: "
      + "https://jorisroovers.github.io/gitlint/configuration/#regex-style-search"
  }
}
