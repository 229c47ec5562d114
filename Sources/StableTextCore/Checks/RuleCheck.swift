/// One rule of the contract as one check (Protocol/README.md, "Rules": "Every rule is a check"):
/// it declares the configuration fields it owns, what it measures, the diagnostics it reports,
/// the fixes it offers and its line of hover, and it finds those diagnostics and fixes. The
/// field's diagnostics are its checks' findings in the registry's order; its quick fixes are each
/// check's fixes for exactly the diagnostics that check produced (never a search by code, which
/// several diagnostics can share).
///
/// A new rule is a new file in `Checks/Rules/` with a type conforming to this, and one entry in
/// the core's list in `RuleRegistry` (another module's check goes in that module's own list,
/// which it registers): the JSON decoder, `check`'s options and help, `stabletext rules`, hover,
/// code actions and the generated documents read the registry (docs/CONTRIBUTING.md, "Adding a
/// rule"). A setting that reports nothing of its own (`tabSize`, comment lines) is a check
/// with fields and no diagnostics.
package protocol RuleCheck: Sendable {
  /// The configuration fields this check owns, in the order they are listed. A field belongs to
  /// exactly one check (`RuleRegistryAgreement`).
  var fields: [RuleField] { get }
  /// What it reads of the text, for the documents.
  var measures: [RuleMeasure] { get }
  /// The diagnostics it can report, in the order it reports them.
  var reports: [DiagnosticDeclaration] { get }
  /// The fixes it can offer.
  var offers: [FixDeclaration] { get }
  /// Where its hover lines go among the other checks' (`none` for a check that shows none).
  var hoverPlace: HoverPlace { get }

  /// Whether it can report anything under `rules` (a file no check applies to is one no rule
  /// covers: `Rules.checksNothing`).
  func applies(to rules: Rules) -> Bool
  /// Its lines of hover at `hover.offset`, in order (none when it has nothing to show there).
  func hoverLines(_ hover: HoverContext) -> [String]
  /// Appends this check's diagnostics for `field`, in document order (at most the rules'
  /// cap of line diagnostics).
  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic])
  /// Calls `body` with each of this check's diagnostics in order, every one of them however
  /// many (a check that can find one per line streams them instead of listing them).
  func forEachUncapped(_ field: StableTextField, _ body: (FieldDiagnostic) -> Void)
  /// The fixes for `found`: this check's diagnostics of the current text, in order. A check whose
  /// fixes take long (a rewrap reads its paragraph) asks `shouldStop` as it goes and, told to,
  /// returns what it has.
  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
}

extension RuleCheck {
  /// A setting measures nothing itself.
  package var measures: [RuleMeasure] { [] }
  /// A setting reports nothing.
  package var reports: [DiagnosticDeclaration] { [] }
  /// A check without fixes.
  package var offers: [FixDeclaration] { [] }
  /// A setting applies to nothing by itself.
  package func applies(to rules: Rules) -> Bool { false }
  /// A check without a line of hover.
  package var hoverPlace: HoverPlace { .none }
  package func hoverLines(_ hover: HoverContext) -> [String] { [] }
  /// A setting finds nothing.
  package func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {}
  /// A check that finds a few diagnostics for the whole text has no cap to lift.
  package func forEachUncapped(_ field: StableTextField, _ body: (FieldDiagnostic) -> Void) {
    var found: [FieldDiagnostic] = []
    diagnose(field, into: &found)
    found.forEach(body)
  }
  /// No fix: what is missing or wrong is the user's to write.
  package func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  { [] }
}

/// What a check reads of the text (Protocol/README.md's table of checks says it).
package enum RuleMeasure: String, Sendable, CaseIterable {
  /// The counted text's length in the rules' `unit`.
  case length = "the counted text's length in `unit`"
  /// Whether the text is blank once trimmed.
  case trimmedText = "the text once trimmed"
  /// Each scalar of the message lines, against `encoding`.
  case encodability = "whether each scalar of the message lines is writable in `encoding`"
  /// Each numbered message line, its length in a line rule's unit and whether it is blank.
  case messageLines = "each numbered message line: its length in a line rule's `unit`, whether it is blank"
  /// The trailer lines of the message's trailer block.
  case trailerBlock = "the trailer block's tokens"
  /// The message as git stores it, parsed as the team's tool parses it (Protocol/README.md, "Team
  /// conventions").
  case storedMessage = "the message as git stores it, parsed as the team's tool parses it"
  /// The first word of message line 1 (`fixup!`).
  case subjectWord = "the first word of message line 1"
}

/// How serious a declared diagnostic is.
package enum DeclaredSeverity: Sendable, Equatable {
  /// Always this severity.
  case fixed(Severity)
  /// The severity of the line rule that causes it.
  case lineRule
  /// The level the team's configuration gives the rule (an error or a warning, as
  /// its tool's configuration says).
  case configuredLevel
  /// What the rule field of this name says (`requiredTrailersSeverity`), a warning by default.
  case rule(String)
}

/// One diagnostic a check reports, as Protocol/README.md's "Diagnostics" table lists it.
package struct DiagnosticDeclaration: Sendable {
  /// Its code.
  package let code: FieldDiagnostic.Code
  /// Its severity.
  package let severity: DeclaredSeverity
  /// A message it writes, as the table shows it (`153/150 characters: 3 over the limit`).
  package let message: String
  /// The names of its `data` members, in order (none: no `data`).
  package let data: [String]
  /// What its range covers.
  package let range: String
  /// For a family of codes (the team's rules: each diagnostic's code is the rule's name), every
  /// code of it; `code` is then a placeholder (the tool's rule in angle brackets) that the tables list once, and
  /// the agreement tests look for each member in Protocol/README.md ("Team conventions").
  package var family: [String] = []

  package init(
    code: FieldDiagnostic.Code, severity: DeclaredSeverity, message: String, data: [String], range: String,
    family: [String] = []
  ) {
    self.code = code
    self.severity = severity
    self.message = message
    self.data = data
    self.range = range
    self.family = family
  }
}

/// One kind of fix a check offers, as Protocol/README.md's "Code actions and hover" names it.
package struct FixDeclaration: Sendable {
  /// Its kind.
  package let kind: QuickFix.Kind
  /// Its title up to the first figure (`Truncate to`), as a client sees it.
  package let title: String
  /// Whether `check --fix` applies it: a fix with one right answer that loses nothing the user
  /// wrote (the sign-off, a type's case, a full stop, the header's white space), never a
  /// truncation or a rewrap (Protocol/README.md, "Command line": `--fix`).
  package var appliedByCheck = false

  package init(kind: QuickFix.Kind, title: String, appliedByCheck: Bool = false) {
    self.kind = kind
    self.title = title
    self.appliedByCheck = appliedByCheck
  }
}

/// Where a check's lines of hover go: the line under the cursor first, then the whole text.
package enum HoverPlace: Int, Sendable, CaseIterable, Comparable {
  /// Shows no hover.
  case none
  /// About the line under the cursor (`Line 1: 58/50 columns`).
  case cursorLine
  /// About the whole text (the counter).
  case wholeText

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a check's hover line is given.
package struct HoverContext {
  /// The field hovered.
  package let field: StableTextField
  /// The UTF-8 offset hovered.
  package let offset: Int
  /// How many lines the checks before this one showed.
  package let linesBefore: Int
  /// Writes a figure in bold for a client that reads Markdown, as it is otherwise.
  package let strong: (String) -> String
}
