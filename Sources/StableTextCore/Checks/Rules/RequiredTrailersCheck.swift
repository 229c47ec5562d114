/// The trailers a message must carry (rule `requiredTrailers`): one `missing-trailer` for each
/// token that no trailer line of the trailer block carries, compared ASCII-case-insensitively as
/// git compares them. With `exemptions` this is a sign-off (DCO) check.
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
      "The message must carry a trailer with this token in its trailer block (compared case-insensitively); each one missing is a `missing-trailer` warning. Repeat the option for more."
  )

  var fields: [RuleField] { [Self.field] }

  var measures: [RuleMeasure] { [.trailerBlock] }
  func applies(to rules: Rules) -> Bool { !rules.requiredTrailers.isEmpty }
  var reports: [DiagnosticDeclaration] {
    [
      DiagnosticDeclaration(
        code: .missingTrailer, severity: .fixed(.warning), message: "missing trailer \"Signed-off-by:\"",
        data: ["token"],
        range: "empty, at the end of the last message line that is not blank (0:0 when there is none)")
    ]
  }

  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    let required = field.rules.requiredTrailers
    guard !required.isEmpty, !field.isEmptyAfterTrim else { return }
    let index = field.messageIndex
    var present: Set<String> = []
    if let block = index.trailerBlock {
      for line in block where index[line].flags.contains(.trailer) && !index[line].isComment {
        let start = index.lineStart(line)
        let content = field.text.slice(start..<start + index[line].bytes)
        present.insert(
          String(content.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }).lowercased())
      }
    }
    // At the end of the last message line that is not blank.
    let at = index.lastFilledLine.map { index.lineStart($0) + index[$0].bytes } ?? 0
    for token in required where !present.contains(token.lowercased()) {
      result.append(
        FieldDiagnostic(
          code: .missingTrailer, severity: .warning, range: at..<at, message: "missing trailer \"\(token):\"",
          data: .missingTrailer(token: token)))
    }
  }

  // No fix: the trailer's value is the user's to write.
}

extension FieldDiagnostic.Code {
  /// The trailer block lacks a trailer `requiredTrailers` asks for.
  public static let missingTrailer = Self(rawValue: "missing-trailer")
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
}

extension RulePatch {
  /// The required trailer tokens, when set (they replace the earlier layer's).
  public var requiredTrailers: [String]? {
    get { RequiredTrailersCheck.field.get(self)?.strings }
    set { values[RequiredTrailersCheck.field.name] = newValue.map { .strings($0) } }
  }
}
