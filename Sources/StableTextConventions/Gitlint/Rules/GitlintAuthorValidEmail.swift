/// M1 `author-valid-email`: the author's email, when known, matches `regex` (by default
/// `^[^@ ]+@[^@ ]+\.[^@ ]+`). The default is searched; another regex is matched at the start, or
/// searched when `[general] regex-style-search` is true.
package struct GitlintAuthorValidEmail: GitlintCommitRule {
  /// gitlint's `DEFAULT_AUTHOR_VALID_EMAIL_REGEX`.
  package static let defaultPattern = "^[^@ ]+@[^@ ]+\\.[^@ ]+"

  /// `[general] regex-style-search`: a custom regex is searched (true) or matched at the start.
  package var regexStyleSearch: Bool

  /// The rule under `[general] regex-style-search` (false: gitlint 0.19.1's default).
  package init(regexStyleSearch: Bool = false) { self.regexStyleSearch = regexStyleSearch }
  /// gitlint's id for the rule.
  package var id: String { "M1" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  package var name: String { "author-valid-email" }
  /// The options gitlint declares for the rule, with their types and defaults.
  package var optionSpecs: [GitlintOptionSpec] {
    [
      GitlintOptionSpec(
        "regex", .regex, .regex(GitlintRegex(checked: Self.defaultPattern)),
        "Regex that author email address should match")
    ]
  }

  /// gitlint's deprecation warning, when a custom regex is matched at the start.
  package func warning(_ options: GitlintOptions) -> String? {
    guard let regex = options.regex("regex"), regex.pattern != Self.defaultPattern, !regexStyleSearch else {
      return nil
    }
    return GitlintRegex.matchDeprecationWarning(self)
  }

  /// The commit's violations, worded and numbered as gitlint words and numbers them.
  package func validate(
    _ commit: GitlintCommit, _ options: GitlintOptions, _ budget: inout GitlintMatchBudget
  )
    -> [GitlintViolation]
  {
    guard let regex = options.regex("regex"), let email = commit.authorEmail, !email.isEmpty else {
      return []
    }
    if regex.pattern == Self.defaultPattern {
      if Self.matchesDefault(email) { return [] }
    } else if regex.matches(email, regexStyleSearch: regexStyleSearch, &budget) {
      return []
    }
    return [GitlintViolation(id, "Author email for commit is invalid", email)]
  }

  /// `^[^@ ]+@[^@ ]+\.[^@ ]+` searched, without compiling it for every commit: a non-empty run
  /// of characters other than `@` and space, an `@`, then a run of such characters holding a `.`
  /// with one at least on either side (no part of the pattern can cross an `@` or a space).
  static func matchesDefault(_ email: String) -> Bool {
    let scalars = Array(email.unicodeScalars)
    func isPlain(_ scalar: Unicode.Scalar) -> Bool { scalar != "@" && scalar != " " }
    guard let at = scalars.firstIndex(where: { !isPlain($0) }), at > 0, scalars[at] == "@" else {
      return false
    }
    let domain = scalars[(at + 1)...].prefix(while: isPlain)
    let start = domain.startIndex
    return domain.indices.contains { index in
      domain[index] == "." && index > start && index < domain.endIndex - 1
    }
  }
}
