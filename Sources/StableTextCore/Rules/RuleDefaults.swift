/// Which defaults a document's rules start from, under every other layer (Protocol/README.md,
/// "Rules", "Which defaults apply where").
///
/// The protocol's are the seed's text field: a limit of 150 characters and blank text reported,
/// for a client that sends no rules (a text field, a scripted session, the conformance suite).
/// An editor's documents are files nobody set a limit for, so an editor starts from no limit, no
/// blank-text report and the final newline it writes not counted: a file then gets diagnostics
/// only from the commit preset, a `.stabletext.json`, an `.editorconfig` or the user's settings.
public enum RuleDefaults: String, Hashable, Sendable, CaseIterable {
  /// Protocol/README.md's table in "Rules": a limit of 150, blank text reported, a final
  /// newline counted.
  case `protocol`
  /// No limit, no blank-text report, the final newline not counted: what `check` and every
  /// editor package start from.
  case editor

  /// The rules these defaults are.
  public var rules: Rules {
    switch self {
    case .protocol: return Rules.defaults
    case .editor: return Rules.editorDefaults
    }
  }
}

extension Rules {
  /// Whether no registered check can report anything under these rules (today: no limit either
  /// way, no blank-text report, no line rule, no required trailer and an encoding that writes
  /// every scalar). A file under such rules is one no rule covers (`check --verbose` says so;
  /// the editor packages do not attach to it).
  public var checksNothing: Bool { !registry.checks.contains { $0.applies(to: self) } }
}
