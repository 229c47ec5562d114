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
  /// What compiles the options' regular expressions.
  package let engine: any GitlintRegexEngine
  /// Each rule's place in `rules` by its id, and by its name, looked up for every option set: a
  /// search of the list made a file of 20,000 named rules take 27 s to read.
  private var positions: (ids: [String: Int], names: [String: Int]) = ([:], [:])
  /// Every expression compiled so far, by pattern: an expression written again (the same T5 word
  /// in many named rules) is compiled once.
  private var compiled: [String: any GitlintCompiledRegex] = [:]

  /// The rules gitlint enables under `general` (its `contrib` already checked by
  /// `GitlintGeneralOptions.set`; gitlint's contrib rules StableText lacks are left out, which the
  /// caller reports), their regular expressions to be compiled by `engine`.
  package init(
    general: GitlintGeneralOptions = GitlintGeneralOptions(),
    engine: any GitlintRegexEngine = GitlintRegexEngines.none
  ) {
    self.general = general
    self.engine = engine
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
    positions = Self.positions(of: self.rules)
  }

  /// The rule `reference` names (an id, or a name), as gitlint's `find_rule` looks it up.
  package func index(of reference: String) -> Int? {
    positions.ids[reference] ?? positions.names[reference]
  }

  /// Where each id and each name first stands in `rules`.
  private static func positions(of rules: [ConfiguredRule]) -> (ids: [String: Int], names: [String: Int]) {
    var ids: [String: Int] = [:]
    var names: [String: Int] = [:]
    for (index, rule) in rules.enumerated() {
      if ids[rule.id] == nil { ids[rule.id] = index }
      if names[rule.name] == nil { names[rule.name] = index }
    }
    return (ids, names)
  }

  /// Sets `[rule] option = raw` (`rule` an id or a name, or `rule:instance` for a named rule, which
  /// is added the first time), with gitlint's messages (`No such rule 'x'`, those of
  /// `GitlintOptions.set`) and the rule's own check of its options.
  package mutating func setOption(rule section: String, _ option: String, _ raw: String)
    throws(GitlintOptionError)
  {
    let reference = section.unicodeScalars.contains(":") ? try addNamedRule(section) : section
    guard let index = index(of: reference) else { throw GitlintOptionError("No such rule '\(reference)'") }
    let engine = KnownFirst(known: compiled, engine: engine)
    var options = rules[index].options
    try options.set(option, raw, rule: reference, engine: engine)
    do {
      try rules[index].rule.prepare(&options, engine: engine)
    } catch {
      throw GitlintOptionError(
        "'\(raw)' is not a valid value for option '\(reference).\(option)'. \(error.message).")
    }
    rules[index].options = options
    for case .regex(let regex?) in options.values.values { remember(regex) }
    for regex in options.expressions.values { remember(regex) }
  }

  /// Keeps `regex`'s compiled form for the next time its pattern is written.
  private mutating func remember(_ regex: GitlintRegex) {
    if compiled[regex.pattern] == nil, let done = regex.compiled { compiled[regex.pattern] = done }
  }

  /// `engine`, after the expressions already compiled.
  private struct KnownFirst: GitlintRegexEngine {
    let known: [String: any GitlintCompiledRegex]
    let engine: any GitlintRegexEngine

    func compile(_ pattern: String) throws(GitlintRegexError) -> any GitlintCompiledRegex {
      if let done = known[pattern] { return done }
      return try engine.compile(pattern)
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
      let name = "\(rule.name):\(instance)"
      rules.append(ConfiguredRule(rule: rule, id: id, name: name, options: rule.defaultOptions))
      positions.ids[id] = rules.count - 1
      if positions.names[name] == nil { positions.names[name] = rules.count - 1 }
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
