/// A team's conventions for its commit messages as a module outside the core reads them from the
/// team's own files (Protocol/README.md, "Team conventions"): the core keeps them in the rules
/// they apply to (`Rules.commitConventions`), runs no rule of theirs (their module registers the
/// checks that do, in the registry they bring: `registry`), and asks them only what its own hover, inlay hints, line rules and completion
/// show: the limits they put on a message's lines, and what they name for completion to offer.
package protocol CommitConventions: Hashable, Sendable {
  /// Whether they hold no configuration (then the rules keep none).
  var isEmpty: Bool { get }
  /// The registry of the checks that run under them: the core's with those their module
  /// registers (the same value each time, built once).
  var registry: RuleRegistry { get }
  /// Their limits on the subject (message line 1), in the units their tools count in, in the
  /// order hover and completion consider them.
  func subjectLimits(tabSize: Int) -> [SubjectLimit]
  /// Whether they limit the length of a message line after the subject.
  var limitsLaterLines: Bool { get }
  /// The types completion offers on line 1, each with its description when it has one; none
  /// when they name no types.
  var completionTypes: [(name: String, description: String?)] { get }
  /// The scopes completion offers after `type(`, each with what names it, or nil when they name
  /// none (then the history's are offered).
  var completionScopes: [(name: String, documentation: String?)]? { get }
  /// The trailers they require, each with what requires it, for completion to offer first.
  var completionTrailers: [(token: String, why: String)] { get }
  /// Whether the message is one git has stored (`check --commits`), read exactly as it is
  /// rather than cleaned as `git commit` would clean it (`StoredCommitMessage`).
  var messageIsStored: Bool { get }
}

/// Conventions of any module, compared and hashed as what they are (two of different types are
/// different), so that `Rules` and `FileLayers` stay `Hashable` and tell a change of them.
package struct AnyCommitConventions: Hashable, Sendable {
  /// The conventions.
  package let base: any CommitConventions

  package init(_ base: any CommitConventions) { self.base = base }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.isEqual(to: rhs.base) }

  package func hash(into hasher: inout Hasher) { base.hash(into: &hasher) }
}

extension CommitConventions {
  /// Whether `other` is conventions of this type, equal to these.
  fileprivate func isEqual(to other: any CommitConventions) -> Bool { (other as? Self) == self }
}

extension Rules {
  /// The team's conventions where they apply: in a commit message (the `gitCommit` preset); a
  /// Markdown file in the same repository has them in its rules, and no subject.
  package var conventionsInForce: (any CommitConventions)? {
    isCommitMessage ? commitConventions?.base : nil
  }
}
