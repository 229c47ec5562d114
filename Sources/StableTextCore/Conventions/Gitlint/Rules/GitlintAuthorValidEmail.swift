/// M1 `author-valid-email`: the author's email, when known, matches `regex` (by default
/// `^[^@ ]+@[^@ ]+\.[^@ ]+`). The default is searched; another regex is matched at the start, or
/// searched when `[general] regex-style-search` is true.
public struct GitlintAuthorValidEmail: GitlintCommitRule {
  /// gitlint's `DEFAULT_AUTHOR_VALID_EMAIL_REGEX`.
  public static let defaultPattern = "^[^@ ]+@[^@ ]+\\.[^@ ]+"

  /// `[general] regex-style-search`: a custom regex is searched (true) or matched at the start.
  public var regexStyleSearch: Bool

  /// The rule under `[general] regex-style-search` (false: gitlint 0.19.1's default).
  public init(regexStyleSearch: Bool = false) { self.regexStyleSearch = regexStyleSearch }
  /// gitlint's id for the rule.
  public var id: String { "M1" }
  /// gitlint's name for the rule, which `.gitlint` may use instead of its id.
  public var name: String { "author-valid-email" }
  /// The options gitlint declares for the rule, with their types and defaults.
  public var optionSpecs: [GitlintOptionSpec] {
    [
      GitlintOptionSpec(
        "regex", .regex, .regex(GitlintRegex(checked: Self.defaultPattern)),
        "Regex that author email address should match")
    ]
  }

  /// gitlint's deprecation warning, when a custom regex is matched at the start.
  public func warning(_ options: GitlintOptions) -> String? {
    guard let regex = options.regex("regex"), regex.pattern != Self.defaultPattern, !regexStyleSearch else {
      return nil
    }
    return GitlintRegex.matchDeprecationWarning(self)
  }

  /// The commit's violations, worded and numbered as gitlint words and numbers them.
  public func validate(_ commit: GitlintCommit, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let regex = options.regex("regex"), let email = commit.authorEmail, !email.isEmpty else {
      return []
    }
    let search = regexStyleSearch || regex.pattern == Self.defaultPattern
    guard !regex.matches(email, regexStyleSearch: search) else { return [] }
    return [GitlintViolation(id, "Author email for commit is invalid", email)]
  }
}
