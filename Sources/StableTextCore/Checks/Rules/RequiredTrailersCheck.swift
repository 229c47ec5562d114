/// The trailers a message must carry (rule `requiredTrailers`): one `missing-trailer` for each
/// token that no trailer line of the trailer block carries, compared ASCII-case-insensitively as
/// git compares them. With `Signed-off-by` this is a sign-off (DCO) check; `requiredTrailersSeverity`
/// says how serious a missing trailer is (a warning unless a layer makes it an error, so that a
/// team's DCO job fails on an unsigned commit, as an error-level rule of the team's tools makes
/// it fail).
///
/// A missing `Signed-off-by` has a fix when git's identity is known (`Rules.signOff`): "Add
/// Signed-off-by: Name <email>", the trailer `git commit -s` would write, appended to the trailer
/// block, or in a new last paragraph when the message has none (Protocol/README.md, "Code actions
/// and hover"). When git was asked and has no identity the diagnostic says so, since a person
/// looking for the fix would otherwise not know why there is none.
struct RequiredTrailersCheck: RuleCheck {
  /// Kept in the rules' generic store, as a new rule's field is: this file is the only one under
  /// `Sources/` that names it (its typed accessors are at the end of the file).
  static let field = RuleField(
    "requiredTrailers", .trailerTokens(maxCount: 32, maxBytes: 256), default: .strings([]),
    option: "--require-trailer", help: "A trailer the message must carry (Signed-off-by); repeatable",
    meaning:
      "trailers the message's trailer block must carry, e.g. `[\"Signed-off-by\"]` (`missing-trailer`, \"Diagnostics\")"
  ).documented(
    readme:
      "trailers the message must carry, e.g. `[\"Signed-off-by\"]` (a `missing-trailer` warning for each one missing)",
    manual:
      "The message must carry a trailer with this token in its trailer block (compared case-insensitively); each one missing is a `missing-trailer` warning (or what `--required-trailers-severity` says). Repeat the option for more."
  )

  /// How serious a missing trailer is, kept in the rules' generic store as `field` is.
  static let severityField = RuleField(
    "requiredTrailersSeverity", .choice(Severity.allCases.map(\.name), nullable: false),
    default: .string(Severity.warning.name),
    option: "--required-trailers-severity",
    help: "The severity of a missing required trailer: warning (default), error, information or hint",
    meaning:
      "the severity of each `missing-trailer`: `\"warning\"` (the default), `\"error\"`, `\"information\"` or `\"hint\"`; `\"error\"` makes `check` exit 1 for a message without the trailer (a DCO job that fails)"
  ).documented(
    readme:
      "how serious a missing required trailer is: `\"warning\"` (the default) or `\"error\"` (then `check` exits 1: a DCO check that fails the job), `\"information\"`, `\"hint\"`",
    manual:
      "The severity of each `missing-trailer`: *warning* (the default), *error*, *information* or *hint*. With *error*, a message without a required trailer makes `check` exit 1, so a DCO job fails on an unsigned commit."
  )

  var fields: [RuleField] { [Self.field, Self.severityField] }

  var measures: [RuleMeasure] { [.trailerBlock] }
  func applies(to rules: Rules) -> Bool { !rules.requiredTrailers.isEmpty }
  var reports: [DiagnosticDeclaration] {
    [
      DiagnosticDeclaration(
        code: .missingTrailer, severity: .rule(Self.severityField.name),
        message: "missing trailer \"Signed-off-by:\"",
        data: ["token"],
        range: "empty, at the end of the last message line that is not blank (0:0 when there is none)")
    ]
  }
  var offers: [FixDeclaration] {
    [FixDeclaration(kind: .addSignOff, title: "Add Signed-off-by:", appliedByCheck: true)]
  }

  /// The message's tail when git has no identity to sign off with.
  static let noIdentity = " (no fix: git has no user.name/user.email)"

  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    let required = field.rules.requiredTrailers
    guard !required.isEmpty, !field.isEmptyAfterTrim else { return }
    let index = field.messageIndex
    var present: Set<String> = []
    if index.gitReadsTrailersOtherwise {
      // A lone CR or a `---` line: git's trailers, from the message as git stores it, as `git
      // interpret-trailers` finds them (and as a team's trailer rule reads them in CI).
      for trailer in GitTrailers.parse(StoredCommitMessage(field).text) {
        present.insert(String(trailer.prefix { $0 != ":" }).lowercased())
      }
    } else if let block = index.trailerBlock {
      for line in block where index[line].flags.contains(.trailer) && !index[line].isComment {
        let start = index.lineStart(line)
        let content = field.text.slice(start..<start + index[line].bytes)
        present.insert(
          String(content.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }).lowercased())
      }
    }
    // At the end of the last message line that is not blank.
    let at = index.lastFilledLine.map { index.lineStart($0) + index[$0].bytes } ?? 0
    let severity = field.rules.requiredTrailersSeverity
    for token in required where !present.contains(token.lowercased()) {
      let unsigned = Self.isSignOff(token) && field.rules.signOff == .missing
      result.append(
        FieldDiagnostic(
          code: .missingTrailer, severity: severity, range: at..<at,
          message: "missing trailer \"\(token):\"" + (unsigned ? Self.noIdentity : ""),
          data: .missingTrailer(token: token)))
    }
  }

  /// Whether `token` is git's sign-off, compared as trailers are.
  static func isSignOff(_ token: String) -> Bool { token.lowercased() == "signed-off-by" }

  /// The sign-off for a missing `Signed-off-by`, with git's identity; no fix for another token
  /// (its value is the user's to write) or without an identity.
  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  {
    guard let value = field.rules.signOff.trailerValue else { return [] }
    return found.compactMap { diagnostic in
      guard let token = diagnostic.data?.string("token"), Self.isSignOff(token) else {
        return nil
      }
      let trailer = "Signed-off-by: " + value
      return QuickFix(
        kind: .addSignOff, title: "Add " + trailer,
        edits: [Self.insertion(of: trailer, in: field)], diagnostic: diagnostic)
    }
  }

  /// Where and what to insert for `trailer`: a line after the trailer block's last line when the
  /// message ends with one; else a new paragraph after the last message line that is not blank
  /// (the first line when the message is blank), written with the document's line terminator.
  static func insertion(of trailer: String, in field: StableTextField) -> (Range<Int>, String) {
    let index = field.messageIndex
    guard let last = index.lastFilledLine else { return (0..<0, trailer) }
    let first = index[0]
    let terminator = first.terminator == 2 ? "\r\n" : "\n"
    let at = index.lineStart(last) + index[last].bytes
    if let block = index.trailerBlock, block.upperBound == last {
      return (at..<at, terminator + trailer)
    }
    return (at..<at, terminator + terminator + trailer)
  }
}

extension FieldDiagnostic.Code {
  /// The trailer block lacks a trailer `requiredTrailers` asks for.
  public static let missingTrailer = Self(rawValue: "missing-trailer")
}

extension QuickFix.Kind {
  /// Adds `Signed-off-by: Name <email>` with git's identity.
  public static let addSignOff = Self(rawValue: "addSignOff")
}

extension FieldDiagnostic.Data {
  /// The data of `missing-trailer`: the token asked for.
  public static func missingTrailer(token: String) -> Self { Self([("token", .string(token))]) }
}

extension Rules {
  /// Trailer tokens the message must carry in its trailer block (`Signed-off-by`), compared
  /// ASCII-case-insensitively; each one missing is a `missing-trailer` diagnostic.
  public var requiredTrailers: [String] {
    get { RequiredTrailersCheck.field.value(in: self).strings ?? [] }
    set {
      var patch = RulePatch()
      patch.requiredTrailers = newValue
      RequiredTrailersCheck.field.apply(&self, patch)
    }
  }

  /// How serious each `missing-trailer` is (`warning` unless a layer says otherwise).
  public var requiredTrailersSeverity: Severity {
    get {
      let name = RequiredTrailersCheck.severityField.value(in: self).string
      return Severity.allCases.first { $0.name == name } ?? .warning
    }
    set {
      var patch = RulePatch()
      patch.requiredTrailersSeverity = newValue
      RequiredTrailersCheck.severityField.apply(&self, patch)
    }
  }

  /// Whether `Signed-off-by` is required: only then is git asked for its identity (`signOff`).
  package var requiresSignOff: Bool { requiredTrailers.contains { RequiredTrailersCheck.isSignOff($0) } }

  /// The trailers a commit message must carry, with what requires each, for completion to offer
  /// first (Protocol/README.md, "Completion"): this rule's, then those the team's conventions
  /// require.
  package var trailersToOfferFirst: [(token: String, why: String)] {
    requiredTrailers.map { ($0, "required by rule requiredTrailers") }
      + (conventionsInForce?.completionTrailers ?? [])
  }
}

extension RulePatch {
  /// The required trailer tokens, when set (they replace the earlier layer's).
  public var requiredTrailers: [String]? {
    get { RequiredTrailersCheck.field.get(self)?.strings }
    set { values[RequiredTrailersCheck.field.name] = newValue.map { .strings($0) } }
  }
}

extension RulePatch {
  /// The severity of a missing required trailer, when set.
  public var requiredTrailersSeverity: Severity? {
    get {
      RequiredTrailersCheck.severityField.get(self)?.string.flatMap { name in
        Severity.allCases.first { $0.name == name }
      }
    }
    set { values[RequiredTrailersCheck.severityField.name] = newValue.map { .string($0.name) } }
  }
}
