/// The limit on the whole text ("Rules") (`over-limit`), and its truncate fix.
struct OverLimitCheck: FieldCheck {
  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    let rules = field.rules
    guard let limit = rules.maxLength, let start = field.firstClusterOverLimit else { return }
    let length = field.length
    result.append(
      FieldDiagnostic(
        code: .overLimit, severity: .error, range: start..<field.text.utf8Count,
        message: "\(length)/\(limit) \(rules.unit.word): \(length - limit) over the limit",
        data: .overLimit(length: length, limit: limit, unit: rules.unit)))
  }

  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  {
    guard let diagnostic = found.first else { return [] }
    // All that is over the limit is one final terminator, which an editor writes back.
    let over = field.text.slice(diagnostic.range)
    if diagnostic.range.upperBound == field.text.utf8Count && (over == "\n" || over == "\r\n" || over == "\r")
    {
      return []
    }
    return field.truncateFix(diagnostic).map { [$0] } ?? []
  }
}

extension FieldDiagnostic.Code {
  /// The text is longer than `maxLength`.
  public static let overLimit = Self(rawValue: "over-limit")
}

extension FieldDiagnostic.Data {
  /// The data of `over-limit`: the length, the limit and the unit.
  public static func overLimit(length: Int, limit: Int, unit: LengthUnit) -> Self {
    Self([("length", .int(length)), ("limit", .int(limit)), ("unit", .string(unit.rawValue))])
  }
}

extension QuickFix.Kind {
  /// Deletes from the first cluster that does not fit.
  public static let truncate = Self(rawValue: "truncate")
}

extension StableTextField {
  /// Truncation keeps one final terminator when `ignoreFinalNewline` is on; with message lines
  /// it leaves comments and the end-marker part alone ("Code actions and hover").
  fileprivate func truncateFix(_ diagnostic: FieldDiagnostic?) -> QuickFix? {
    guard let limit = rules.maxLength, let firstOver = firstClusterOverLimit else { return nil }
    let title = "Truncate to \(limit) \(rules.unit.word)"
    guard rules.readsMessageLines else {
      return QuickFix(
        kind: .truncate, title: title, edits: [(firstOver..<countedRange.upperBound, "")],
        diagnostic: diagnostic)
    }
    // The rest of the crossing line's content goes (its terminator stays), and every later
    // message line with its terminator; comments and the end-marker part stay as they are.
    var ranges: [Range<Int>] = []
    for line in messageLines where line.isMessage && line.end > firstOver {
      let range =
        line.content.contains(firstOver) || line.content.upperBound == firstOver
        ? firstOver..<line.content.upperBound : line.content.lowerBound..<line.end
      guard !range.isEmpty else { continue }
      if let last = ranges.last, last.upperBound == range.lowerBound {
        ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
      } else {
        ranges.append(range)
      }
    }
    var after = self
    for range in ranges.reversed() { after.text.replace(range, with: "") }
    guard after.length <= limit else { return nil }
    return QuickFix(kind: .truncate, title: title, edits: ranges.map { ($0, "") }, diagnostic: diagnostic)
  }

}
