/// gitlint's `GitLinter.lint`: `gitlint-ignore:` lines read, the configuration rules first (each may ignore rules for this
/// commit or drop body lines), then the commit skipped if it is a merge, squash, fixup,
/// fixup-amend or revert commit of an ignored kind, then the title's and body lines' rules and
/// the commit rules not ignored; violations ordered by line (those without one first) then rule
/// id, in the rules' order otherwise.
///
/// The team's regular expressions spend from one budget for the whole lint (`GitlintMatchBudget`,
/// sized by the message). When an expression spends it, the lint stops there and gives one
/// violation of that rule, refusing the expression by name in gitlint's words for an invalid one
/// (`'^(a+)+$' is not a valid value for option 'T7.regex'. Invalid regular expression: '…'.`):
/// what the other rules would say is unknown once an ignore rule could not decide.
package enum GitlintLinter {
  /// `readingCommitIgnores`: a `gitlint-ignore:` line in the body applies (gitlint's command
  /// always reads them; its tests of the linter alone do not).
  package static func lint(
    _ commit: GitlintCommit, _ configuration: GitlintConfiguration, readingCommitIgnores: Bool = true
  ) -> [GitlintViolation] {
    let configuration = readingCommitIgnores ? configuration.forCommit(commit) : configuration
    var budget = GitlintMatchBudget(messageBytes: commit.original.utf8.count)
    var commit = commit
    var ignore = configuration.general.ignore
    func ignored(_ rule: GitlintConfiguration.ConfiguredRule, _ ignore: GitlintIgnoredRules) -> Bool {
      switch ignore {
      case .all: return true
      case .rules(let names): return names.contains(rule.id) || names.contains(rule.name)
      }
    }
    func named(_ violations: [GitlintViolation], _ rule: GitlintConfiguration.ConfiguredRule)
      -> [GitlintViolation]
    {
      violations.map { violation in
        var violation = violation
        violation.ruleID = rule.id
        return violation
      }
    }
    // gitlint takes the list of configuration rules once, before any of them changes `ignore`.
    let configurationRules = configuration.rules.filter { !ignored($0, ignore) }
    for configured in configurationRules {
      guard let rule = configured.rule as? any GitlintConfigurationRule else { continue }
      let effect = rule.apply(
        &commit, configured.options, regexStyleSearch: configuration.general.regexStyleSearch, &budget)
      if let refused = refusal(budget, configured) { return [refused] }
      if let replaced = effect.ignore { ignore = replaced }
    }
    if configuration.general.skips(commit) { return [] }
    var found: [GitlintViolation] = []
    let active = configuration.rules.filter { !ignored($0, ignore) }
    for target in [GitlintLineTarget.title, .body] {
      for configured in active {
        guard let rule = configured.rule as? any GitlintLineRule, rule.target == target else { continue }
        found += named(rule.validate(commit, configured.options, &budget), configured)
        if let refused = refusal(budget, configured) { return [refused] }
      }
    }
    for configured in active {
      guard let rule = configured.rule as? any GitlintCommitRule else { continue }
      found += named(rule.validate(commit, configured.options, &budget), configured)
      if let refused = refusal(budget, configured) { return [refused] }
    }
    return found.enumerated().sorted { first, second in
      let firstLine = first.element.lineNumber ?? -1
      let secondLine = second.element.lineNumber ?? -1
      if firstLine != secondLine { return firstLine < secondLine }
      if !GitlintText.equal(first.element.ruleID, second.element.ruleID) {
        return GitlintText.lessThan(first.element.ruleID, second.element.ruleID)
      }
      return first.offset < second.offset
    }.map(\.element)
  }

  /// The violation that refuses the expression of `configured` that spent `budget`, if one has:
  /// the option is named as gitlint names an invalid value's (`T7.regex`; a T5 word is quoted
  /// alone, since its option is the list of words).
  static func refusal(_ budget: GitlintMatchBudget, _ configured: GitlintConfiguration.ConfiguredRule)
    -> GitlintViolation?
  {
    guard let regex = budget.exhausted else { return nil }
    let options = configured.options
    var option = options.values.first { $0.value == .regex(regex) }?.key ?? "regex"
    var value = regex.pattern
    if let word = options.expressions.first(where: { $0.value == regex })?.key {
      value = word
      option = options.values.first { $0.value.holds(word) }?.key ?? option
    }
    let spent =
      budget.left.nanoseconds <= 0
      ? "\(GitlintMatchBudget.maxNanoseconds / 1_000_000) ms" : "\(budget.allowed.steps) steps"
    return GitlintViolation(
      configured.id,
      "'\(value)' is not a valid value for option '\(configured.id).\(option)'. Invalid regular expression: "
        + "'matching it on this message took more than the \(spent) a lint may take (catastrophic "
        + "backtracking)'.")
  }
}

extension GitlintOptionValue {
  /// Whether this is a list that holds `item`.
  fileprivate func holds(_ item: String) -> Bool {
    if case .list(let items?) = self { return items.contains(item) }
    return false
  }
}
