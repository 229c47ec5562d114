/// The trailers a message must carry (rule `requiredTrailers`): one `missing-trailer` for each
/// token that no trailer line of the trailer block carries, compared ASCII-case-insensitively as
/// git compares them. With `exemptions` this is a sign-off (DCO) check.
struct RequiredTrailersCheck: RuleCheck {
  var fields: [RuleField] {
    [
      RuleField(
        "requiredTrailers", .trailerTokens(maxCount: 32, maxBytes: 256), \.requiredTrailers,
        \.requiredTrailers, option: "--require-trailer",
        help: "A trailer the message must carry (Signed-off-by); repeatable",
        meaning:
          "trailers the message's trailer block must carry, e.g. `[\"Signed-off-by\"]` (`missing-trailer`, §6)",
        read: { $0.strings }, write: { .strings($0) })
    ]
  }

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
