/// The limit completion counts the subject against (Protocol/README.md, "Completion"): a team's
/// header limit (in the unit its tool counts in: `CommitConventions.subjectLimits`), and the line
/// rules that cover line 1 with a `maxLength` (the `gitCommit` preset's 50 columns, a
/// `.stabletext.json`'s).
/// When more than one applies, the one that leaves the least is shown: the one the subject
/// meets first.
package struct SubjectLimit: Hashable, Sendable {
  package var limit: Int
  package var unit: LengthUnit
  package var tabSize: Int

  package init(limit: Int, unit: LengthUnit, tabSize: Int) {
    self.limit = limit
    self.unit = unit
    self.tabSize = tabSize
  }

  /// How much of it `line` leaves, as the detail words it: `36 of 50 columns left`, or
  /// `3 over the limit of 50 columns` (the unit's word after a figure that may be 1).
  package func left(by line: Substring) -> (left: Int, words: String) {
    let left = limit - unit.count(line, tabSize: tabSize)
    return (left, words(left: left))
  }

  /// How the detail words `left` units left (negative: over the limit).
  package func words(left: Int) -> String {
    left >= 0 ? "\(left) of \(limit) \(unit.word) left" : "\(-left) over the limit of \(limit) \(unit.word)"
  }

  /// Every limit on the subject under `rules` (the team's only in a commit message).
  package static func all(_ rules: Rules) -> [SubjectLimit] {
    var limits = rules.conventionsInForce?.subjectLimits(tabSize: rules.tabStop) ?? []
    for rule in rules.lengthLimits(onLine: 1) {
      guard let limit = rule.maxLength else { continue }
      limits.append(SubjectLimit(limit: limit, unit: rule.unit, tabSize: rules.tabStop))
    }
    return limits
  }

  /// What the tightest of `limits` leaves of `line`: its words, or nil when there is no limit.
  package static func words(_ limits: [SubjectLimit], after line: Substring) -> String? {
    limits.map { $0.left(by: line) }.min { $0.left < $1.left }?.words
  }

  /// A subject's length in a limit's unit, with the limit.
  package typealias Counted = (limit: SubjectLimit, length: Int)

  /// The limit that decides a subject of these `lengths` (one per limit of `limits`, in its
  /// unit): the one it leaves the least of, the first on ties (`words`' choice, so that hover,
  /// the inlay hint and completion's detail name the same limit); nil when there is none.
  package static func deciding(_ limits: [SubjectLimit], lengths: [Int]) -> Counted? {
    var chosen: Counted?
    for (limit, length) in zip(limits, lengths)
    where chosen.map({ limit.limit - length < $0.limit.limit - $0.length }) ?? true {
      chosen = (limit, length)
    }
    return chosen
  }
}

extension Rules {
  /// Whether a rule limits the length of some message line: a line rule's `maxLength`, the team's
  /// limits on the subject or on later lines. Hover says "no limit" of a text only when none does
  /// (Protocol/README.md, "Code actions and hover").
  package var limitsSomeLine: Bool {
    if limitsLineLengths || !SubjectLimit.all(self).isEmpty { return true }
    return conventionsInForce?.limitsLaterLines ?? false
  }
}

extension StableTextField {
  /// Message line 1 (document line `line`, whose facts are `facts`) counted against the limit
  /// that decides it (`SubjectLimit.deciding` of `SubjectLimit.all`): what hover, the inlay hint
  /// and completion all show of the subject (Protocol/README.md, "Inlay hints"). The lengths
  /// come from the line index, which measures every unit a subject limit counts in (UTF-16 and
  /// code points always, a line rule's own unit); a unit it did not measure is counted on the
  /// line itself.
  func subjectCount(line: Int, _ facts: LineFacts, in index: MessageLineIndex) -> SubjectLimit.Counted? {
    let limits = SubjectLimit.all(rules)
    guard !limits.isEmpty else { return nil }
    let start = index.lineStart(line)
    let lengths = limits.map { limit in
      index.measures(limit.unit)
        ? index.length(of: facts, limit.unit)
        : limit.unit.count(text.slice(start..<start + facts.bytes), tabSize: rules.tabStop)
    }
    return SubjectLimit.deciding(limits, lengths: lengths)
  }
}
