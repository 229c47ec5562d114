/// One configured rule as commitlint's configuration writes it, `[level, condition, value]`
/// (Protocol/README.md, "Team conventions"): level 0 turns the rule off, 1 makes a broken rule a
/// warning, 2 an error. What the configuration readers (JSON, YAML) produce for each rule.
package struct CommitlintRuleSetting: Hashable, Sendable {
  /// commitlint's `RuleConfigSeverity`: 0 disabled, 1 warning, 2 error.
  package var level: Int
  /// `always` or `never`; nil when the setting gives only a level (`[2]`), where the rule's own
  /// default condition applies.
  package var condition: CommitlintCondition?
  /// The third element, nil when none is written (the rule's default value applies).
  package var value: CommitlintValue?

  package init(_ level: Int, _ condition: CommitlintCondition? = nil, _ value: CommitlintValue? = nil) {
    self.level = level
    self.condition = condition
    self.value = value
  }
}

/// A commitlint configuration: its rules by name in the order written (commitlint reports
/// problems in that order), whether the default ignores apply, the help URL its report prints,
/// and the shared configurations it extends (kept by name for messages), plus the parser options
/// its parser preset stands for.
package struct CommitlintConfiguration: Hashable, Sendable {
  /// One rule's name and setting.
  package struct Entry: Hashable, Sendable {
    package var name: String
    package var setting: CommitlintRuleSetting

    package init(_ name: String, _ setting: CommitlintRuleSetting) {
      self.name = name
      self.setting = setting
    }
  }

  /// The rules in the order written; a later entry of the same name replaces an earlier one in
  /// place (as a JavaScript object's key keeps its first position).
  package var rules: [Entry]
  /// `defaultIgnores`: whether `CommitlintIgnores`' wildcards (merges, reverts, versions…) skip
  /// a message. commitlint's default is true.
  package var defaultIgnores: Bool
  /// `ignores`: the functions of a JavaScript or TypeScript configuration read as predicates; a
  /// message any of them matches is not linted (commitlint's `isIgnored`, beside the defaults).
  package var ignores: [CommitlintIgnore] = []
  /// `helpUrl`, printed under a report with problems.
  package var helpUrl: String?
  /// `extends`, by name, as written.
  package var extends: [String]
  /// The parser options of the configuration's `parserPreset`.
  package var parserOptions: ConventionalCommitParser.Options

  package init(
    rules: [Entry] = [], defaultIgnores: Bool = true, helpUrl: String? = nil, extends: [String] = [],
    parserOptions: ConventionalCommitParser.Options = .commitlintDefault
  ) {
    self.rules = []
    self.defaultIgnores = defaultIgnores
    self.helpUrl = helpUrl
    self.extends = extends
    self.parserOptions = parserOptions
    for entry in rules { set(entry.name, entry.setting) }
  }

  /// The setting of the rule `name`, if configured.
  package func setting(_ name: String) -> CommitlintRuleSetting? {
    rules.first { $0.name == name }?.setting
  }

  /// Sets the rule `name`, keeping its position when it is already configured.
  package mutating func set(_ name: String, _ setting: CommitlintRuleSetting) {
    if let index = rules.firstIndex(where: { $0.name == name }) {
      rules[index].setting = setting
    } else {
      rules.append(Entry(name, setting))
    }
  }
}
