/// One configuration field of a rule, declared by the check that owns it (`RuleCheck.fields`):
/// its name, what its value may be, its command-line option, its help, and how it moves between
/// a layer (`RulePatch`) and the resolved `Rules`.
package struct RuleField: Sendable {
  /// The name in JSON (`maxLength`).
  package let name: String
  /// What its value may be: its JSON shape and bounds.
  package let kind: RuleKind
  /// `stabletext check`'s option for it (`--max-length`), if it has one.
  package let option: String?
  /// One line of help (`check --help`).
  package let help: String
  /// What it means, as Protocol/README.md's rule table says it (Markdown, one paragraph).
  package let meaning: String
  /// Puts a value (already checked against `kind`) into a layer.
  package let set: @Sendable (inout RulePatch, RuleValue) -> Void
  /// Whether `check`'s option for it adds to the earlier ones (`--require-trailer`).
  package var isRepeatable: Bool { kind.isRepeatable }
  /// The value a layer sets, if it sets one.
  package let get: @Sendable (RulePatch) -> RuleValue?
  /// Copies the value `later` sets, if any, over `patch`'s.
  package let merge: @Sendable (inout RulePatch, RulePatch) -> Void
  /// Copies the value `patch` sets, if any, into resolved rules.
  package let apply: @Sendable (inout Rules, RulePatch) -> Void
  /// The value resolved rules hold for it, as a layer would write it (`stabletext rules`).
  package let resolved: @Sendable (Rules) -> RuleValue
  /// Whether it is kept in the rules' generic store (no stored property in `Rules` or
  /// `RulePatch`): then its check's file is the only one under `Sources/` that must name it.
  package private(set) var isKeptInStore = false
  /// What README.md's rule table says of it, when its readers need other words than `meaning`'s
  /// (which speaks to a protocol's implementers and cites its sections); `nil`: `meaning`.
  package private(set) var readme: String?
  /// What man/stabletext.1 says of its option, when that is more than `help`: a paragraph with
  /// `code` in bold and *this* in italic (`RegistryDocuments` writes it as roff); `nil`: `help`.
  package private(set) var manual: String?

  /// A rule whose value is never `null`. `resolved` is where `Rules` keeps it.
  init<Value: Sendable>(
    _ name: String, _ kind: RuleKind, _ layer: WritableKeyPath<RulePatch, Value?>,
    _ resolved: WritableKeyPath<Rules, Value>?, option: String?, help: String, meaning: String,
    read: @escaping @Sendable (RuleValue) -> Value?, write: @escaping @Sendable (Value) -> RuleValue,
    shown: KeyPath<Rules, Value>? = nil
  ) {
    nonisolated(unsafe) let layer = layer
    nonisolated(unsafe) let resolved = resolved
    nonisolated(unsafe) let shown = shown ?? resolved
    self.init(
      name, kind, option: option, help: help, meaning: meaning,
      resolved: { rules in shown.map { write(rules[keyPath: $0]) } ?? .null },
      set: { patch, value in
        if let value = read(value) { patch[keyPath: layer] = value }
      },
      get: { patch in patch[keyPath: layer].map(write) },
      merge: { patch, later in
        if let value = later[keyPath: layer] { patch[keyPath: layer] = value }
      },
      apply: { rules, patch in
        if let resolved, let value = patch[keyPath: layer] { rules[keyPath: resolved] = value }
      })
  }

  /// A rule that may be `null` (no limit, no comment prefix, no preset): a layer holds
  /// `.some(nil)` for an explicit `null`. `resolved` is `nil` for rules `Rules` does not keep
  /// from layers (`shown` then reads the value resolution put there, if any).
  init<Value: Sendable>(
    _ name: String, _ kind: RuleKind, _ layer: WritableKeyPath<RulePatch, Value??>,
    _ resolved: WritableKeyPath<Rules, Value?>?, option: String?, help: String, meaning: String,
    read: @escaping @Sendable (RuleValue) -> Value?, write: @escaping @Sendable (Value) -> RuleValue,
    shown: KeyPath<Rules, Value?>? = nil
  ) {
    // The rule whose value is `Value?`, with `null` for `nil`.
    self.init(
      name, kind, layer, resolved, option: option, help: help, meaning: meaning,
      read: { value -> Value?? in value == .null ? .some(nil) : read(value).map { .some($0) } },
      write: { value in value.map(write) ?? .null }, shown: shown)
  }

  /// A rule kept in the rules' generic store (`Rules.values`, `RulePatch.values`) under its
  /// name: what a new rule declares, with no stored property in `Rules` or `RulePatch`. Its
  /// check reads it with `value(in:)`; `defaultValue` is what rules hold until a layer sets it.
  /// `canonical` writes a value as every layer keeps it (a list of kinds in their declared order,
  /// each once), so that layers that say the same thing are equal however they spelled it.
  package init(
    _ name: String, _ kind: RuleKind, default defaultValue: RuleValue, option: String?, help: String,
    meaning: String, canonical: @escaping @Sendable (RuleValue) -> RuleValue = { $0 }
  ) {
    self.init(
      name, kind, option: option, help: help, meaning: meaning,
      resolved: { rules in rules.values[name] ?? defaultValue },
      set: { patch, value in patch.values[name] = canonical(value) },
      get: { patch in patch.values[name] },
      merge: { patch, later in
        if let value = later.values[name] { patch.values[name] = value }
      },
      apply: { rules, patch in
        // Resolved rules hold only what differs from the default, so that rules that say the
        // same thing are equal however their layers spelled it.
        guard let value = patch.values[name] else { return }
        if value == defaultValue {
          rules.values[name] = nil
        } else {
          rules.values[name] = value
        }
      })
    isKeptInStore = true
  }

  /// The value `rules` hold for this field, as a layer would write it.
  package func value(in rules: Rules) -> RuleValue { resolved(rules) }

  /// This field with the README's and the manual's words for it (`scripts/generate-registry`
  /// writes them into those documents).
  func documented(readme: String? = nil, manual: String? = nil) -> RuleField {
    var field = self
    field.readme = readme
    field.manual = manual
    return field
  }

  /// What `check`'s option for it takes, as `--help` and the manual write it (` N|none`, ` UNIT`,
  /// `` for a flag).
  package var optionArgument: String {
    switch kind {
    case .boolean: return ""
    case .integer(_, let nullable): return nullable ? " N|none" : " N"
    case .string: return " S"
    case .choice(let names, let nullable):
      let all = names + (nullable ? ["none"] : [])
      // The name's last word (`UNIT`, `SEVERITY` for `requiredTrailersSeverity`).
      let word = name[(name.lastIndex { $0.isUppercase } ?? name.startIndex)...]
      return " " + (all.count > 2 ? word.uppercased() : all.joined(separator: "|"))
    case .lineRules: return " JSON"
    case .choiceList: return " KIND,…"
    case .trailerTokens: return " TOKEN"
    case .encoding: return " NAME"
    }
  }

  private init(
    _ name: String, _ kind: RuleKind, option: String?, help: String, meaning: String,
    resolved: @escaping @Sendable (Rules) -> RuleValue,
    set: @escaping @Sendable (inout RulePatch, RuleValue) -> Void,
    get: @escaping @Sendable (RulePatch) -> RuleValue?,
    merge: @escaping @Sendable (inout RulePatch, RulePatch) -> Void,
    apply: @escaping @Sendable (inout Rules, RulePatch) -> Void
  ) {
    self.name = name
    self.kind = kind
    self.option = option
    self.help = help
    self.meaning = meaning
    self.set = set
    self.get = get
    self.merge = merge
    self.apply = apply
    self.resolved = resolved
  }
}
