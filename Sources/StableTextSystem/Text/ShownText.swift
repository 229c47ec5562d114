/// Text that someone else wrote (a repository's configuration, a commit, a language server's
/// answer or its stderr) as a line of this program's text output shows it: whatever it holds, it
/// stays on its line and says only what it says (Protocol/README.md, "Command line", "Others'
/// text in the output").
///
/// A terminal acts on control characters (ESC starts a sequence that can repaint the screen or
/// retitle the window, BEL rings, CR returns to the line's start and overwrites it), a line break
/// starts a line that looks like the program's own, and the bidirectional controls reorder what
/// is shown. A CI log acts on lines too: GitHub Actions reads `::command::` at a line's start
/// (after spaces) and `##[command]` anywhere in a line as workflow commands. So each of these is
/// written as an escape, and text without any is shown exactly as it is.
public enum ShownText {
  /// `text` with every control character written as an escape (`\n`, `\r`, `\t`, else
  /// `\u{1B}`), and DEL, C1 controls, U+2028/U+2029 and the bidirectional controls
  /// (U+061C, U+200E/U+200F, U+202A–U+202E, U+2066–U+2069) as `\u{…}`; `##[` as `##\[` and a `::`
  /// that would start the line (after spaces) as `\::`.
  public static func escaped(_ text: String) -> String {
    guard needsEscaping(text, inWorkflowCommand: false) else { return text }
    return escape(text, inWorkflowCommand: false)
  }

  /// `text` as the message of a GitHub workflow command (`::error::TEXT`), before the command's
  /// own escapes (`%`, CR and LF, which GitHub turns back into the message's line breaks): the
  /// controls other than CR and LF and the bidirectional controls escaped as `escaped` does. The
  /// command is one line that GitHub reads as a command from its start, so `::` and `##[` in it
  /// are words, kept.
  public static func escapedInWorkflowCommand(_ text: String) -> String {
    guard needsEscaping(text, inWorkflowCommand: true) else { return text }
    return escape(text, inWorkflowCommand: true)
  }

  private static func escape(_ text: String, inWorkflowCommand: Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    let scalars = Array(text.unicodeScalars)
    // Whether only spaces came since the start (where `::` opens a command).
    var atLineStart = !inWorkflowCommand
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      index += 1
      if atLineStart && scalar == ":" && next == ":" {
        result += "\\:"
        atLineStart = false
        continue
      }
      if !inWorkflowCommand && scalar == "#" && next == "#" && index + 1 < scalars.count
        && scalars[index + 1] == "["
      {
        result += "##\\["
        index += 2
        continue
      }
      switch scalar {
      case "\n" where inWorkflowCommand, "\r" where inWorkflowCommand: result.unicodeScalars.append(scalar)
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where isEscaped(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
      atLineStart = atLineStart && scalar == " "
    }
    return result
  }

  /// Whether `escape` changes `text`: the common case costs one pass and no copy.
  private static func needsEscaping(_ text: String, inWorkflowCommand: Bool) -> Bool {
    if !inWorkflowCommand && text.unicodeScalars.drop(while: { $0 == " " }).starts(with: "::".unicodeScalars)
    {
      return true
    }
    var hashes = 0
    for scalar in text.unicodeScalars {
      if inWorkflowCommand && (scalar == "\n" || scalar == "\r") { continue }
      if isEscaped(scalar) || (!inWorkflowCommand && scalar == "[" && hashes >= 2) { return true }
      hashes = scalar == "#" ? hashes + 1 : 0
    }
    return false
  }

  /// The scalars written as an escape: controls (tab and line breaks included), DEL, C1, the
  /// line and paragraph separators, and the bidirectional marks, embeddings, overrides and
  /// isolates.
  static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
