/// A partial set of rules: one layer (initialization options, an override, a configure call).
/// `nil` means "not set by this layer"; fields where `null` is a value (no limit, no comment
/// prefix, no preset) are doubly optional.
public struct RulePatch: Hashable, Sendable {
  /// The limit: absent leaves it, `.some(nil)` removes it.
  public var maxLength: Int??
  /// The minimum (`Rules.minLength`): absent leaves it, `.some(nil)` removes it.
  public var minLength: Int?? = nil
  /// What the limit counts (`Rules.unit`); `nil` keeps the earlier layer's unit.
  public var unit: LengthUnit?
  /// What `bytes` count in and what the text must be writable in (`Rules.encoding`); `nil` keeps
  /// the earlier layer's.
  public var encoding: CharacterEncoding? = nil
  /// What `apply` does with an edit past the limit (`Rules.policy`); `nil` keeps the earlier layer's.
  public var policy: LimitPolicy?
  /// The text a frontend shows while the field is blank; `nil` keeps the earlier layer's.
  public var placeholder: String?
  /// The fewest digits of the count in `FieldState.counter` (2 gives `07/150`); `nil` keeps the earlier layer's.
  public var counterDigits: Int?
  /// The line rules, when set (they replace the earlier layer's).
  public var lineRules: [LineRule]?
  /// The tab stops of the `columns` unit (a tab advances to the next multiple); `nil` keeps the earlier layer's.
  public var tabSize: Int?
  /// The preset: absent leaves it, `.some(nil)` turns presets off.
  public var preset: Preset??
  /// The values this layer sets of the rules that keep no stored property (`Rules.values`), by
  /// name; a name absent leaves the earlier layer's.
  package var values: [String: RuleValue] = [:]

  /// Declared in the type, so that Swift writes no memberwise initializer to compete with the
  /// public one (in Rules.swift, beside `Rules`' own).
  private init(values: [String: RuleValue]) { self.values = values }

  /// This patch with every field that `later` sets replaced (`later` wins).
  public func merging(_ later: RulePatch) -> RulePatch {
    var merged = self
    for field in RuleTable.fields { field.merge(&merged, later) }
    return merged
  }
}
