/// The trailers a message must carry (rule `requiredTrailers`): one `missing-trailer` for each
/// token that no trailer line of the trailer block carries, compared ASCII-case-insensitively as
/// git compares them. With `exemptions` this is a sign-off (DCO) check.
struct RequiredTrailersCheck: FieldCheck {
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

  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  { [] }
}

extension FieldDiagnostic.Code {
  /// The trailer block lacks a trailer `requiredTrailers` asks for.
  public static let missingTrailer = Self(rawValue: "missing-trailer")
}

extension FieldDiagnostic.Data {
  /// The data of `missing-trailer`: the token asked for.
  public static func missingTrailer(token: String) -> Self { Self([("token", .string(token))]) }
}
