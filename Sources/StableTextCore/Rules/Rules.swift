/// The complete, resolved rules of one document.
public struct Rules: Hashable, Sendable {
  /// The limit, or `nil` for none.
  public var maxLength: Int?
  /// The unit `maxLength` and `minLength` count in (`bytes` in `encoding`).
  public var unit: LengthUnit {
    didSet { followEncoding() }
  }
  /// The encoding `bytes` count in, here and in the line rules, and the one every scalar must be
  /// writable in (`unencodable`, for an encoding that cannot write them all) ("Counting").
  public var encoding: CharacterEncoding = .utf8 {
    didSet { followEncoding() }
  }
  /// The fewest the text may hold, in `unit` (`under-limit`); `nil` for no minimum. A text that
  /// is empty after trimming is `empty-after-trim`'s, not this rule's.
  public var minLength: Int? = nil
  /// What `apply` does with an edit that does not fit, when the call names no policy.
  public var policy: LimitPolicy
  /// Text a view shows while the field is blank after trimming (at most 4,096 UTF-8 bytes).
  public var placeholder: String
  /// Minimum digits of the count in the counter (`07/150`).
  public var counterDigits: Int
  /// Checks on each numbered message line.
  public var lineRules: [LineRule] {
    didSet { followEncoding() }
  }
  /// Tab stops of the `columns` unit.
  public var tabSize: Int
  /// Whether the comment prefix and the end marker follow the first scissors line written with
  /// any of git's comment characters (`; ------------------------ >8 ------------------------`):
  /// what the `gitCommit` preset does unless a later layer sets either itself. Set when rules are
  /// resolved, not a rule of its own.
  public var detectsCommentCharacter = false
  /// The values of the rules that keep no stored property here, by name: a rule declared with
  /// `RuleField(_:_:default:…)` (docs/CONTRIBUTING.md, "Adding a rule"). Empty until a layer sets
  /// one; its field gives the default.
  package var values: [String: RuleValue] = [:]
  /// The preset in force, when one is: set when rules are resolved (`gitCommit` for git's message
  /// files), so a tool can tell a commit message from other text.
  public var preset: Preset?
  /// The team's conventions that apply (Protocol/README.md, "Team conventions"): set when rules
  /// are resolved, from the files found (`FileLayers.commitConventions`). Their checks report
  /// only under the `gitCommit` preset.
  package var commitConventions: AnyCommitConventions?
  /// Who would sign the message off (git's identity), for `missing-trailer`'s fix: set when rules
  /// are resolved, from `FileLayers.signOff`, and only when `Signed-off-by` is required, so that
  /// git's answer changes no other document's rules (nor republishes it) (Protocol/README.md,
  /// "Code actions and hover").
  package var signOff: SignOffIdentity = .unknown

  /// Rules with these values; every default is the protocol's (a limit of 150 characters).
  public init(
    maxLength: Int? = 150, unit: LengthUnit = .graphemes, policy: LimitPolicy = .reject,
    requireNonEmpty: Bool = true, placeholder: String = "", counterDigits: Int = 2,
    ignoreFinalNewline: Bool = false, commentPrefix: String? = nil, endMarker: String? = nil,
    lineRules: [LineRule] = [], tabSize: Int = 8
  ) {
    self.maxLength = maxLength
    self.unit = unit
    self.policy = policy
    self.placeholder = placeholder
    self.counterDigits = counterDigits
    self.lineRules = lineRules
    self.tabSize = tabSize
    // The rules kept in the generic store, set through their checks' accessors.
    self.requireNonEmpty = requireNonEmpty
    self.ignoreFinalNewline = ignoreFinalNewline
    self.commentPrefix = commentPrefix
    self.endMarker = endMarker
  }

  /// The seed behaviour: 150 characters, rejecting edits past it, blank text reported.
  public static let defaults = Rules()

  /// An editor's starting point (`RuleDefaults.editor`): no limit, no blank-text report, the
  /// final newline not counted.
  public static let editorDefaults = Rules(
    maxLength: nil, requireNonEmpty: false, ignoreFinalNewline: true)

  /// Keeps `bytes` in `unit` and the line rules' units counting in `encoding` (each assignment
  /// here observes again, and finds nothing left to change).
  private mutating func followEncoding() {
    let counted = self.unit.counting(in: encoding)
    if counted != self.unit { self.unit = counted }
    if lineRules.contains(where: { $0.unit.counting(in: encoding) != $0.unit }) {
      lineRules = lineRules.map { rule in
        var rule = rule
        rule.unit = rule.unit.counting(in: encoding)
        return rule
      }
    }
  }

  /// These rules with every field that `patch` sets replaced (its `preset` is the caller's).
  public func applying(_ patch: RulePatch) -> Rules {
    var rules = self
    for field in RuleTable.fields { field.apply(&rules, patch) }
    return rules
  }
}

// Beside `Rules`' own initializer, so that one file names every rule a caller passes by label
// (the rules kept in the generic store keep their labels here, set through their accessors).
extension RulePatch {
  /// A patch setting the given fields and leaving the others.
  public init(
    maxLength: Int?? = nil, unit: LengthUnit? = nil, policy: LimitPolicy? = nil,
    requireNonEmpty: Bool? = nil, placeholder: String? = nil, counterDigits: Int? = nil,
    ignoreFinalNewline: Bool? = nil, commentPrefix: String?? = nil, endMarker: String?? = nil,
    lineRules: [LineRule]? = nil, tabSize: Int? = nil, preset: Preset?? = nil
  ) {
    self.maxLength = maxLength
    self.unit = unit
    self.policy = policy
    self.placeholder = placeholder
    self.counterDigits = counterDigits
    self.lineRules = lineRules
    self.tabSize = tabSize
    self.preset = preset
    // The rules kept in the generic store, set through their checks' accessors.
    self.requireNonEmpty = requireNonEmpty
    self.ignoreFinalNewline = ignoreFinalNewline
    self.commentPrefix = commentPrefix
    self.endMarker = endMarker
  }
}
