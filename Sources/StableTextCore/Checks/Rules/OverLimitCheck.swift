/// The limit on the whole text ("Rules") (`over-limit`), and its truncate fix. It owns the
/// whole text's `maxLength`, the `unit` both bounds count in, what `stableText/edit` does past
/// the limit (`policy`) and the counter's digits; its hover is the counter
/// (`07/150 characters · 143 remaining`), and in `sms` how the text is sent.
struct OverLimitCheck: RuleCheck {
  var fields: [RuleField] {
    [
      RuleField(
        "maxLength", .integer(0...Int.max, nullable: true), \.maxLength, \.maxLength,
        option: "--max-length",
        help: "Limit of the whole text, or none (check's default; the protocol's is 150)",
        meaning: "the limit; `null` for none", read: { $0.int }, write: { .int($0) }
      ).documented(
        readme: "the limit, or `null` for none",
        manual:
          "The limit of the whole text, or none (the default, also under gitCommit; the protocol's default for a client that sends no rules is 150)."
      ),
      RuleField(
        "unit", .choice(LengthUnit.allCases.map(\.rawValue), nullable: false), \.unit, \.unit,
        option: "--unit",
        help: LengthUnit.allCases.map {
          $0 == .graphemes ? "\($0) (default)" : $0 == .bytes ? "\($0) (in the encoding)" : "\($0)"
        }
        .joined(separator: ", "),
        meaning: Self.unitMeaning,
        read: { $0.string.flatMap(LengthUnit.init(rawValue:)) }, write: { .string($0.rawValue) }
      ).documented(
        readme:
          "`graphemes`, `utf16`, `scalars`, `utf8`, `columns`, `bytes` (in `encoding`), `sms` (SMS segments: GSM-7 160 septets, 153 a part, else UCS-2 70 code units, 67 a part; `stableText/state` adds `sms: {encoding, segments, units}`) or `twitter` (twitter-text's weighted length as X counts a post: URLs 23, emoji 2, CJK 2; a limit at most 10,000)",
        manual:
          "`graphemes` (the default), `utf16`, `scalars`, `utf8`, `columns`, `bytes` (bytes in the encoding --encoding names, UTF-8 by default), `sms` (SMS segments: GSM-7 160 septets, 153 a part; UCS-2 70 code units, 67 a part) or `twitter` (twitter-text's weighted length, as X counts a post: URLs 23, emoji 2, CJK 2; with it --max-length is at most 10000, else a usage error)."
      ),
      RuleField(
        "policy", .choice(LimitPolicy.allCases.map(\.rawValue), nullable: false), \.policy, \.policy,
        option: nil, help: "What stableText/edit does past the limit: reject, truncate or allow",
        meaning: "what `stableText/edit` does with an edit past the limit",
        read: { $0.string.flatMap(LimitPolicy.init(rawValue:)) }, write: { .string($0.rawValue) }
      ).documented(
        readme: "what `stableText/edit` does past the limit: `reject`, `truncate`, `allow`"),
      Self.digitsField,
    ]
  }

  /// The counter's minimum digits: kept in `Rules`, read by the counter below alone.
  static let digitsField = RuleField(
    "counterDigits", .integer(0...32, nullable: false), \.counterDigits, \.counterDigits,
    option: nil, help: "Minimum digits of the counter's count (07/150)",
    meaning: "minimum digits of the count in the counter", read: { $0.int }, write: { .int($0) }
  ).documented(
    readme: "minimum digits of the count in the counter (`07/150`)")

  /// What each unit counts, for the rule table.
  static let unitMeaning =
    "Swift `Character`s; UTF-16 code units (HTML `maxlength`, Android, `NSString`); Unicode scalars (PostgreSQL `varchar`); UTF-8 bytes; display columns (the cluster widths of \"Layout and stable scroll\", a tab to the next multiple of `tabSize` from its line's start, terminators 0: a text's width is the sum of its lines'); bytes in `encoding` (`bytes in CP949`; `utf8` is `bytes` in UTF-8 under its short name) — see \"Counting in an encoding\"; SMS segments, the parts a carrier bills (`SMS segments`) — see \"Counting in SMS segments\"; twitter-text's weighted length, as X counts a post (`weighted characters`; a limit at most 10,000) — see \"Counting like X\""

  var measures: [RuleMeasure] { [.length] }
  var reports: [DiagnosticDeclaration] {
    [
      DiagnosticDeclaration(
        code: .overLimit, severity: .fixed(.error), message: "153/150 characters: 3 over the limit",
        data: ["length", "limit", "unit"],
        range:
          "from the start of the first grapheme cluster that does not fit entirely within the limit to the end of the document"
      )
    ]
  }
  var offers: [FixDeclaration] { [FixDeclaration(kind: .truncate, title: "Truncate to")] }
  var hoverPlace: HoverPlace { .wholeText }
  func applies(to rules: Rules) -> Bool { rules.maxLength != nil }

  /// The counter (`07/150 characters · 143 remaining`) when there is a limit or nothing else to
  /// show (`7 characters · no limit` when no rule limits a line either, else `7 characters`); in
  /// `sms`, how the text is sent (`2 SMS (GSM-7, 190 septets)`).
  func hoverLines(_ hover: HoverContext) -> [String] {
    let field = hover.field
    var lines: [String] = []
    if field.rules.maxLength != nil || hover.linesBefore == 0 {
      var text = "\(hover.strong(field.counter)) \(field.rules.unit.word)"
      if let remaining = field.remaining {
        text += remaining >= 0 ? " · \(remaining) remaining" : " · \(-remaining) over the limit"
      } else if !field.rules.limitsSomeLine {
        // "no limit" only where nothing limits a line either (a team's header limit does).
        text += " · no limit"
      }
      lines.append(text)
    }
    if let sms = field.smsMessage { lines.append(sms.summary) }
    return lines
  }

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
  /// Truncation keeps one final terminator that the rules leave out of the count; with message lines
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

extension StableTextField {
  /// `07/150`: the count padded to `counterDigits`, then the limit; just the count without one.
  /// The counter is this check's hover and what `stableText/state` shows.
  public var counter: String { counter(length: length) }

  func counter(length count: Int) -> String {
    guard let limit = rules.maxLength else { return String(count) }
    var digits = String(count)
    if digits.count < rules.counterDigits {
      digits = String(repeating: "0", count: rules.counterDigits - digits.count) + digits
    }
    return "\(digits)/\(limit)"
  }
}

extension RuleField {
  /// The counter's minimum digits, for the texts that name it (the fuzzer's rules).
  package static var counterPadding: RuleField { OverLimitCheck.digitsField }
}

// What the limit means, for every other reader: the field counts, edits and shows its state,
// the line index takes its shape, and the daemon and `check` report through these, so that this
// file and the two that keep the values (`Rules`, `RulePatch`) are the only ones that name the
// rule's fields. They are stored, not kept in the generic store: every keystroke reads them.
extension Rules {
  /// The most the counted text may hold, in `lengthUnit`, or `nil` for no limit (`maxLength`).
  /// The counted text is the whole text, less one final terminator when the rules leave it out,
  /// and only the message lines when the rules read lines ("Counting"): what git stores is what
  /// the limit holds. An edit past it meets `limitPolicy`; `over-limit` reports what is over.
  package var limit: Int? { maxLength }

  /// The unit the whole text is counted in (`unit`): its length, its limit, its minimum
  /// (`under-limit`) and the counter's word. `bytes` counts in the rules' encoding: `Rules`
  /// moves this unit with the encoding whenever either is set, so a reader takes it as it is
  /// and never asks the encoding (a stored value, read on every keystroke).
  package var lengthUnit: LengthUnit { unit }

  /// How many more units fit after `length`: negative when over, `nil` without a limit.
  package func remaining(after length: Int) -> Int? { maxLength.map { $0 - length } }

  /// Whether a text `length` long is over the limit (never without one).
  package func isOver(_ length: Int) -> Bool { maxLength.map { length > $0 } ?? false }

  /// What an edit that does not fit meets: the policy its call names, else the rules' own
  /// (`policy`), so that a client can reject keystrokes and still truncate a paste.
  package func limitPolicy(_ asked: LimitPolicy?) -> LimitPolicy { asked ?? policy }

  /// Where these rules' whole-text limit is above what its unit allows (`twitter` takes at most
  /// 10,000): the problem, or `nil` ("Counting like X").
  package var limitProblemInUnit: String? { unit.limitProblem(maxLength) }
}

extension StableTextField {
  /// `limit − length`, negative when over; `nil` without a limit.
  public var remaining: Int? { rules.remaining(after: length) }

  /// Whether the text is longer than the limit.
  public var isOverLimit: Bool { rules.isOver(length) }

  /// The fits rule shared by `shouldChange` and `apply`: a result fits when it is within the
  /// limit, or when it is not longer than the text it replaces (so deleting is always allowed,
  /// even in text that is already over, and a user is never stuck).
  func fits(resultLength: Int, previousLength: Int) -> Bool {
    guard let limit = rules.maxLength else { return true }
    return resultLength <= limit || resultLength <= previousLength
  }
}

extension RulePatch {
  /// Whether this layer sets the limit or removes it (`maxLength`, `null` included); otherwise
  /// the earlier layer's holds.
  package var setsLimit: Bool { maxLength != nil }

  /// The limit this layer sets: `nil` when it sets none or removes it (what a minimum set in the
  /// same layer may not exceed, "Rules").
  package var limitSet: Int? { maxLength ?? nil }

  /// Whether this layer sets the unit the limit counts in.
  package var setsUnit: Bool { unit != nil }

  /// What is wrong with this layer's limit in its own unit (`twitter` takes at most 10,000), if
  /// the layer sets both ("Counting like X").
  package var unitLimitProblem: String? {
    guard let unit, let maximum = limitSet else { return nil }
    return unit.limitProblem(maximum)
  }
}
