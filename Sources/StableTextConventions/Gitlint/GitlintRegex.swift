/// A regular expression of a gitlint option (`title-match-regex.regex`), read as Python's `re`
/// reads it, in the part of that syntax Swift's `Regex` shares (Protocol/README.md, "Team
/// conventions"): it matches code points as Python does (not grapheme clusters), `\b` is the
/// simple boundary between `\w` and `\W`, `.` is any code point but `\n`, `$` holds at the end or
/// before a final `\n` and `\Z` only at the very end (unless the pattern sets `(?s)` or `(?m)`,
/// which Swift then reads itself). What Swift's `Regex` does not parse is refused as gitlint refuses
/// an invalid expression. Known differences that remain: Python's `\s` also matches U+001C–U+001F;
/// `\w` and `\d` are Swift's (Python's also take other scripts' digits and numerals, `²`, `٤`);
/// a pattern with `\b` or `\B` matches grapheme clusters (Swift's simple boundary is wrong about
/// digits otherwise); lookbehind, `(?P=name)` back-references and conditionals are not read.
package struct GitlintRegex: Hashable, Sendable, CustomStringConvertible {
  /// The expression as configured; gitlint's messages quote it (`Title does not match regex (…)`).
  package let pattern: String
  /// The pattern in Swift's spelling.
  let swiftPattern: String
  /// Whether the pattern holds `\b` or `\B`: Swift's simple word boundary counts digits as word
  /// characters only when matching grapheme clusters, so such a pattern is matched by clusters
  /// (the one difference left: a boundary before a combining mark, which Python sees and a
  /// cluster hides).
  let usesWordBoundary: Bool

  /// Reads `pattern`, failing with gitlint's wording (`Invalid regular expression: '…'`) when Swift
  /// cannot compile it.
  package init(_ pattern: String) throws(GitlintOptionError) {
    self.pattern = pattern
    (self.swiftPattern, self.usesWordBoundary) = Self.translate(pattern)
    do {
      _ = try Regex(swiftPattern)
    } catch {
      throw GitlintOptionError("Invalid regular expression: '\(error)'")
    }
  }

  /// A pattern known to compile (the rules' own defaults).
  init(checked pattern: String) {
    self.pattern = pattern
    (self.swiftPattern, self.usesWordBoundary) = Self.translate(pattern)
  }

  /// The pattern as configured.
  package var description: String { pattern }

  package static func == (first: GitlintRegex, second: GitlintRegex) -> Bool {
    first.pattern == second.pattern
  }
  package func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

  /// `re.search`: a match anywhere in `text`.
  package func search(_ text: String) -> Bool {
    guard let regex = compiled() else { return false }
    return ((try? regex.firstMatch(in: text)) ?? nil) != nil
  }

  /// `re.match`: a match at the start of `text` (gitlint's ignore rules with
  /// `regex-style-search=false`).
  package func match(_ text: String) -> Bool {
    guard let regex = compiled() else { return false }
    return ((try? regex.prefixMatch(in: text)) ?? nil) != nil
  }

  /// Compiled where it is used: Swift's `Regex` is not `Sendable`, this value is shared by
  /// configurations that cross threads, and the core may use the standard library alone (a lock
  /// to keep compiled expressions would need the Synchronization module, which iOS has only from
  /// version 18). About 0.07 ms a publish with a T7 pattern (docs/performance.md).
  private func compiled() -> Regex<AnyRegexOutput>? {
    guard let regex = try? Regex(swiftPattern) else { return nil }
    return regex.matchingSemantics(usesWordBoundary ? .graphemeCluster : .unicodeScalar).wordBoundaryKind(
      .simple)
  }

  /// Python's spelling in Swift's: outside a character class `$` becomes `\Z` and `.` becomes
  /// `[^\n]` (Swift's `$` holds only at the very end and its `.` skips every line terminator), and
  /// Python's `\Z` (the very end) becomes `\z`; inside a class a `[` or a leading `]` is literal
  /// in Python and is escaped for Swift, which would read a nested class.
  static func translate(_ pattern: String) -> (pattern: String, usesWordBoundary: Bool) {
    let scalars = Array(pattern.unicodeScalars)
    let flags = inlineFlags(scalars)
    var out = String.UnicodeScalarView()
    var index = 0
    var inClass = false
    var classStart = 0
    var usesWordBoundary = false
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\", index + 1 < scalars.count {
        let next = scalars[index + 1]
        if !inClass, next == "Z" {
          out.append(contentsOf: "\\z".unicodeScalars)
        } else {
          if !inClass, next == "b" || next == "B" { usesWordBoundary = true }
          out.append(scalar)
          out.append(next)
        }
        index += 2
        continue
      }
      if inClass {
        if scalar == "]", index > classStart {
          inClass = false
          out.append(scalar)
        } else if scalar == "[" || scalar == "]" {
          out.append("\\")
          out.append(scalar)
        } else {
          out.append(scalar)
        }
        index += 1
        continue
      }
      switch scalar {
      case "[":
        inClass = true
        out.append(scalar)
        // A `^` and then a `]` right after the opening are part of the class.
        classStart = index + 1
        if classStart < scalars.count, scalars[classStart] == "^" {
          out.append("^")
          classStart += 1
          index += 1
        }
      case "$" where !flags.multiline:
        out.append(contentsOf: "\\Z".unicodeScalars)
      case "." where !flags.dotAll:
        out.append(contentsOf: "[^\\n]".unicodeScalars)
      default:
        out.append(scalar)
      }
      index += 1
    }
    return (String(out), usesWordBoundary)
  }

  /// Whether the pattern sets Python's `m` or `s` flag inline (`(?m)`, `(?si:…)`).
  private static func inlineFlags(_ scalars: [Unicode.Scalar]) -> (multiline: Bool, dotAll: Bool) {
    var multiline = false
    var dotAll = false
    var index = 0
    while index + 2 < scalars.count {
      if scalars[index] == "(", scalars[index + 1] == "?" {
        var cursor = index + 2
        while cursor < scalars.count, "aiLmsux".unicodeScalars.contains(scalars[cursor]) {
          if scalars[cursor] == "m" { multiline = true }
          if scalars[cursor] == "s" { dotAll = true }
          cursor += 1
        }
      }
      index += 1
    }
    return (multiline, dotAll)
  }
}
