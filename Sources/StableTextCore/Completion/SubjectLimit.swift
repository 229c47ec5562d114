/// The limit completion counts the subject against (Protocol/README.md, "Completion"): a team's
/// header limit (commitlint's `header-max-length`, in UTF-16 code units as commitlint counts;
/// gitlint's T1 `title-max-length`, in code points as gitlint counts), and the line rules that
/// cover line 1 with a `maxLength` (the `gitCommit` preset's 50 columns, a `.stabletext.json`'s).
/// When more than one applies, the one that leaves the least is shown: the one the subject
/// meets first.
package struct SubjectLimit: Hashable, Sendable {
  package var limit: Int
  package var unit: LengthUnit
  package var tabSize: Int

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

  /// Every limit on the subject under `rules`.
  package static func all(_ rules: Rules) -> [SubjectLimit] {
    var limits: [SubjectLimit] = []
    if let setup = rules.conventions?.commitlint,
      let setting = setup.configuration.setting("header-max-length"), setting.level > 0,
      case .success(let number) = CommitlintValueShape.number(setting.value), number >= 0,
      number < Double(Int32.max)
    {
      limits.append(SubjectLimit(limit: Int(number), unit: .utf16, tabSize: rules.tabSize))
    }
    if let gitlint = rules.conventions?.gitlint?.configuration, gitlint.applies("T1"),
      let index = gitlint.index(of: "T1"), let limit = gitlint.rules[index].options.int("line-length")
    {
      limits.append(SubjectLimit(limit: limit, unit: .scalars, tabSize: rules.tabSize))
    }
    for rule in rules.lineRules where rule.lines.contains(1) {
      guard let limit = rule.maxLength else { continue }
      limits.append(SubjectLimit(limit: limit, unit: rule.unit, tabSize: rules.tabSize))
    }
    return limits
  }

  /// What the tightest of `limits` leaves of `line`: its words, or nil when there is no limit.
  package static func words(_ limits: [SubjectLimit], after line: Substring) -> String? {
    limits.map { $0.left(by: line) }.min { $0.left < $1.left }?.words
  }
}

extension GitlintConfiguration {
  /// Whether the rule `id` is enabled and not in `[general] ignore`.
  package func applies(_ id: String) -> Bool {
    guard let index = index(of: id) else { return false }
    switch general.ignore {
    case .all: return false
    case .rules(let ignored): return !ignored.contains(id) && !ignored.contains(rules[index].name)
    }
  }
}
