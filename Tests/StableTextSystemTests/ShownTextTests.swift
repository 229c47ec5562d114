import StableTextSystem
import Testing

/// Others' text as a line of the commands' text output shows it (Protocol/README.md, "Command
/// line"): whatever a repository's file, a commit or a server holds, the line stays one line
/// and says only what it says, and text that holds nothing to escape is shown as it is.
@Suite struct ShownTextTests {
  @Test(
    arguments: [
      // Plain text, and what only looks like an escape, unchanged.
      ("type-enum", "type-enum"),
      ("a:b::c # ## [x] \\n", "a:b::c # ## [x] \\n"),
      ("한국어 👩‍👩‍👧 café", "한국어 👩‍👩‍👧 café"),
      ("", ""),
      // Line breaks, tab and the terminal's controls.
      ("rule\nname", "rule\\nname"),
      ("a\r\nb", "a\\r\\nb"),
      ("a\tb", "a\\tb"),
      ("\u{1B}[2J\u{1B}]0;title\u{07}", "\\u{1B}[2J\\u{1B}]0;title\\u{7}"),
      ("nul\u{0}del\u{7F}c1\u{9B}", "nul\\u{0}del\\u{7F}c1\\u{9B}"),
      // Unicode's line and paragraph separators and the bidirectional controls.
      ("a\u{2028}b\u{2029}c\u{85}", "a\\u{2028}b\\u{2029}c\\u{85}"),
      (
        "\u{202E}txt.exe\u{202C} \u{2066}x\u{2069} \u{200F}\u{061C}",
        "\\u{202E}txt.exe\\u{202C} \\u{2066}x\\u{2069} \\u{200F}\\u{61C}"
      ),
      // GitHub's workflow commands: `##[` anywhere, `::` at a line's start.
      ("##[error]pwned", "##\\[error]pwned"),
      ("say ##[warning]x and ###[y", "say ##\\[warning]x and ###\\[y"),
      ("::error::pwned", "\\::error::pwned"),
      ("   ::set-output name=x::y", "   \\::set-output name=x::y"),
      ("x ::error::not at a start", "x ::error::not at a start"),
      ("a\n::error::b", "a\\n::error::b"),
    ])
  func escapesWhatATerminalOrALogActsOn(text: String, shown: String) {
    #expect(ShownText.escaped(text) == shown)
    // One line, with no scalar a terminal acts on.
    #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }

  /// In a GitHub workflow command's message, which the command's own escapes keep on its line:
  /// line breaks and words kept, the terminal's and the bidirectional controls escaped.
  @Test(
    arguments: [
      ("a\nb\r\nc", "a\nb\r\nc"),
      ("a\n::error::b ##[x]", "a\n::error::b ##[x]"),
      ("::error::at the start", "::error::at the start"),
      ("\u{1B}[31m\nred\t\u{202E}", "\\u{1B}[31m\nred\\t\\u{202E}"),
    ])
  func inAWorkflowCommandKeepsLineBreaksAndWords(text: String, shown: String) {
    #expect(ShownText.escapedInWorkflowCommand(text) == shown)
  }
}
