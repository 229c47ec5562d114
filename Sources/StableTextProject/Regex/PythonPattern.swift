import StableTextConventions
import StableTextCore

/// A gitlint expression (Python's `re` syntax) spelled for PCRE2, which reads most of it as
/// Python does (`(?P<name>…)`, `(?P=name)`, lookbehind, conditionals, possessive quantifiers and
/// atomic groups; `$` before a final `\n`; `\w`, `\d` and `\b` over Unicode with `PCRE2_UCP`).
/// Where the two differ the pattern is rewritten to mean what it means in Python, and what
/// Python refuses PCRE2 is not given to read in its own way (Protocol/README.md, "gitlint's
/// rules"):
///
/// - `\Z` is Python's very end: PCRE2's `\z`. `\v` is the one character U+000B (PCRE2's is a
///   class). `\s` also takes U+001C–U+001F, as Python's does. `\uXXXX`, `\UXXXXXXXX` and `\xXX`
///   are written `\x{…}`; `{,n}` is `{0,n}`.
/// - A `[` inside a class is a literal `[` (PCRE2 would read `[:alpha:]`).
/// - An escape of an ASCII letter Python does not know (`\h`, `\K`, `\Q`, `\z`…), an extension
///   it does not know (`(?|`, `(?R)`, `(?C`, `(?<name>`…) and PCRE2's `(*VERB)`s are refused in
///   Python's words, as gitlint refuses them.
/// - Python's `(?a)` (ASCII classes) and `\N{NAME}` have no PCRE2 spelling: refused, saying so.
enum PythonPattern {
  /// The callout PCRE2 calls where it is written (`PCRE2Engine`'s step counter).
  static let callout = "(?C)"

  /// `pattern` for PCRE2, or Python's reason for refusing it.
  ///
  /// A callout is written at the start, at the start of every group and after every quantifier:
  /// wherever a match can start again, go round a loop or backtrack, so that the work between two
  /// callouts is at most a run of the pattern's plain items (and a scan that fails inside one
  /// item), and the callouts count every repetition. Not one before every item
  /// (`PCRE2_AUTO_CALLOUT`): that makes the compiled pattern about eight times as large, and a
  /// 10 KB alternation of words would no longer compile.
  static func translate(_ pattern: String) throws(GitlintRegexError) -> String {
    let scalars = Array(pattern.unicodeScalars)
    var out = String.UnicodeScalarView(callout.unicodeScalars)
    var index = 0
    /// Where the current class's first member is, when in one.
    var classStart: Int?
    /// Whether only global flags (`(?i)`) were read so far: Python reads them there only.
    var atStart = true
    func emit(_ text: String) { out.append(contentsOf: text.unicodeScalars) }
    /// After a quantifier: its lazy `?` or possessive `+`, then a callout.
    func endQuantifier() {
      if index < scalars.count, scalars[index] == "?" || scalars[index] == "+" {
        out.append(scalars[index])
        index += 1
      }
      emit(callout)
    }
    while index < scalars.count {
      let scalar = scalars[index]
      let wasAtStart = atStart
      atStart = false
      if scalar == "\\" {
        index = try escape(scalars, at: index, inClass: classStart != nil, into: &out)
        continue
      }
      if let start = classStart {
        if scalar == "]" && index > start {
          classStart = nil
          out.append(scalar)
        } else if scalar == "[" {
          emit("\\[")
        } else {
          out.append(scalar)
        }
        index += 1
        continue
      }
      switch scalar {
      case "[":
        out.append(scalar)
        // A `^` and then a `]` right after the opening are part of the class.
        var start = index + 1
        if start < scalars.count, scalars[start] == "^" {
          out.append("^")
          start += 1
          index += 1
        }
        classStart = start
        index += 1
      case "(":
        let global: Bool
        (index, global) = try group(scalars, at: index, atStart: wasAtStart, into: &out)
        atStart = wasAtStart && global
      case "*", "+", "?":
        out.append(scalar)
        index += 1
        endQuantifier()
      case "{":
        guard let end = repeatEnd(scalars, at: index) else {
          out.append(scalar)
          index += 1
          continue
        }
        // Python's `{,n}` (and `{,}`) repeats from 0; PCRE2 10.42 reads it as text.
        emit(scalars[index + 1] == "," ? "{0" : "{")
        out.append(contentsOf: scalars[(index + 1)..<end])
        index = end
        endQuantifier()
      default:
        out.append(scalar)
        index += 1
      }
    }
    return String(out)
  }

  /// Where a repeat `{m}`, `{m,}`, `{m,n}` or `{,n}` that starts at `index` ends (past its `}`),
  /// as Python's parser reads one; nil when the `{` is a literal (`{}`, `{x}`).
  private static func repeatEnd(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
    var cursor = index + 1
    while cursor < scalars.count, isDigit(scalars[cursor]) { cursor += 1 }
    if cursor < scalars.count, scalars[cursor] == "," {
      cursor += 1
      while cursor < scalars.count, isDigit(scalars[cursor]) { cursor += 1 }
    }
    guard cursor < scalars.count, scalars[cursor] == "}", cursor > index + 1 else { return nil }
    return cursor + 1
  }

  /// The escape at `index` (a backslash) written to `out`; where the pattern goes on.
  private static func escape(
    _ scalars: [Unicode.Scalar], at index: Int, inClass: Bool, into out: inout String.UnicodeScalarView
  ) throws(GitlintRegexError) -> Int {
    func emit(_ text: String) { out.append(contentsOf: text.unicodeScalars) }
    guard index + 1 < scalars.count else {
      throw GitlintRegexError("bad escape (end of pattern) at position \(index)")
    }
    let next = scalars[index + 1]
    func bad() -> GitlintRegexError {
      GitlintRegexError("bad escape \\\(next) at position \(index)")
    }
    switch next {
    case "Z":
      guard !inClass else { throw bad() }
      emit("\\z")
    case "A", "b", "B":
      // In a class Python's `\b` is a backspace, as PCRE2's is; `\A` and `\B` are refused.
      guard !inClass || next == "b" else { throw bad() }
      emit("\\\(next)")
    case "v":
      emit("\\x{0b}")
    case "s":
      emit(inClass ? "\\s\\x{1c}-\\x{1f}" : "[\\s\\x{1c}-\\x{1f}]")
    case "S":
      // In a class `\S` stays PCRE2's: it also takes U+001C–U+001F, which Python's does not.
      emit(inClass ? "\\S" : "[^\\s\\x{1c}-\\x{1f}]")
    case "x", "u", "U":
      let digits = next == "x" ? 2 : next == "u" ? 4 : 8
      let hex = scalars[(index + 2)...].prefix(digits)
      guard hex.count == digits, hex.allSatisfy(isHexDigit),
        let value = UInt32(String(String.UnicodeScalarView(hex)), radix: 16), value <= 0x10FFFF
      else {
        let written = String(
          String.UnicodeScalarView(scalars[index..<min(index + 2 + digits, scalars.count)]))
        throw GitlintRegexError(
          (hex.count == digits ? "bad escape " : "incomplete escape ") + written + " at position \(index)")
      }
      emit("\\x{" + String(value, radix: 16) + "}")
      return index + 2 + digits
    case "N":
      throw GitlintRegexError(
        "\\N at position \(index): a character's name (\\N{…}) cannot be read here; write the character")
    case "a", "d", "D", "f", "n", "r", "t", "w", "W":
      emit("\\\(next)")
    default:
      // Python: an ASCII letter it does not know is an error; any other character is itself.
      if next.isASCII, next.properties.isAlphabetic { throw bad() }
      out.append("\\")
      out.append(next)
    }
    return index + 2
  }

  /// The group opening at `index` written to `out` with a callout after its opener, refusing
  /// what Python does not read (global flags but `atStart`): where the pattern goes on, and
  /// whether it was global flags.
  private static func group(
    _ scalars: [Unicode.Scalar], at index: Int, atStart: Bool, into out: inout String.UnicodeScalarView
  ) throws(GitlintRegexError) -> (next: Int, globalFlags: Bool) {
    func emit(_ text: String) { out.append(contentsOf: text.unicodeScalars) }
    /// The scalars from `from` through the first `to` (or the end), as written.
    func copy(from: Int, through to: Unicode.Scalar) -> Int {
      var cursor = from
      while cursor < scalars.count {
        out.append(scalars[cursor])
        cursor += 1
        if scalars[cursor - 1] == to { break }
      }
      return cursor
    }
    let next = index + 1 < scalars.count ? scalars[index + 1] : nil
    if next == "*" { throw GitlintRegexError("nothing to repeat at position \(index + 1)") }
    guard next == "?" else {
      emit("(" + callout)
      return (index + 1, false)
    }
    let kind = index + 2 < scalars.count ? scalars[index + 2] : nil
    let after = index + 3 < scalars.count ? scalars[index + 3] : nil
    func unknown(_ length: Int) -> GitlintRegexError {
      let written = String(
        String.UnicodeScalarView(scalars[(index + 1)..<min(index + 1 + length, scalars.count)]))
      return GitlintRegexError("unknown extension \(written) at position \(index + 1)")
    }
    switch kind {
    case ":", "=", "!", ">":
      emit("(?" + String(kind!) + callout)
      return (index + 3, false)
    case "#":
      // A comment, to its `)`; it keeps the start a start.
      return (copy(from: index, through: ")"), atStart)
    case "(":
      // A condition (a group's number or name), then the branches.
      let end = copy(from: index, through: ")")
      emit(callout)
      return (end, false)
    case "<":
      guard after == "=" || after == "!" else { throw unknown(3) }
      emit("(?<" + String(after!) + callout)
      return (index + 4, false)
    case "P":
      switch after {
      case "<":
        // `(?P<name>`: the name, then the group's callout.
        let end = copy(from: index, through: ">")
        emit(callout)
        return (end, false)
      case "=":
        // `(?P=name)`: a back-reference.
        return (copy(from: index, through: ")"), false)
      case nil: throw GitlintRegexError("unexpected end of pattern at position \(index + 3)")
      default: throw unknown(3)
      }
    default:
      // Flags: `(?imsx)`, `(?i-s:…)`. `u` changes nothing in Python 3; `a` (ASCII classes)
      // has no PCRE2 spelling; `L` is for bytes patterns only.
      var cursor = index + 2
      var flags = ""
      while cursor < scalars.count, "aiLmsux-".unicodeScalars.contains(scalars[cursor]) {
        let flag = scalars[cursor]
        if flag == "a" {
          throw GitlintRegexError(
            "(?a) at position \(index): Python's ASCII-only classes cannot be read here; write [a-zA-Z0-9_] for \\w"
          )
        }
        if flag == "L" { throw GitlintRegexError("bad inline flags: cannot use 'L' flag with a str pattern") }
        if flag != "u" { flags.unicodeScalars.append(flag) }
        cursor += 1
      }
      guard cursor > index + 2, cursor < scalars.count, scalars[cursor] == ")" || scalars[cursor] == ":"
      else {
        throw unknown(2)
      }
      guard scalars[cursor] == ":" else {
        guard atStart else {
          throw GitlintRegexError("global flags not at the start of the expression at position \(index)")
        }
        if !flags.isEmpty { emit("(?" + flags + ")") }
        return (cursor + 1, true)
      }
      emit("(?" + flags + ":" + callout)
      return (cursor + 1, false)
    }
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  private static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
    isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
  }
}
