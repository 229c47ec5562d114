/// gitlint's `GitLinter.lint`: `gitlint-ignore:` lines read, the configuration rules first (each may ignore rules for this
/// commit or drop body lines), then the commit skipped if it is a merge, squash, fixup,
/// fixup-amend or revert commit of an ignored kind, then the title's and body lines' rules and
/// the commit rules not ignored; violations ordered by line (those without one first) then rule
/// id, in the rules' order otherwise.
package enum GitlintLinter {
  /// `readingCommitIgnores`: a `gitlint-ignore:` line in the body applies (gitlint's command
  /// always reads them; its tests of the linter alone do not).
  package static func lint(
    _ commit: GitlintCommit, _ configuration: GitlintConfiguration, readingCommitIgnores: Bool = true
  ) -> [GitlintViolation] {
    let configuration = readingCommitIgnores ? configuration.forCommit(commit) : configuration
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
        &commit, configured.options, regexStyleSearch: configuration.general.regexStyleSearch)
      if let replaced = effect.ignore { ignore = replaced }
    }
    if configuration.general.skips(commit) { return [] }
    var found: [GitlintViolation] = []
    let active = configuration.rules.filter { !ignored($0, ignore) }
    for target in [GitlintLineTarget.title, .body] {
      for configured in active {
        guard let rule = configured.rule as? any GitlintLineRule, rule.target == target else { continue }
        found += named(rule.validate(commit, configured.options), configured)
      }
    }
    for configured in active {
      guard let rule = configured.rule as? any GitlintCommitRule else { continue }
      found += named(rule.validate(commit, configured.options), configured)
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
}
