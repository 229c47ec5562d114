import StableTextServer

/// The help text, and the one way every command reports a usage error (stderr, exit 2).
enum Usage {
  static let text = """
    stabletext \(ServerInfo.version): a headless text-editing daemon speaking LSP over stdio

    USAGE:
      stabletext [--stdio] [--log-level LEVEL] [--log-file FILE] [--max-message-bytes N]
                 [--max-documents N] [--max-document-bytes N] [--max-total-bytes N]
      stabletext check [--preset gitCommit|none] [--max-length N|none] [--max-line-length N]
                       [--comment-prefix S] [--unit UNIT] [--ignore-final-newline] [--allow-empty]
                       [--column-unit display|byte] [--format text|json] FILE... (or - for stdin)
      stabletext conformance [--server CMD] [--timeout SECONDS] PATH...
      stabletext demo
      stabletext --version | --help

    DAEMON OPTIONS:
      --stdio                  Speak LSP on stdin/stdout (the default; accepted because editors pass it)
      --log-level LEVEL        error, warning, info (default) or debug; logs go to stderr
      --log-file FILE          Append logs to FILE instead of stderr
      --max-message-bytes N    Largest accepted message body (default 67108864 = 64 MiB)
      --max-documents N        Open documents at once (default 100000)
      --max-document-bytes N   Largest document, on open and after edits (default 134217728 = 128 MiB)
      --max-total-bytes N      All open documents together (default 1073741824 = 1 GiB)

    CHECK:
      Prints path:line:column: error|warning|note: message (1-based; the column in display
      columns, tabs every 8) and exits 1 when any error was found, 0 otherwise (warnings
      included), 2 on a usage or read error. Rules resolve as in the daemon, the file's name
      standing for its path: COMMIT_EDITMSG, MERGE_MSG, SQUASH_MSG and TAG_EDITMSG get the
      gitCommit preset (subject 50 columns, 72 at most; blank line 2; body 72; # comments and
      everything below the scissors line ignored). The options below come after that.
      --preset gitCommit|none  Use the git convention, or no preset at all
      --max-length N|none      Limit of the whole text (default 150; none under gitCommit)
      --max-line-length N      Every message line at most N columns, an error past it
      --comment-prefix S       Lines starting with S are comments, not counted
      --unit UNIT              graphemes (default), utf16, scalars, utf8 or columns
      --column-unit UNIT       display (default) or byte, for the printed column
      --ignore-final-newline   Do not count one final line terminator
      --allow-empty            Do not warn about text that is empty after trimming
      --format text|json       Output format (default text)

    CONFORMANCE:
      Runs the scripted sessions in PATH (*.session files, or folders of them) against a server
      command (default: this binary with --stdio), printing PASS/FAIL per session and a final
      "N passed, N failed" line; exits 1 when any failed.

    DEMO:
      Runs a scripted editing session through the real daemon and prints what happens.

    """

  static func fail(_ message: String) -> Int32 {
    Standard.error("stabletext: \(message)\n\n\(text)")
    return 2
  }
}
