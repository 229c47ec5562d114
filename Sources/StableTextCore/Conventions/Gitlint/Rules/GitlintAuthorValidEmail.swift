/// M1 `author-valid-email`: the author's email, when known, matches `regex` (by default
/// `^[^@ ]+@[^@ ]+\.[^@ ]+`). The default is searched; another regex is searched, or matched
/// at the start when `[general] regex-style-search` is false.
public struct GitlintAuthorValidEmail: GitlintCommitRule {
  /// gitlint's `DEFAULT_AUTHOR_VALID_EMAIL_REGEX`.
  public static let defaultPattern = "^[^@ ]+@[^@ ]+\\.[^@ ]+"

  public var regexStyleSearch: Bool

  public init(regexStyleSearch: Bool = true) { self.regexStyleSearch = regexStyleSearch }
  public var id: String { "M1" }
  public var name: String { "author-valid-email" }
  public var optionSpecs: [GitlintOptionSpec] {
    [
      GitlintOptionSpec(
        "regex", .regex, .regex(GitlintRegex(checked: Self.defaultPattern)),
        "Regex that author email address should match")
    ]
  }

  public func validate(_ commit: GitlintCommit, _ options: GitlintOptions) -> [GitlintViolation] {
    guard let regex = options.regex("regex"), let email = commit.authorEmail, !email.isEmpty else {
      return []
    }
    let search = regexStyleSearch || regex.pattern == Self.defaultPattern
    guard !regex.matches(email, regexStyleSearch: search) else { return [] }
    return [GitlintViolation(id, "Author email for commit is invalid", email)]
  }
}
