/// What text the other checks count and read ("Lines, comments and commit messages"): one final
/// terminator left out (`ignoreFinalNewline`), comment lines (`commentPrefix`) and the end marker
/// and all after it (`endMarker`). A setting: it reports nothing of its own.
struct MessageLinesSetting: RuleCheck {
  var fields: [RuleField] {
    [
      RuleField(
        "ignoreFinalNewline", .boolean, \.ignoreFinalNewline, \.ignoreFinalNewline,
        option: "--ignore-final-newline", help: "Do not count one final line terminator",
        meaning:
          "do not count exactly one final `\\r\\n`, `\\n` or `\\r` (editors write one the user never typed; the editor defaults set it)",
        read: { $0.bool }, write: { .bool($0) }
      ).documented(
        readme:
          "do not count one final line terminator (editors and git write one the user never typed: the editor defaults set it)",
        manual: "Do not count one final line terminator (the default; see `--count-final-newline`)."),
      RuleField(
        "commentPrefix", .string(maxBytes: 1_024, nonEmpty: true, singleLine: true, nullable: true),
        \.commentPrefix, \.commentPrefix, option: "--comment-prefix",
        help: "Lines starting with this are comments, not counted",
        meaning:
          "a line whose content starts with it is a comment line (\"Lines, comments and commit messages\")",
        read: { $0.string },
        write: { .string($0) }
      ).documented(
        readme: "lines starting with it are comments, not counted",
        manual: "Lines starting with *S* are comments, not counted."),
      RuleField(
        "endMarker", .string(maxBytes: 1_024, nonEmpty: true, singleLine: true, nullable: true),
        \.endMarker, \.endMarker, option: "--end-marker",
        help: "The first line equal to this, and all after it, are ignored",
        meaning:
          "the first line whose content equals it, and every line after it, are ignored (\"Lines, comments and commit messages\")",
        read: { $0.string }, write: { .string($0) }
      ).documented(
        readme: "this line and everything after it are ignored",
        manual: "The first line equal to *S*, and all after it, are ignored."),
    ]
  }
}
