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

  package var isNullable: Bool {
    switch self {
    case .integer(_, let nullable), .string(_, _, _, let nullable), .choice(_, let nullable): return nullable
    case .boolean, .lineRules, .choiceList, .trailerTokens: return false
    }
  }
}
