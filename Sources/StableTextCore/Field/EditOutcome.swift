/// What `apply` did.
public struct EditOutcome: Equatable, Sendable {
  /// `false` when nothing changed although the list was not empty: `reject` refused it, or
  /// `truncate` had to leave out every edit.
  public var applied: Bool
  /// `over-limit` whenever the untruncated result did not fit, whatever the policy did.
  public var reason: LimitReason?
  /// The edits that applied; `[]` when rejected. `truncate` leaves out an edit that no prefix
  /// of its text makes fit.
  public var edits: [AppliedEdit]
  /// UTF-8 offset of the end of the last applied edit's inserted text (the default caret).
  public var caretOffset: Int?
  /// The applied replacements in order; `[]` when rejected.
  package var splices: [TextSplice] = []
}

/// An edit whose position cannot be used; nothing was applied.
public typealias FieldEditError = ContentChangeError
