/// Counters in the text (rule `inlayHints`; Protocol/README.md, "Inlay hints"): what
/// `textDocument/inlayHint` shows. After the last character of message line 1, the subject's
/// length and limit (`45/50`) by the limit that decides it (a `maxLength` line rule, the team's
/// header limit: `subjectCount`, as completion's detail counts); with `all`, the same after
/// every numbered message line such a rule covers that is not empty; at the end of the document the whole-text
/// counter (`07/150`, the string `stableText/state` and hover show) when `maxLength` is set. Each in
/// its limit's unit, as hover counts it (`lineSummary`, `counter`), so the three never disagree.
/// A setting: it reports nothing.
struct InlayHintsSetting: RuleCheck {
  /// Kept in the rules' generic store, as a new rule's field is.
  static let field = RuleField(
    InlayHintsMode.rule, .choice(InlayHintsMode.allCases.map(\.rawValue), nullable: false),
    default: .string("subject"),
    option: nil, help: "Counters shown in the text: off, subject (default) or all",
    meaning:
      "which counters `textDocument/inlayHint` shows: `\"off\"`, `\"subject\"` (message line 1's, and the whole text's) or `\"all\"` (every line a `maxLength` line rule covers) (\"Inlay hints\")"
  ).documented(
    readme:
      "counters drawn in the text by editors that show inlay hints: `\"subject\"` (the default: `45/50` after line 1, the whole-text counter at the end), `\"all\"` (after every line a `maxLength` line rule covers) or `\"off\"`"
  )

  var fields: [RuleField] { [Self.field] }
}

/// Which counters the inlay hints show.
public enum InlayHintsMode: String, Sendable, CaseIterable {
  /// The rule's name, for the package's own clients (the bench) that configure it as JSON.
  package static let rule = "inlayHints"

  /// None.
  case off
  /// Message line 1's, and the whole text's.
  case subject
  /// Every numbered message line's that a `maxLength` line rule covers, and the whole text's.
  case all
}

/// One counter drawn in the text: where (a UTF-8 offset), what (`45/50`), and what hover would say
/// of it (`Line 1: 45/50 columns`).
public struct FieldInlayHint: Hashable, Sendable {
  /// Where the counter is drawn: the UTF-8 offset just after the counted text.
  public var offset: Int
  /// The counter (`45/50`), the string `stableText/state` and hover show.
  public var label: String
  /// What hover says of the same count (`Line 1: 45/50 columns`).
  public var tooltip: String
}

extension StableTextField {
  /// The counters whose places lie in `range` (UTF-8 offsets, both ends included: a hint at the
  /// end of the range is in it), in document order. The lines read are those of the range (and,
  /// under `subject`, none past message line 1), so a client asking for what it shows pays for
  /// that, however long the document.
  public func inlayHints(in range: ClosedRange<Int>) -> [FieldInlayHint] {
    let mode = rules.inlayHints
    guard mode != .off else { return [] }
    var hints: [FieldInlayHint] = []
    // Line 1 may be limited by the team's header limit alone (with no line rule).
    if rules.checksLines || rules.conventionsInForce != nil {
      // One index, and the lines walked by their facts (bytes, terminator) from the first line's
      // start: each line costs its number's look-up, not a search of the text.
      let index = messageIndex
      let first = text.line(containing: range.lowerBound)
      let last = text.line(containing: range.upperBound)
      let endMarkerLine = index.endMarkerLine
      var start = text.lineStart(first)
      for line in first...last {
        let facts = index[line]
        let end = start + facts.bytes
        defer { start = end + Int(facts.terminator) }
        // A blank line has nothing to count (the empty line after a final terminator among
        // them); git drops leading blank lines, so line 1 is never one.
        guard line < endMarkerLine, facts.bytes > 0, !facts.isComment, let number = index.number(ofLine: line)
        else { continue }
        if (mode == .subject && number > 1) || hints.count == Self.maxLineHints { break }
        guard range.contains(end) else { continue }
        let counted: (length: Int, limit: Int, unit: LengthUnit)
        if number == 1 {
          guard let subject = subjectCount(line: line, facts, in: index) else { continue }
          counted = (subject.length, subject.limit.limit, subject.limit.unit)
        } else {
          guard let rule = rules.shownLengthLimit(onLine: number), let limit = rule.maxLength else {
            continue
          }
          counted = (index.length(of: facts, rule.unit), limit, rule.unit)
        }
        let label = "\(counted.length)/\(counted.limit)"
        hints.append(
          FieldInlayHint(offset: end, label: label, tooltip: "Line \(number): \(label) \(counted.unit.word)"))
      }
    }
    if let remaining, range.contains(text.utf8Count) {
      let state = remaining >= 0 ? "\(remaining) remaining" : "\(-remaining) over the limit"
      hints.append(
        FieldInlayHint(
          offset: text.utf8Count, label: counter, tooltip: "\(counter) \(rules.lengthUnit.word) · \(state)"))
    }
    return hints
  }
}

extension StableTextField {
  /// The most line counters one request gets, the first of its range: a client that asks for a
  /// whole 10 MB document under `all` would otherwise get 150,000 of them (a 20 MB answer); the
  /// lines on screen are far fewer. The whole-text counter comes besides.
  public static let maxLineHints = 5_000
}

extension Rules {
  /// Which counters the inlay hints show (`subject` unless a layer says otherwise).
  public var inlayHints: InlayHintsMode {
    get { InlayHintsSetting.field.value(in: self).string.flatMap(InlayHintsMode.init(rawValue:)) ?? .subject }
    set {
      var patch = RulePatch()
      patch.inlayHints = newValue
      InlayHintsSetting.field.apply(&self, patch)
    }
  }
}

extension RulePatch {
  /// `inlayHints`, when set.
  public var inlayHints: InlayHintsMode? {
    get { InlayHintsSetting.field.get(self)?.string.flatMap(InlayHintsMode.init(rawValue:)) }
    set { values[InlayHintsSetting.field.name] = newValue.map { .string($0.rawValue) } }
  }
}
