/// The line rules ("Lines, comments and commit messages"): `line-too-long`, `line-not-blank` and a
/// line rule's `under-limit` on numbered message lines, `too-many-diagnostics` past the cap, with
/// their fixes (rewrap a paragraph, insert a blank line: `LineFixes.swift`). It owns `lineRules`,
/// the `exemptions` its `maxLength` rules skip and `maxDiagnostics`; its hover is the line under
/// the cursor (`Line 1: 58/50 columns`). The walk itself is `LineWalker`, over the line checks
/// `LineChecks.all` registers (one file each in `Checks/Lines/`), whose diagnostics it declares.
struct LineRulesCheck: RuleCheck {
  var fields: [RuleField] {
    [
      RuleField(
        "lineRules", .lineRules(maxCount: 100), \.lineRules, \.lineRules, option: nil,
        help: "Checks on numbered message lines",
        meaning: "checks on each numbered message line (\"Lines, comments and commit messages\")",
        read: { $0.lineRules },
        write: { .lineRules($0) }
      ).documented(
        readme: "per-line limits and blank lines (see Commit messages)"),
      Self.exemptField,
      Self.capField,
    ]
  }

  /// The kinds of lines `maxLength` line rules skip, kept in the rules' generic store: this file
  /// declares it and gives its accessors, `LineExemptions` reads it.
  static let exemptField = RuleField(
    "exemptions", .choiceList(Exemption.allCases.map(\.rawValue), maxCount: 16), default: .strings([]),
    option: "--exempt",
    help: "Kinds of lines maxLength line rules skip: "
      + Exemption.allCases.map(\.rawValue).joined(separator: ", ") + " (comma list, or none)",
    meaning:
      "kinds of message lines on which `maxLength` line rules report nothing (\"Lines, comments and commit messages\", \"Commit messages as git writes them\")",
    canonical: { value in
      value.strings.map { names in .strings(Exemption.allCases.map(\.rawValue).filter(names.contains)) }
        ?? value
    }
  ).documented(
    readme:
      "kinds of message lines `maxLength` line rules skip: `generated` (subjects git or GitHub wrote), `trailers`, `longWords` (a line that is one word)",
    manual:
      "The kinds of lines that `maxLength` line rules skip, a comma-separated list of `generated` (a subject git or GitHub wrote: `Merge branch `, `Revert \"`, `fixup! `, ..., or any subject of a message whose trailer block holds `(cherry picked from commit `*hex*`)` as `git cherry-pick -x` writes it, 4 to 64 hex digits), `trailers` (the trailer block: `Signed-off-by:`, ...) and `longWords` (a line that is one word: a URL, a path, a Korean word without spaces); or `none` to check every line. The `gitCommit` preset exempts all three."
  )

  /// The cap on line diagnostics, kept in the rules' generic store: this file declares it and
  /// gives its accessors; the checks that list one diagnostic a line read it through
  /// `Rules.maxDiagnostics`.
  static let capField = RuleField(
    "maxDiagnostics", .integer(Rules.maxDiagnosticsRange, nullable: false),
    default: .int(Rules.defaultMaxDiagnostics), option: nil,
    help: "Most line diagnostics reported; past it one too-many-diagnostics (default 1,000)",
    meaning: "the most line diagnostics a document publishes or a pull returns (\"Diagnostics\")"
  ).documented(
    readme: "the most line diagnostics a document publishes; past it, one `too-many-diagnostics`")

  var measures: [RuleMeasure] { [.messageLines] }
  func applies(to rules: Rules) -> Bool { rules.checksLines }
  var reports: [DiagnosticDeclaration] {
    LineChecks.all.map(\.report) + [
      DiagnosticDeclaration(
        code: .tooManyDiagnostics, severity: .fixed(.information), message: "N more lines break a line rule",
        data: ["omitted"], range: "empty, at the start of the first line left out")
    ]
  }
  var offers: [FixDeclaration] {
    [
      FixDeclaration(kind: .rewrap, title: "Rewrap paragraph to"),
      FixDeclaration(kind: .insertBlankLine, title: "Insert a blank line"),
    ]
  }
  var hoverPlace: HoverPlace { .cursorLine }

  /// Over a numbered message line a `maxLength` line rule covers: `Line N: L/M <unit word>`.
  func hoverLines(_ hover: HoverContext) -> [String] {
    guard let line = hover.field.lineSummary(at: hover.offset) else { return [] }
    return ["Line \(line.number): \(hover.strong("\(line.length)/\(line.limit)")) \(line.unit.word)"]
  }

  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    field.forEachLineDiagnostic(limit: field.rules.maxDiagnostics) { result.append($0) }
  }

  func forEachUncapped(_ field: StableTextField, _ body: (FieldDiagnostic) -> Void) {
    field.forEachLineDiagnostic(limit: nil, body)
  }

  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  {
    field.lineFixes(found, stopping: shouldStop)
  }
}

extension FieldDiagnostic.Code {
  /// More lines break a line rule than `maxDiagnostics` lets the field report.
  public static let tooManyDiagnostics = Self(rawValue: "too-many-diagnostics")
}

extension FieldDiagnostic.Data {
  /// The data of `too-many-diagnostics`: how many lines that break a rule are not reported.
  public static func tooManyDiagnostics(omitted: Int) -> Self { Self([("omitted", .int(omitted))]) }
}

extension QuickFix.Kind {
  /// Rewraps a paragraph to the line rule's width.
  public static let rewrap = Self(rawValue: "rewrap")
  /// Inserts a blank line before a line that should be blank.
  public static let insertBlankLine = Self(rawValue: "insertBlankLine")
}

// What the line rules' readers ask of them. The rules are kept in a stored property of `Rules`
// (the line index reads them when it measures lines, which a lookup in the generic store would
// slow), and every reader elsewhere asks one of these questions, so that what a line rule means
// (which lines it covers, which limit is shown, what it counts in) is said here once.
extension Rules {
  /// Whether a line rule is in force. Without one no line check has anything to report, hover
  /// and the inlay hints show no line's count, and the line index keeps no lengths for them: what
  /// each of those asks before it reads a line.
  package var checksLines: Bool { !lineRules.isEmpty }

  /// Every line rule, in the order its layer lists them, for the readers that take each one: the
  /// walk binds each to the line checks whose field it sets (`LineWalker`), the line index
  /// measures the units they count in and tracks their limits (`MessageLineIndex.Shape`). The
  /// order is the layer's own: of two equally severe rules of one check that a line breaks, the
  /// first listed is the one reported.
  var listedLineRules: [LineRule] { lineRules }

  /// The line rules with a `maxLength` that cover message line `number`, in their listed order:
  /// the limits on that line (line 1's are the subject's, beside the team's: `SubjectLimit.all`).
  /// Lazy: asked for each line a hint request covers, no list is made.
  func lengthLimits(onLine number: Int) -> LazyFilterSequence<[LineRule]> {
    lineRules.lazy.filter { $0.maxLength != nil && $0.lines.contains(number) }
  }

  /// The `maxLength` line rule that hover and the inlay hints show for message line `number`:
  /// the smallest limit among those covering it, the first on ties (`min` keeps the first), so
  /// that both name the same one (a line past the subject; line 1's is decided with the team's,
  /// `subjectCount`).
  func shownLengthLimit(onLine number: Int) -> LineRule? {
    // Unwrapped safely: `lengthLimits` holds only rules with a `maxLength`.
    lengthLimits(onLine: number).min { $0.maxLength! < $1.maxLength! }
  }

  /// Whether a line rule limits the length of some line (hover says "no limit" of a text only
  /// when nothing does: `limitsSomeLine`).
  var limitsLineLengths: Bool { lineRules.contains { $0.maxLength != nil } }

  /// Whether a line rule counts in one of `units` (the daemon moves the requests of documents
  /// counted in its slow units to the background sooner).
  package func countsLines(inAnyOf units: [LengthUnit]) -> Bool {
    lineRules.contains { units.contains($0.unit) }
  }

  /// The first line rule whose `maxLength` is above what its unit allows ("Counting like X"):
  /// its place in the JSON (`lineRules[2].maxLength`) and what is wrong; `nil` when none is.
  var lineLimitProblem: (field: String, problem: String)? {
    for (i, rule) in lineRules.enumerated() {
      if let problem = rule.unit.limitProblem(rule.maxLength) {
        return ("lineRules[\(i)].maxLength", problem)
      }
    }
    return nil
  }
}

extension Rules {
  /// The most line diagnostics (`line-too-long`, `line-not-blank`) the field reports; past it,
  /// one `too-many-diagnostics` says how many more lines break a line rule (1–100,000).
  public var maxDiagnostics: Int {
    get { LineRulesCheck.capField.value(in: self).int ?? Self.defaultMaxDiagnostics }
    set {
      var patch = RulePatch()
      patch.maxDiagnostics = newValue
      LineRulesCheck.capField.apply(&self, patch)
    }
  }

  /// The default cap on line diagnostics: enough for any real message, few enough that a publish
  /// of a huge document stays small.
  public static let defaultMaxDiagnostics = 1_000
  /// The range the cap on line diagnostics may take.
  public static let maxDiagnosticsRange = 1...100_000
}

extension RulePatch {
  /// How many line diagnostics one publish carries before `too-many-diagnostics`; `nil` keeps the
  /// earlier layer's.
  public var maxDiagnostics: Int? {
    get { LineRulesCheck.capField.get(self)?.int }
    set { values[LineRulesCheck.capField.name] = newValue.map { .int($0) } }
  }
}

extension RuleField {
  /// The cap on line diagnostics, for the texts that name it (`check --help`, the fuzzer's rules).
  package static var lineDiagnosticsCap: RuleField { LineRulesCheck.capField }
}

extension Rules {
  /// Kinds of message lines on which `maxLength` line rules report nothing.
  public var exemptions: Set<Exemption> {
    get {
      guard let names = LineRulesCheck.exemptField.value(in: self).strings, !names.isEmpty else { return [] }
      return Set(names.compactMap(Exemption.init(rawValue:)))
    }
    set {
      var patch = RulePatch()
      patch.exemptions = newValue
      LineRulesCheck.exemptField.apply(&self, patch)
    }
  }
}

extension RulePatch {
  /// The exempt kinds of lines, when set (they replace the earlier layer's).
  public var exemptions: Set<Exemption>? {
    get {
      LineRulesCheck.exemptField.get(self)?.strings.map { Set($0.compactMap(Exemption.init(rawValue:))) }
    }
    set {
      values[LineRulesCheck.exemptField.name] = newValue.map {
        .strings(Exemption.allCases.filter($0.contains).map(\.rawValue))
      }
    }
  }
}
