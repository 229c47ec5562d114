/// `check --commits`' `--ignore-author REGEX` (repeatable): a commit whose author matches any of
/// the expressions is skipped, not checked (a bot's commits: dependabot, renovate). An expression
/// is searched for, unanchored (as gitlint's I4 `ignore-by-author-name` searches), in the author
/// as git prints it, `Name <email>` (`%an <%ae>`), so that `dependabot`, `\[bot\]` or
/// `@users\.noreply\.github\.com>$` all work; anchor it (`^dependabot\[bot\] <`) to match the
/// name alone. The syntax is Swift's `Regex` (Perl-like: `\d`, `(?i)`, `[[:alpha:]]`, lookahead;
/// Protocol/README.md, "Command line").
struct AuthorFilter {
  /// The expressions as given, each with its compiled form.
  private var expressions: [(source: String, regex: Regex<AnyRegexOutput>)] = []

  /// Whether no expression was given.
  var isEmpty: Bool { expressions.isEmpty }

  /// Adds `source`, or says why it is not a regular expression.
  mutating func add(_ source: String) -> String? {
    do {
      expressions.append((source, try Regex(source)))
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Whether the author `name` `<email>` matches an expression.
  func matches(name: String?, email: String?) -> Bool {
    guard !expressions.isEmpty else { return false }
    let author = "\(name ?? "") <\(email ?? "")>"
    return expressions.contains { (try? $0.regex.firstMatch(in: author)) != nil }
  }
}
