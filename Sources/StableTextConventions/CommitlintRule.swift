import StableTextCore

/// One rule of `@commitlint/rules`, as commitlint defines a rule: a function of the parsed commit,
/// the condition (`always`/`never`) and the configured value, giving a verdict and commitlint's
/// message (Protocol/README.md, "Team conventions"). Its name is the configuration's key and the
/// diagnostic's code. The verdicts are exactly those commitlint's own rule tests assert.
package protocol CommitlintRule: Sendable {
  /// The rule's name (`subject-case`).
  var name: String { get }
  /// The part of the message the rule concerns: where its diagnostic goes in the document.
  var part: CommitlintPart { get }
  /// commitlint's `(parsed, when, value) => [valid, message]`; `value` is `nil` when the
  /// configuration gives none (the rule's own default then applies, as in commitlint).
  func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  /// The condition the rule holds when the configuration gives none (`[2]`): JavaScript's default
  /// parameter, `always` for most rules, `never` for `references-empty`.
  var defaultCondition: CommitlintCondition { get }
  /// The fix the rule offers for its diagnostic, when it has one right answer (Protocol/README.md,
  /// "Code actions and hover": "Fixes that write"); `nil` for a rule whose fix is the user's
  /// choice. The commitlint check lists these and asks the rule of each diagnostic for its fix.
  var fixDeclaration: FixDeclaration? { get }
  /// The fix for the rule broken on `commit` under `when` and `value`, in the stored message's
  /// UTF-8 offsets, or `nil` when there is none (a rule that offers none, or a message it cannot
  /// fix with one answer).
  func fix(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintFix?
}

extension CommitlintRule {
  package var defaultCondition: CommitlintCondition { .always }
  package var fixDeclaration: FixDeclaration? { nil }
  package func fix(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintFix?
  { nil }
  /// Whether the rule offers a fix.
  package var offersFix: Bool { fixDeclaration != nil }
}

/// A commitlint rule's fix, on the message as git stores it (the check maps it to the document).
package struct CommitlintFix: Sendable {
  /// Its kind, one the rule declares (`fixDeclaration`).
  package var kind: QuickFix.Kind
  /// Its title, as a client shows it (`Write the type as feat`).
  package var title: String
  /// Its edits: UTF-8 ranges of the stored message and what replaces each.
  package var edits: [(Range<Int>, String)]

  package init(kind: QuickFix.Kind, title: String, edits: [(Range<Int>, String)]) {
    self.kind = kind
    self.title = title
    self.edits = edits
  }
}

/// A rule's condition: `always` holds the rule, `never` holds its negation.
package enum CommitlintCondition: String, Hashable, Sendable, CaseIterable {
  case always
  case never
}

/// A configured value as commitlint's configuration files write it (JSON or YAML): what a rule
/// reads as its third element (`72`, `"lower-case"`, `["feat", "fix"]`, `{"scopes": […]}`).
package indirect enum CommitlintValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([CommitlintValue])
  /// Members in the order written.
  case object([Member])

  /// One member of an object.
  package struct Member: Hashable, Sendable {
    package var name: String
    package var value: CommitlintValue

    package init(_ name: String, _ value: CommitlintValue) {
      self.name = name
      self.value = value
    }
  }
}

/// A rule's outcome: commitlint's `[valid, message]`.
package struct CommitlintVerdict: Hashable, Sendable {
  package var valid: Bool
  /// What commitlint says when the rule is broken (it may also give one when it holds).
  package var message: String?

  package init(_ valid: Bool, _ message: String? = nil) {
    self.valid = valid
    self.message = message
  }
}
