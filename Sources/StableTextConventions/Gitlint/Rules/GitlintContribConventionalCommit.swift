/// CT1 `contrib-title-conventional-commits` (gitlint's contrib rule): the title reads
/// `type(optional-scope)!: description` (gitlint's `([^(]+?)(\([^)]+?\))?!?: .+`, matched at the
/// start) and its type is one of `types`.
package struct GitlintContribConventionalCommit: GitlintLineRule {
  /// The types gitlint allows by default, in its order (its message lists them so).
  package static let defaultTypes = [
    "fix", "feat", "chore", "docs", "style", "refactor", "perf", "test", "revert", "ci", "build",
  ]

  /// The rule; its options are given to each call.
  package init() {}
  /// gitlint's id for the rule.
  package var id: String { "CT1" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "contrib-title-conventional-commits" }
  /// The lines the rule checks.
  package var target: GitlintLineTarget { .title }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [
      GitlintOptionSpec(
        "types", .list, .list(Self.defaultTypes), "Comma separated list of allowed commit types.")
    ]
  }

  /// The violations of one line, worded as gitlint words them.
  package func validate(line: String, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget)
    -> [GitlintViolation]
  {
    guard let type = Self.type(of: Array(line.unicodeScalars)) else {
      return [
        GitlintViolation(
          id, "Title does not follow ConventionalCommits.org format 'type(optional-scope): description'", line
        )
      ]
    }
    let types = options.list("types") ?? []
    guard !types.contains(where: { GitlintText.equal($0, type) }) else { return [] }
    return [GitlintViolation(id, "Title does not start with one of \(types.joined(separator: ", "))", line)]
  }

  /// The type group of gitlint's expression, matched at the start: the shortest non-empty run
  /// without `(` after which an optional `(scope)` (non-empty, without `)`), an optional `!`, `: `
  /// and at least one character other than `\n` follow.
  static func type(of title: [Unicode.Scalar]) -> String? {
    func restMatches(_ index: Int) -> Bool {
      var cursor = index
      if cursor < title.count, title[cursor] == "!" { cursor += 1 }
      return cursor + 2 < title.count && title[cursor] == ":" && title[cursor + 1] == " "
        && title[cursor + 2] != "\n"
    }
    func scopeThenRest(_ index: Int) -> Bool {
      guard index < title.count, title[index] == "(" else { return false }
      // `\([^)]+?\)`: the scope ends at the first `)`, and holds one character at least.
      guard let close = title[(index + 1)...].firstIndex(of: ")"), close > index + 1 else { return false }
      return restMatches(close + 1)
    }
    var end = 1
    while end <= title.count, title[end - 1] != "(" {
      // The lazy type tries the scope first, then going without one.
      if scopeThenRest(end) || restMatches(end) {
        return String(String.UnicodeScalarView(title[..<end]))
      }
      end += 1
    }
    return nil
  }
}
