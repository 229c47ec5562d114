/// Counters in the text (rule `inlayHints`; Protocol/README.md, "Inlay hints"): what
/// `textDocument/inlayHint` shows. After the last character of message line 1, the subject's
/// length and limit (`45/50`) when a `maxLength` line rule covers it; with `all`, the same after
/// every numbered message line such a rule covers that is not empty; at the end of the document the whole-text
/// counter (`07/150`, the string `stableText/state` and hover show) when `maxLength` is set. Each in
/// its limit's unit, as hover counts it (`lineSummary`, `counter`), so the three never disagree.
/// A setting: it reports nothing.
struct InlayHintsSetting: RuleCheck {
  /// Kept in the rules' generic store, as a new rule's field is.
  static let field = RuleField(
    "inlayHints", .choice(InlayHintsMode.allCases.map(\.rawValue), nullable: false),
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
  public var offset: Int
  public var label: String
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
    if !rules.lineRules.isEmpty {
      let index = messageIndex
      let first = text.line(containing: range.lowerBound)
      let last = text.line(containing: range.upperBound)
      for line in first...last {
        guard let number = index.number(ofLine: line) else { continue }
        if mode == .subject && number > 1 { break }
        let end = text.lineContentEnd(line)
        // A blank line has nothing to count (the empty line after a final terminator among
        // them); git drops leading blank lines, so line 1 is never one.
        if end == text.lineStart(line) { continue }
        guard range.contains(end), let summary = lineSummary(at: text.lineStart(line)) else { continue }
        let counted = "\(summary.length)/\(summary.limit)"
        hints.append(
          FieldInlayHint(
            offset: end, label: counted, tooltip: "Line \(summary.number): \(counted) \(summary.unit.word)"))
      }
    }
    if let remaining, range.contains(text.utf8Count) {
      let state = remaining >= 0 ? "\(remaining) remaining" : "\(-remaining) over the limit"
      hints.append(
        FieldInlayHint(
          offset: text.utf8Count, label: counter, tooltip: "\(counter) \(rules.unit.word) · \(state)"))
    }
    return hints
  }
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
