/// One check on numbered message lines ("Lines, comments and commit messages" in
/// Protocol/README.md): it reads one field of a `LineRule` and answers, for one rule at a time,
/// the two questions the line walker (`LineWalker`) asks of every registered check.
///
/// - The block question: whether a block of lines can break the rule at all, from the block's
///   totals alone (`mayBreak`: a block that none can is stepped over), and past the diagnostics' cap
///   how many of its lines break it, when the totals tell (`tally`; `nil` reads the lines).
/// - The line question: whether one line breaks the rule, and what was measured (`finding`);
///   among the rules a line breaks, the walker keeps the most severe, then the one this check
///   ranks first (`outranks`), then the first rule, and asks for the diagnostic
///   (`diagnostic`) only when it is reported.
///
/// Adding a line check is one file holding a type that conforms to this, one line in
/// `LineChecks.all` (its place there is its diagnostic's place among a line's diagnostics), and
/// its tests (docs/CONTRIBUTING.md, "Adding a line check"); the walker needs no change.
protocol LineCheck: Sendable {
  /// The code of its diagnostics (`line-too-long`).
  var code: FieldDiagnostic.Code { get }
  /// Its diagnostic as Protocol/README.md's "Diagnostics" table lists it (the line rules' check
  /// declares these, in `LineChecks.all`'s order).
  var report: DiagnosticDeclaration { get }
  /// The `LineRule` field it reads, as the rules' JSON spells it (`maxLength`).
  var field: String { get }
  /// Whether the rules' exempt kinds of lines (`LineExemptions`) spare a line from it: they spare the
  /// length checks only.
  var isExemptible: Bool { get }

  /// Whether `rule` sets this check's field, so that the check applies to the lines it covers.
  func applies(to rule: LineRule) -> Bool

  /// Whether a line of a block whose totals are `block` may break `rule` (the rule covers some
  /// of its numbers): `false` only when none can, so that the block is stepped over.
  func mayBreak(_ rule: BoundLineRule, _ block: MessageLineTotals) -> Bool

  /// The lines of a block (totals `block`, numbered `numbers`, every one of which `rule` covers;
  /// no end marker in it) that break `rule`, from its totals, or `nil` when they do not tell (the
  /// lines are read). `shape` says which limits the totals count lines past.
  func tally(
    _ rule: BoundLineRule, _ block: MessageLineTotals, numbered numbers: Range<Int>,
    _ shape: MessageLineIndex.Shape
  ) -> LineTally?

  /// What `line` measures against `rule` when it breaks it (a length; 0 when nothing is
  /// measured), `nil` when it does not.
  func finding(_ rule: BoundLineRule, _ line: CheckedLine) -> Int?

  /// Whether a finding of `rule` is reported rather than an equally severe one of `held`.
  func outranks(_ rule: LineRule, _ held: LineRule) -> Bool

  /// The diagnostic of `rule`'s finding `measured` on `line`, formatted only when it is
  /// reported.
  func diagnostic(
    _ rule: LineRule, measured: Int, on line: CheckedLine, in field: StableTextField
  ) -> FieldDiagnostic
}

extension LineCheck {
  var isExemptible: Bool { false }
  func tally(
    _ rule: BoundLineRule, _ block: MessageLineTotals, numbered numbers: Range<Int>,
    _ shape: MessageLineIndex.Shape
  ) -> LineTally? { nil }
  func outranks(_ rule: LineRule, _ held: LineRule) -> Bool { false }
}

/// A line rule as the walker hands it to a check: the rule, and the line facts' slot that holds
/// a line's length in its unit (looked up once per listing, not once per line).
struct BoundLineRule {
  let rule: LineRule
  let slot: LineSlot
}

/// One numbered message line as the line question sees it.
struct CheckedLine {
  /// Its 0-based index in the document.
  let index: Int
  /// Its number among the message lines (1-based).
  let number: Int
  let facts: LineFacts
  /// The UTF-8 offset where it starts.
  let start: Int

  /// The UTF-8 range of its content.
  var content: Range<Int> { start..<start + facts.bytes }
  /// Whether it holds nothing but white space.
  var isBlank: Bool { facts.flags.contains(.blank) }
  /// Where a diagnostic on it is anchored.
  var anchor: FieldDiagnostic.Line {
    FieldDiagnostic.Line(index: index, start: start, isASCII: facts.isASCII)
  }
}

/// The lines of a block that break one rule, counted from its totals: `lines` of them, among the
/// sets of lines named `family`, which nest (of two tallies in one family, the larger holds the
/// smaller's lines: the lines past 50 columns hold those past 72), so that the lines breaking
/// any of several rules of one family are the largest tally. Tallies of different families
/// cannot be joined: the walker reads the lines then.
struct LineTally {
  struct Family: Equatable {
    let code: FieldDiagnostic.Code
    let unit: LengthUnit?
  }

  let family: Family
  let lines: Int
}
