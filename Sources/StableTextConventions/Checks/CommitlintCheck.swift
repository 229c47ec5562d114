import StableTextCore

/// The team's commitlint configuration, live (Protocol/README.md, "Team conventions",
/// "Diagnostics of the team's rules"): in a commit-message document (the `gitCommit` preset) with a
/// commitlint configuration, the message as git stores it (`StoredCommitMessage`) is parsed once
/// with the configuration's parser options and each configured rule is run in the configuration's
/// order; each one broken is a diagnostic whose code is the rule's name, an error at level 2 and a
/// warning at level 1, worded as commitlint words it, on the part the rule concerns
/// (`CommitlintRule.part`). A message commitlint's `defaultIgnores` or the configuration's own
/// `ignores` skip, or a blank one (git aborts the commit), reports nothing.
struct CommitlintCheck: RuleCheck {
  var fields: [RuleField] { [] }
  var measures: [RuleMeasure] { [.storedMessage] }
  func applies(to rules: Rules) -> Bool { rules.isCommitMessage && rules.conventions?.commitlint != nil }

  var reports: [DiagnosticDeclaration] {
    [
      DiagnosticDeclaration(
        code: .commitlintRule, severity: .configuredLevel,
        message: "subject must not be sentence-case", data: ["level", "helpUrl"],
        range: "the part the rule concerns", family: CommitlintRules.all.map(\.name))
    ]
  }

  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    guard applies(to: field.rules), let configuration = field.rules.conventions?.commitlint?.configuration
    else {
      return
    }
    let stored = StoredCommitMessage(field)
    guard !CommitlintIgnores.isIgnored(stored.text, defaults: configuration.defaultIgnores),
      !configuration.ignores.contains(where: { $0.ignores(stored.text) }),
      let commit = ConventionalCommitParser(configuration.parserOptions).parse(stored.text)
    else { return }
    for entry in configuration.rules where entry.setting.level > 0 {
      // The readers refuse a name commitlint does not have; one that slips through reports nothing.
      guard let rule = CommitlintRules.named(entry.name) else { continue }
      let setting = entry.setting
      let verdict = rule.verdict(commit, setting.condition ?? rule.defaultCondition, setting.value)
      guard !verdict.valid else { continue }
      var data: [(String, FieldDiagnostic.Data.Value)] = [("level", .int(setting.level))]
      if let helpUrl = configuration.helpUrl { data.append(("helpUrl", .string(helpUrl))) }
      result.append(
        FieldDiagnostic(
          code: FieldDiagnostic.Code(rawValue: rule.name), severity: setting.level >= 2 ? .error : .warning,
          range: stored.documentRange(Self.range(of: rule, setting.value, in: commit, stored)),
          message: verdict.message ?? rule.name, data: FieldDiagnostic.Data(data)))
    }
  }

  /// Where in the stored message a broken rule's diagnostic goes: the part it concerns; the first
  /// line over the limit for `body-max-line-length` and `footer-max-line-length`. A part the
  /// message lacks is an empty range where it would be written: a type at the header's start, a
  /// scope after the type, a subject at the header's end, a body or footer (and a trailer block)
  /// at the message's end.
  static func range(
    of rule: any CommitlintRule, _ value: CommitlintValue?, in commit: ConventionalCommit,
    _ stored: StoredCommitMessage
  ) -> Range<Int> {
    let ranges = commit.ranges
    let end = stored.end
    let header = ranges.header ?? 0..<0
    func at(_ offset: Int) -> Range<Int> { offset..<offset }
    switch rule.part {
    case .type: return ranges.type ?? at(header.lowerBound)
    case .scope: return ranges.scope ?? at(ranges.type?.upperBound ?? header.lowerBound)
    case .subject: return ranges.subject ?? at(header.upperBound)
    case .header: return header
    case .body, .footer:
      guard let part = rule.part == .body ? ranges.body : ranges.footer else { return at(end) }
      if let lengthRule = rule as? CommitlintLengthRule, lengthRule.bound == .maxLine,
        case .number(let limit)? = value,
        let over = firstLine(
          in: stored.text, part,
          { line in !CommitlintEnsure.holdsURL(line) && Double(JavaScriptText.length(line)) > limit })
      {
        return over
      }
      return part
    case .message: return 0..<end
    case .trailers:
      // The last paragraph, when the message has more than one.
      let bytes = Array(stored.text.utf8.prefix(end))
      guard let blank = lastBlankLine(bytes) else { return at(end) }
      return blank..<end
    }
  }

  /// The first line of `range` in `text` (without its `\r`) that `isOver` picks.
  private static func firstLine(in text: String, _ range: Range<Int>, _ isOver: (Substring) -> Bool)
    -> Range<Int>?
  {
    let utf8 = text.utf8
    var start = range.lowerBound
    while start < range.upperBound {
      let from = utf8.index(utf8.startIndex, offsetBy: start)
      let limit = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
      let lineEnd = utf8[from..<limit].firstIndex(of: 0x0A) ?? limit
      var line = Substring(utf8[from..<lineEnd])
      if line.utf8.last == 0x0D { line = Substring(line.utf8.dropLast()) }
      let length = utf8.distance(from: from, to: lineEnd)
      if isOver(line) { return start..<start + line.utf8.count }
      start += length + 1
    }
    return nil
  }

  /// Where the paragraph after the message's last blank line starts (nil for one paragraph).
  private static func lastBlankLine(_ bytes: [UInt8]) -> Int? {
    var index = bytes.count - 1
    while index > 0 {
      if bytes[index] == 0x0A && bytes[index - 1] == 0x0A { return index + 1 }
      index -= 1
    }
    return nil
  }
}

extension FieldDiagnostic.Code {
  /// The family of commitlint's rules: each diagnostic's code is the broken rule's name
  /// (`subject-case`); this placeholder stands for them in the declarations and tables.
  public static let commitlintRule = Self(rawValue: "<commitlint rule>")
}
