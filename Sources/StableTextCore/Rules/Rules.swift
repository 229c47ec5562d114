/// What `stableText/edit` does with an edit whose result would pass the limit.
public enum LimitPolicy: String, Sendable, CaseIterable {
  /// Refuse the edit; nothing changes.
  case reject
  /// Insert the longest whole-grapheme prefix that fits.
  case truncate
  /// Apply it anyway; the `over-limit` diagnostic reports the excess.
  case allow
}

/// The complete, resolved rules of one document.
public struct Rules: Hashable, Sendable {
  /// The limit, or `nil` for none.
  public var maxLength: Int?
  /// The unit `maxLength` counts in.
  public var unit: LengthUnit
  /// What `apply` does with an edit that does not fit, when the call names no policy.
  public var policy: LimitPolicy
  /// Whether text that is blank after trimming is reported (`empty-after-trim`).
  public var requireNonEmpty: Bool
  /// Text a view shows while the field is blank after trimming (at most 4,096 UTF-8 bytes).
  public var placeholder: String
  /// Minimum digits of the count in the counter (`07/150`).
  public var counterDigits: Int
  /// Do not count one final line terminator, which editors such as Neovim add on their own.
  public var ignoreFinalNewline: Bool
  /// A line whose content starts with this is a comment line (git's `#`).
  public var commentPrefix: String?
  /// The first line equal to this, and everything after it, is ignored (git's scissors line).
  public var endMarker: String?
  /// Checks on each numbered message line.
  public var lineRules: [LineRule]
  /// Tab stops of the `columns` unit.
  public var tabSize: Int
  /// The most line diagnostics (`line-too-long`, `line-not-blank`) the field reports; past it,
  /// one `too-many-diagnostics` says how many more lines break a line rule (1–100,000).
  public var maxDiagnostics = Rules.defaultMaxDiagnostics

  /// The default of `maxDiagnostics`: enough for any real message, few enough that a publish
  /// of a huge document stays small.
  public static let defaultMaxDiagnostics = 1_000
  /// The range `maxDiagnostics` may take.
  public static let maxDiagnosticsRange = 1...100_000
  /// Kinds of message lines on which `maxLength` line rules report nothing.
  public var exemptions: Set<Exemption> = []
  /// Trailer tokens the message must carry in its trailer block (`Signed-off-by`), compared
  /// ASCII-case-insensitively; each one missing is a `missing-trailer` diagnostic.
  public var requiredTrailers: [String] = []
  /// Whether the comment prefix and the end marker follow the first scissors line written with
  /// any of git's comment characters (`; ------------------------ >8 ------------------------`):
  /// what the `gitCommit` preset does unless a later layer sets either itself. Set when rules are
  /// resolved, not a rule of its own.
  public var detectsCommentCharacter = false
  /// The preset in force, when one is: set when rules are resolved (`gitCommit` for git's message
  /// files), so a tool can tell a commit message from other text.
  public var preset: Preset?

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
    self.requireNonEmpty = requireNonEmpty
    self.placeholder = placeholder
    self.counterDigits = counterDigits
    self.ignoreFinalNewline = ignoreFinalNewline
    self.commentPrefix = commentPrefix
    self.endMarker = endMarker
    self.lineRules = lineRules
    self.tabSize = tabSize
  }

  /// The seed behaviour: 150 characters, rejecting edits past it, blank text reported.
  public static let defaults = Rules()

  /// Whether the text is read as message lines (comments and the end marker left out).
  public var readsMessageLines: Bool { commentPrefix != nil || endMarker != nil }

  /// These rules with every field that `patch` sets replaced (its `preset` is the caller's).
  public func applying(_ patch: RulePatch) -> Rules {
    var rules = self
    for field in RuleTable.fields { field.apply(&rules, patch) }
    return rules
  }
}

/// A partial set of rules: one layer (initialization options, an override, a configure call).
/// `nil` means "not set by this layer"; fields where `null` is a value (no limit, no comment
/// prefix, no preset) are doubly optional.
public struct RulePatch: Hashable, Sendable {
  /// The limit: absent leaves it, `.some(nil)` removes it.
  public var maxLength: Int??
  /// The unit, when set.
  public var unit: LengthUnit?
  /// The policy, when set.
  public var policy: LimitPolicy?
  /// Whether blank text is reported, when set.
  public var requireNonEmpty: Bool?
  /// The placeholder, when set.
  public var placeholder: String?
  /// The counter's minimum digits, when set.
  public var counterDigits: Int?
  /// Whether one final line break is not counted, when set.
  public var ignoreFinalNewline: Bool?
  /// The comment prefix: absent leaves it, `.some(nil)` removes it.
  public var commentPrefix: String??
  /// The end marker: absent leaves it, `.some(nil)` removes it.
  public var endMarker: String??
  /// The line rules, when set (they replace the earlier layer's).
  public var lineRules: [LineRule]?
  /// The tab size of the columns unit, when set.
  public var tabSize: Int?
  /// The most line diagnostics reported, when set.
  public var maxDiagnostics: Int?
  /// The exempt kinds of lines, when set (they replace the earlier layer's).
  public var exemptions: Set<Exemption>?
  /// The required trailer tokens, when set (they replace the earlier layer's).
  public var requiredTrailers: [String]?
  /// The preset: absent leaves it, `.some(nil)` turns presets off.
  public var preset: Preset??

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
    self.requireNonEmpty = requireNonEmpty
    self.placeholder = placeholder
    self.counterDigits = counterDigits
    self.ignoreFinalNewline = ignoreFinalNewline
    self.commentPrefix = commentPrefix
    self.endMarker = endMarker
    self.lineRules = lineRules
    self.tabSize = tabSize
    self.preset = preset
  }

  /// This patch with every field that `later` sets replaced (`later` wins).
  public func merging(_ later: RulePatch) -> RulePatch {
    var merged = self
    for field in RuleTable.fields { field.merge(&merged, later) }
    return merged
  }
}

/// Per-file-type or per-path rules from `initializationOptions.overrides` (or a repository's
/// `.stabletext.json`).
package struct RuleOverride: Hashable, Sendable {
  package var languageId: String?
  package var pattern: String?
  package var rules: RulePatch
  /// The folder a pattern starting with `/` is anchored at (a `.stabletext.json`'s own), when it
  /// is; such a pattern then matches the path below that folder, from its `/`.
  package var anchor: String?

  package init(languageId: String? = nil, pattern: String? = nil, rules: RulePatch, anchor: String? = nil) {
    self.languageId = languageId
    self.pattern = pattern
    self.rules = rules
    self.anchor = anchor
  }

  /// An override applies when every key it has matches.
  package func matches(uri: String, languageId: String) -> Bool {
    if let wanted = self.languageId, wanted != languageId { return false }
    guard let pattern else { return true }
    let path = DocumentURI.decodedPath(of: uri)
    if let anchor, pattern.hasPrefix("/") {
      let base = anchor.hasSuffix("/") ? String(anchor.dropLast()) : anchor
      guard path.hasPrefix(base + "/") else { return false }
      return Glob(pattern).matches(path: String(path.dropFirst(base.count)))
    }
    return Glob(pattern).matches(path: path)
  }
}

/// The layers that files give a document, each in its place among the others (Protocol/README.md,
/// "Rules"): a repository's `.stabletext.json` and `.editorconfig`, and, for `check`, git's own
/// configuration.
package struct FileLayers: Hashable, Sendable {
  /// EditorConfig's `max_line_length` and tab width: right after `initializationOptions.rules`,
  /// before the built-in overrides (so the commit preset replaces it).
  package var editorConfig: RulePatch?
  /// git's comment character (`check` inside a repository): right after the built-in overrides.
  package var git: RulePatch?
  /// The `.stabletext.json` that applies: its `rules`, then each of its `overrides` that matches,
  /// after the client's overrides and before the document's own configure calls.
  package var projectRules: RulePatch?
  package var projectOverrides: [RuleOverride]

  package init(
    editorConfig: RulePatch? = nil, git: RulePatch? = nil, projectRules: RulePatch? = nil,
    projectOverrides: [RuleOverride] = []
  ) {
    self.editorConfig = editorConfig
    self.git = git
    self.projectRules = projectRules
    self.projectOverrides = projectOverrides
  }
}

/// Everything that decides a document's rules except its own `stableText/configure` calls.
package struct RuleConfiguration: Hashable, Sendable {
  package var rules: RulePatch
  package var overrides: [RuleOverride]

  package init(rules: RulePatch = RulePatch(), overrides: [RuleOverride] = []) {
    self.rules = rules
    self.overrides = overrides
  }

  /// Defaults, then the configured rules, then EditorConfig's layer, then the built-in overrides,
  /// then git's layer, then the user's matching overrides in order, then the `.stabletext.json`'s
  /// rules and matching overrides, then `configured` (the document's own configure calls; the
  /// options of `check`).
  ///
  /// Presets: the one in force is named by the last layer that has a `preset` field. When it
  /// is `null`, no preset values apply anywhere; otherwise every layer naming it applies the
  /// preset's values first and its own fields after them.
  package func resolve(
    uri: String, languageId: String, configured: RulePatch = RulePatch(), files: FileLayers = FileLayers()
  ) -> Rules {
    var layers = [self.rules]
    if let editorConfig = files.editorConfig { layers.append(editorConfig) }
    for override in Preset.builtInOverrides where override.matches(uri: uri, languageId: languageId) {
      layers.append(override.rules)
    }
    if let git = files.git { layers.append(git) }
    for override in overrides where override.matches(uri: uri, languageId: languageId) {
      layers.append(override.rules)
    }
    if let project = files.projectRules { layers.append(project) }
    for override in files.projectOverrides where override.matches(uri: uri, languageId: languageId) {
      layers.append(override.rules)
    }
    layers.append(configured)
    let inForce = layers.last(where: { $0.preset != nil })?.preset ?? nil
    var rules = Rules.defaults
    rules.preset = inForce
    for layer in layers {
      if let inForce, layer.preset == .some(inForce) {
        rules = rules.applying(inForce.rules)
        rules.detectsCommentCharacter = inForce == .gitCommit
      }
      rules = rules.applying(layer)
      // A layer after the preset's values that names its own comments decides them.
      if layer.commentPrefix != nil || layer.endMarker != nil { rules.detectsCommentCharacter = false }
    }
    return rules
  }
}
