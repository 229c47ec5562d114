/// What a rule's value may be, as configurations spell it.
package enum RuleKind: Sendable, Equatable {
  /// An integer in `range` (or `null` when `nullable`).
  case integer(ClosedRange<Int>, nullable: Bool)
  case boolean
  /// A string of at most `maxBytes` UTF-8 bytes.
  case string(maxBytes: Int, nonEmpty: Bool, singleLine: Bool, nullable: Bool)
  /// One of `names`.
  case choice([String], nullable: Bool)
  /// An array of at most `maxCount` line rules.
  case lineRules(maxCount: Int)
  /// An array of at most `maxCount` of `names` (a set: repeats count once).
  case choiceList([String], maxCount: Int)
  /// An array of at most `maxCount` trailer tokens (`TrailerToken`) of at most `maxBytes`.
  case trailerTokens(maxCount: Int, maxBytes: Int)
  /// The name of an encoding StableText counts in (`CharacterEncoding`), ASCII case ignored.
  case encoding

  /// Whether `check`'s option for it may be repeated, each adding entries (`--require-trailer`).
  package var isRepeatable: Bool {
    if case .trailerTokens = self { return true }
    return false
  }

  package var isNullable: Bool {
    switch self {
    case .integer(_, let nullable), .string(_, _, _, let nullable), .choice(_, let nullable): return nullable
    case .boolean, .lineRules, .choiceList, .trailerTokens, .encoding: return false
    }
  }
}

extension RuleKind {
  /// Whether `value` is one this kind allows: the one place a rule's value is checked. The JSON
  /// decoder (for initialization options, overrides, `configure`, settings and
  /// `.stabletext.json`) and `check`'s options read a value of the right shape and ask this; each
  /// says what was expected in its own words.
  package func accepts(_ value: RuleValue) -> Bool {
    switch (self, value) {
    case (_, .null): return isNullable
    case (.integer(let range, _), .int(let number)): return range.contains(number)
    case (.boolean, .bool): return true
    case (.string(let maxBytes, let nonEmpty, let singleLine, _), .string(let text)):
      return !(nonEmpty && text.isEmpty) && text.utf8.count <= maxBytes
        && !(singleLine && text.contains(where: \.isNewline))
    case (.choice(let names, _), .string(let text)): return names.contains(text)
    case (.lineRules(let maxCount), .lineRules(let rules)): return rules.count <= maxCount
    case (.choiceList(let names, let maxCount), .strings(let chosen)):
      return chosen.count <= maxCount && chosen.allSatisfy(names.contains)
    case (.trailerTokens(let maxCount, let maxBytes), .strings(let tokens)):
      return tokens.count <= maxCount
        && tokens.allSatisfy { $0.utf8.count <= maxBytes && TrailerToken.isValid($0) }
    case (.encoding, .string(let name)): return CharacterEncoding(named: name) != nil
    default: return false
    }
  }
}
