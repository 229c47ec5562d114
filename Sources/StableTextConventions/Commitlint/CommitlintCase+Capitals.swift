extension CommitlintCase {
  /// Whether a text starting with an ASCII lowercase letter is out of this case without
  /// converting it: `sentence-case`, `start-case`, `pascal-case` and `upper-case` make such a text's
  /// first word start with its capital (the conversion is then neither empty nor led by a digit,
  /// and differs from the text in its first letter), so `ensure.case` is false. config-conventional
  /// asks all four of every subject (`subject-case` `never`), and the conversions cost about 14 µs
  /// each where this costs nothing (docs/performance.md, "commitlint's history");
  /// CommitlintHistoryTests checks the shortcut against the conversions.
  package var capitalizesFirstLetter: Bool {
    switch self {
    case .sentence, .start, .pascal, .upper: return true
    case .lower, .camel, .kebab, .snake: return false
    }
  }
}
