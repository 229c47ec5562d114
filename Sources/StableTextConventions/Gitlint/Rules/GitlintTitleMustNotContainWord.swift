/// T5 `title-must-not-contain-word`: none of `words` (`WIP`) stands as a word in the title, in any
/// case. As in gitlint each word is a regular expression between `\b`s, matched against the
/// lowercased title: a word of letters, digits and `_` (the usual case) is matched here directly,
/// with Python's `\b`; any other goes through `GitlintRegex`.
package struct GitlintTitleMustNotContainWord: GitlintLineRule {
  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "T5" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "title-must-not-contain-word" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .title }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [GitlintOptionSpec("words", .list, .list(["WIP"]), "Must not contain word")]
  }

  /// gitlint fails with a traceback when a word is not a valid expression; here that is found
  /// when the configuration is read, and each word that is an expression is compiled then, once
  /// (not for every title, nor for every keystroke in the editor).
  package func prepare(_ options: inout GitlintOptions, engine: any GitlintRegexEngine)
    throws(GitlintOptionError)
  {
    for word in options.list("words") ?? [] where !Self.isLiteral(word) && options.expressions[word] == nil {
      options.keep(try GitlintRegex(Self.pattern(word), engine: engine), builtFrom: word)
    }
  }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    let lowered = line.lowercased()
    var violations: [GitlintViolation] = []
    for word in options.list("words") ?? [] {
      let found: Bool
      if Self.isLiteral(word) {
        found = Self.containsWord(Array(lowered.unicodeScalars), Array(word.lowercased().unicodeScalars))
      } else {
        // Prepared when the option was read; a list set directly (gitlint's tests) has none.
        found = options.expressions[word]?.matches(lowered, atStart: false, &budget) ?? false
      }
      if found {
        violations.append(GitlintViolation(id, "Title contains the word '\(word)' (case-insensitive)", line))
      }
    }
    return violations
  }

  /// gitlint's expression for `word`: `(?i)\b<word lowercased>\b`.
  static func pattern(_ word: String) -> String { "(?i)\\b\(word.lowercased())\\b" }

  /// A word without any of the characters Python's `re` gives a meaning.
  static func isLiteral(_ word: String) -> Bool {
    !word.unicodeScalars.contains { "\\.^$*+?{}[]|()#".unicodeScalars.contains($0) }
  }

  /// `\bword\b` searched: an occurrence with a word boundary at both of its ends (a boundary is
  /// where a `\w` character meets a `\W` one or an end of the line).
  static func containsWord(_ line: [Unicode.Scalar], _ word: [Unicode.Scalar]) -> Bool {
    guard !word.isEmpty, word.count <= line.count else { return false }
    func isBoundary(_ index: Int) -> Bool {
      let before = index > 0 && GitlintText.isWordCharacter(line[index - 1])
      let after = index < line.count && GitlintText.isWordCharacter(line[index])
      return before != after
    }
    for start in 0...(line.count - word.count)
    where line[start..<(start + word.count)].elementsEqual(word) && isBoundary(start)
      && isBoundary(start + word.count)
    {
      return true
    }
    return false
  }
}
