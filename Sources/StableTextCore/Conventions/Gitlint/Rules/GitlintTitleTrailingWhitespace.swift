/// T2 `title-trailing-whitespace`: the title does not end in whitespace (Python's `\s$`).
public struct GitlintTitleTrailingWhitespace: GitlintLineRule {
  public init() {}
  public var id: String { "T2" }
  public var name: String { "title-trailing-whitespace" }
  public var target: GitlintLineTarget { .title }

  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    GitlintTrailingWhitespace.validate(line, id, "Title has trailing whitespace")
  }
}

/// gitlint's `TrailingWhiteSpace` (T2, B2): `\s$` searched, which holds when the last code point
/// is whitespace (a line never holds the `\n` before which `$` could also match).
enum GitlintTrailingWhitespace {
  static func validate(_ line: String, _ id: String, _ message: String) -> [GitlintViolation] {
    guard let last = line.unicodeScalars.last, GitlintText.isWhitespace(last) else { return [] }
    return [GitlintViolation(id, message, line)]
  }
}
