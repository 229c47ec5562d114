/// A gitlint configuration: the `[general]` options and each enabled rule with its options, in
/// gitlint's order (the built-in rules, then the contrib rules `contrib` enables, then named rules
/// as their sections come).
package struct GitlintConfiguration: Sendable {
  /// A rule and the values of its options. A named rule (`[title-must-not-contain-word:no-fixme]`)
  /// is another instance of its rule with its own id (`T5:no-fixme`) and name, which its
  /// violations carry.
  package struct ConfiguredRule: Sendable {
    /// The rule.
    package var rule: any GitlintRule
    /// Its id: the rule's, or `<rule id>:<instance>` for a named rule.
    package var id: String
    /// Its name: the rule's, or `<rule name>:<instance>` for a named rule.
    package var name: String
    /// The values of its options.
    package var options: GitlintOptions
  }

  /// The `[general]` options.
  package private(set) var general: GitlintGeneralOptions
  /// The enabled rules, in the order gitlint applies them.
  package private(set) var rules: [ConfiguredRule]

  /// The rules gitlint enables under `general` (its `contrib` already checked by
  /// `GitlintGeneralOptions.set`; gitlint's contrib rules StableText lacks are left out, which the
  /// caller reports).
  package init(general: GitlintGeneralOptions = GitlintGeneralOptions()) {
    self.general = general
    var rules = GitlintRules.builtIn
    for reference in general.contrib {
      if let rule = GitlintRules.find(reference, in: GitlintRules.contrib),
        !rules.contains(where: { $0.id == rule.id })
      {
        rules.append(rule)
      }
    }
    self.rules = rules.map { rule in
      let configured: any GitlintRule =
        rule is GitlintAuthorValidEmail
        ? GitlintAuthorValidEmail(regexStyleSearch: general.regexStyleSearch) : rule
      return ConfiguredRule(rule: configured, id: rule.id, name: rule.name, options: rule.defaultOptions)
    }
  }

  /// The rule `reference` names (an id, or a name), as gitlint's `find_rule` looks it up.
  package func index(of reference: String) -> Int? {
    rules.firstIndex { $0.id == reference } ?? rules.firstIndex { $0.name == reference }
  }

  /// Sets `[rule] option = raw` (`rule` an id or a name, or `rule:instance` for a named rule, which
  /// is added the first time), with gitlint's messages (`No such rule 'x'`, those of
  /// `GitlintOptions.set`) and the rule's own check of its options.
  package mutating func setOption(rule section: String, _ option: String, _ raw: String)
    throws(GitlintOptionError)
  {
    let reference = section.unicodeScalars.contains(":") ? try addNamedRule(section) : section
    guard let index = index(of: reference) else { throw GitlintOptionError("No such rule '\(reference)'") }
    try rules[index].options.set(option, raw, rule: reference)
    if let problem = rules[index].rule.optionProblem(rules[index].options) {
      throw GitlintOptionError(
        "'\(raw)' is not a valid value for option '\(reference).\(option)'. \(problem.message).")
    }
  }

  /// gitlint's `_add_named_rule`: `parent:instance` adds an instance of the parent rule (named by id
  /// or name) with id `<parent id>:instance` and name `<parent name>:instance`, unless it exists;
  /// gives that id.
  @discardableResult
  package mutating func addNamedRule(_ qualified: String) throws(GitlintOptionError) -> String {
    let parts = qualified.unicodeScalars.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let parent = GitlintText.strip(String(String.UnicodeScalarView(parts[0])))
    let instance = parts.count > 1 ? GitlintText.strip(String(String.UnicodeScalarView(parts[1]))) : ""
    if instance.isEmpty
      || instance.unicodeScalars.contains(where: { $0 == ":" || GitlintText.isWhitespace($0) })
    {
      throw GitlintOptionError(
        "The rule-name part in '\(qualified)' cannot contain whitespace, colons or be empty")
    }
    guard let parentIndex = index(of: parent) else {
      throw GitlintOptionError("No such rule '\(parent)' (named rule: '\(qualified)')")
    }
    let rule = rules[parentIndex].rule
    let id = "\(rule.id):\(instance)"
    if index(of: id) == nil {
      rules.append(
        ConfiguredRule(rule: rule, id: id, name: "\(rule.name):\(instance)", options: rule.defaultOptions))
    }
    return id
  }

  /// The configuration for `commit`: gitlint's `set_config_from_commit`, where a body line
  /// `gitlint-ignore: <rules>` (the last such line) sets `[general] ignore` for that commit.
  package func forCommit(_ commit: GitlintCommit) -> GitlintConfiguration {
    var ignore: String?
    for line in commit.body where GitlintText.hasPrefix(line, "gitlint-ignore:") {
      let rest = line.unicodeScalars.dropFirst("gitlint-ignore:".unicodeScalars.count)
      ignore = String(String.UnicodeScalarView(rest.drop(while: GitlintText.isWhitespace)))
    }
    guard let ignore else { return self }
    var configured = self
    configured.general.ignore = GitlintIgnoredRules(ignore)
    return configured
  }
}
