import StableTextCore
import StableTextJSON
import StableTextServer
import StableTextSystem

/// The help text, and the one way every command reports a usage error (stderr, exit 2).
enum Usage {
  /// The whole help (`stabletext --help`): every command's usage, then the daemon's options and
  /// each command's section.
  static let text = """
    stabletext \(ServerInfo.version) \(summary)

    USAGE:
    \(daemonUsage)
    \(Command.allCases.map(\.usage).joined(separator: "\n"))
      stabletext --version | --help

    DAEMON OPTIONS:
    \(daemonOptions)
      SIGTERM, SIGINT and SIGHUP end the daemon after what it owes is written: exit 128 + the signal.

    \(Command.allCases.map { $0.section + "\n" }.joined(separator: "\n"))
    """

  /// What the tool is, in one line: the help's first line, the manual page's NAME, and the
  /// README's first paragraph say it (a test compares them).
  static let summary =
    "checks the length of text where it is written: a language server for editors, and a checker for git hooks and CI"

  /// The commands that have a section of the help, in its order.
  enum Command: String, CaseIterable {
    case check, rules, `init`, conformance, mcp, demo

    /// Its usage lines, as `--help` lists them.
    var usage: String {
      switch self {
      case .check:
        return """
            stabletext check [RULE OPTIONS] [--max-line-length N] [--allow-empty | --require-non-empty]
                             [--count-final-newline] [--verbose] [--fix] [--strict-config]
                             [--column-unit display|byte] [--encoding NAME] [--input-encoding NAME]
                             [--format text|json|github] FILE... (or - for stdin) | --commits RANGE
                             [--ignore-author REGEX]...
          """
      case .rules:
        return """
            stabletext rules [--format text|json] [RULE OPTIONS] [--max-line-length N] [--allow-empty |
                             --require-non-empty] [--count-final-newline] [--encoding NAME] PATH...
          """
      case .`init`: return "  stabletext init [--dry-run] [--force]"
      case .conformance:
        return """
            stabletext conformance [--server CMD] [--profile NAME] [--transport stdio|pipe|socket|websocket]
                                   [--timeout SECONDS] [--initialize-timeout SECONDS] [--jobs N]
                                   [--max-message-bytes N] [--junit FILE] [--results FILE] [--fail-on LEVEL]
                                   [--baseline FILE] [--init-options JSON] [--root DIR] [--language ID]
                                   [--samples FOLDER] [--verbose] [--list] [PATH...]
          """
      case .mcp: return "  stabletext mcp [--log-level LEVEL] [--log-file FILE] [--max-message-bytes N]"
      case .demo: return "  stabletext demo [--web [--port N]]"
      }
    }

    /// One line of usage for a usage error: what the command takes, shortly.
    var synopsis: String {
      switch self {
      case .check: return "stabletext check [OPTIONS] FILE... | --commits RANGE"
      case .rules: return "stabletext rules [--format text|json] [RULE OPTIONS] PATH..."
      case .`init`: return "stabletext init [--dry-run] [--force]"
      case .conformance: return "stabletext conformance [OPTIONS] [PATH...]"
      case .mcp: return "stabletext mcp [--log-level LEVEL] [--log-file FILE] [--max-message-bytes N]"
      case .demo: return "stabletext demo [--web [--port N]]"
      }
    }

    /// Its section of the whole help.
    var section: String {
      switch self {
      case .check: return Usage.checkSection
      case .rules: return Usage.rulesSection
      case .`init`: return Usage.initSection
      case .conformance: return Usage.conformanceSection
      case .mcp: return Usage.mcpSection
      case .demo: return Usage.demoSection
      }
    }

    /// `stabletext COMMAND --help`: its usage and its section, the options it reads among them
    /// (`rules` reads `check`'s rule options, listed again). `conformance` has a help of its own.
    var help: String {
      var text = "USAGE:\n\(usage)\n\n\(section)\n"
      if self == .rules { text += "\nOPTIONS (as check's):\n\(Usage.ruleOptionLines)\n" }
      return text
    }
  }

  static let checkSection = """
    CHECK:
      Prints path:line:column: error|warning|note: message (1-based; the column in display
      columns, tabs every 8) and exits 1 when any error was found, 0 otherwise (warnings
      included), 2 on a usage or read error (a file that cannot be read, is not UTF-8, or is
      over 2147483647 bytes) or an invalid configuration file. Every diagnostic is printed (no \(RuleField.lineDiagnosticsCap.name) cap), as it is
      found. Rules resolve as in the daemon, the file's name
      standing for its path: COMMIT_EDITMSG, MERGE_MSG, SQUASH_MSG and TAG_EDITMSG get the
      gitCommit preset (subject 50 columns, 72 at most; blank line 2; body 72; # comments and
      everything below the scissors line ignored). The nearest .stabletext.json in the file's
      folder or above it, and .editorconfig's max_line_length and tab width, apply as in the
      daemon, and a team's commitlint or gitlint file for commit messages. A configuration
      file its own tool would refuse is an error, FILE:LINE:COL: error: …, and exits 2 with
      the file unjudged; a part StableText cannot honour is a warning, FILE:LINE:COL: warning:
      … is not honoured: …; the rest applies, and the file is judged by the rest. The options
      below come last. It starts
      from the editor defaults (no limit, no blank-text warning, one final line terminator not
      counted): a file that no preset, configuration file or option covers gets nothing.
    \(ruleOptionLines)
      --verbose                Say on stderr which files no rule covers
      --strict-config          A part of a configuration file not honoured exits 2 too (for CI)
      --fix                    Write the fixes with one right answer to the FILEs (the sign-off
                               from git's identity, a type's case, a full stop, the header's
                               white space), print FILE:LINE: fixed CODE for each, then check
                               what remains (never with --commits or -)
      --column-unit UNIT       display (default) or byte, for the printed column
      --encoding NAME          The text's encoding: the file is read in it (any iconv name;
                               default UTF-8, or git's i18n.commitEncoding for a commit
                               message), and when it is one of UTF-8, UTF-16, UTF-32, CP949,
                               EUC-KR, Shift_JIS, GB18030, ISO-8859-1, windows-1252, bytes count
                               in it and each character must be writable in it [unencodable]
      --input-encoding NAME    Read the file in NAME, counting as the rules say
      --format FORMAT          text (default), json, or github (GitHub Actions workflow commands)
      --commits RANGE          Check the message of every commit in git rev-list RANGE, oldest
                               first, with the rules of the repository's .git/COMMIT_EDITMSG;
                               prints SHA:line:column: … (SHA's first 12 digits)
      --ignore-author REGEX    With --commits: skip the commits whose author, "Name <email>",
                               matches REGEX (Swift Regex syntax, searched; repeatable); says
                               how many were skipped
    """

  /// The rule options `check` and `rules` read (`RuleOptions`): the rule table's, then the four
  /// of their own.
  static var ruleOptionLines: String {
    ruleOptions + "\n" + """
        --max-line-length N      Every message line at most N columns, an error past it
        --allow-empty            Do not warn about text that is empty after trimming (the default)
        --require-non-empty      Warn about text that is empty after trimming (the commit preset does)
        --count-final-newline    Count a final line terminator (by default one is not counted)
      """
  }

  static let rulesSection = """
    RULES:
      For each PATH, the rules check applies to it (and the daemon to a file: document there,
      started with initializationOptions.defaults "editor"), one field a line with the layer its
      value came from: editor defaults, preset gitCommit (and the layer that named it), a built-in
      override, .editorconfig [section] with its file, .stabletext.json rules or
      overrides[i] (with its pattern and the file), git core.commentChar, or the command line
      (the rule options above, last). Then whether any rule covers the path (can report
      something). Rules are by path: PATH need not exist and is not read. --format json prints
      one array: [{"path", "covered", "rules": {FIELD: {"value", "from"}}}]. An invalid
      configuration file exits 2, as check does.
    """

  static let initSection = """
    INIT:
      In a git work tree: reads the messages of the last 1000 non-merge commits, prints the share
      of them that each subject and body line limit (50, 72, 80, 100 columns, and the history's
      95th percentile) would have refused, writes .stabletext.json at the top of the work tree
      (git's message files get the gitCommit preset, with its limits where at least 95% of the
      commits are within them, else the smallest candidate that 95% are within), and installs the
      commit-msg hook (stabletext check "$1") in core.hooksPath, or the repository's hooks. Where
      a commitlint or gitlint file decides the messages, the table is in that tool's unit (UTF-16
      code units, characters), the file is named with the share its error rules refuse, and
      .stabletext.json gets no line rule of its own. Configuration problems are said as check
      says them; an invalid file exits 2 and changes nothing. Under husky the check is added to
      .husky/commit-msg; with pre-commit or lefthook the entry to add is printed and no git hook
      is written. A file init did not write, or wrote and the user edited since, is left alone
      (a hook is named, with the line to add to it) unless --force. --dry-run prints the table
      and what would be written, changing nothing. Outside a work tree (or in a bare repository
      or a .git folder) it exits 2.
    """

  static let conformanceSection = """
    CONFORMANCE:
      Runs the scripted sessions in PATH (*.session files, or folders of them; without one, the
      installed sessions in PREFIX/share/stabletext/conformance) against a server
      command (default: this binary with --stdio), printing PASS/FAIL per session and a final
      "N passed, N failed" line; exits 1 when any failed (with --fail-on must, only a MUST's;
      with --baseline, only a new one). Profiles: lsp-core (any LSP server), stableText (every
      session). See stabletext conformance --help.
    """

  static let mcpSection = """
    MCP:
      Serves check's verdicts to coding agents over the Model Context Protocol on stdin and
      stdout (one JSON-RPC message a line; revisions 2026-07-28, 2025-11-25, 2025-06-18): the
      tools check_message, fix_message, explain_rules and complete_header, each given the path of
      the repository the message will be committed from. Writes nothing; exits 0 at the end of
      its input.
    """

  static let demoSection = """
    DEMO:
      Runs a scripted editing session through the real daemon and prints what happens. With
      --web, serves the page on the WebSocket port (--port N, default any free one) and prints
      its URL, until interrupted.
    """

  /// RULE OPTIONS: one line per rule that has an option in `RuleTable`.
  static var ruleOptions: String {
    RuleTable.fields.compactMap { field -> String? in
      guard let option = field.option else { return nil }
      let left = "  " + option + field.optionArgument
      return left + String(repeating: " ", count: max(1, 27 - left.count)) + field.help
    }.joined(separator: "\n")
  }

  /// What a rule option's value must be, for its error message.
  static func expectation(_ kind: RuleKind) -> String {
    switch kind {
    case .integer(let range, let nullable):
      let number =
        range.upperBound == .max
        ? (range.lowerBound == 0 ? "a non-negative number" : "a number of at least \(range.lowerBound)")
        : "a number from \(range.lowerBound) to \(range.upperBound)"
      return nullable ? number + " or none" : number
    case .boolean: return "no value"
    case .string(let maxBytes, let nonEmpty, let singleLine, _):
      return (nonEmpty ? "a non-empty string" : "a string") + " of at most \(maxBytes) bytes"
        + (singleLine ? " on one line" : "")
    case .choice(let names, let nullable):
      let all = names + (nullable ? ["none"] : [])
      return all.count == 2 ? "\(all[0]) or \(all[1])" : "one of " + all.joined(separator: ", ")
    case .lineRules: return "a JSON array of line rules"
    case .choiceList(let names, _):
      return "a comma-separated list of " + names.joined(separator: ", ") + ", or none"
    case .trailerTokens: return "a trailer token (ASCII letters, digits and -, not starting with -)"
    case .encoding: return "one of " + CharacterEncoding.all.map(\.name).joined(separator: ", ")
    }
  }

  /// The daemon's two usage lines, from `DaemonOption.all`: the byte-stream transports with
  /// the options of every transport, then the WebSocket transport with its own.
  static var daemonUsage: String {
    let options = DaemonOption.all
    let streams = options.filter { $0.scope == .byteStream }.map(\.form).joined(separator: " | ")
    let every = options.filter { $0.scope == .everyTransport }.map(usageItem)
    let webSocket =
      options.filter { $0.scope == .webSocketTransport }.map(\.form)
      + options.filter { $0.scope == .webSocket }.map(usageItem) + ["[DAEMON OPTIONS]"]
    return [wrapped(["[\(streams)]"] + every), wrapped(webSocket)].joined(separator: "\n")
  }

  /// `[--name ARG]`, `[--name ARG]...` for a repeatable one.
  private static func usageItem(_ option: DaemonOption) -> String {
    "[\(option.form)]" + (option.repeatable ? "..." : "")
  }

  /// `  stabletext ITEM…`, wrapped before 104 columns under the first item.
  private static func wrapped(_ items: [String]) -> String {
    let indent = "  " + String(repeating: " ", count: "stabletext ".count)
    var lines: [String] = []
    var line = "  stabletext"
    for item in items {
      if line.count + 1 + item.count > 103 && line != "  stabletext" {
        lines.append(line)
        line = indent + item
      } else {
        line += " " + item
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// DAEMON OPTIONS: each option's form, then its help lines, from `DaemonOption.all`.
  static var daemonOptions: String {
    DaemonOption.all.map { option in
      let column = option.form + String(repeating: " ", count: max(2, 25 - option.form.count))
      let rest = option.help.dropFirst().map { String(repeating: " ", count: 27) + $0 }
      return (["  \(column)\(option.help[0])"] + rest).joined(separator: "\n")
    }
    .joined(separator: "\n")
  }

  /// A usage error: the problem in one line, then one line of usage that says where every
  /// option is told (not the whole help, which would bury the problem), exit 2.
  static func fail(_ message: String, command: Command? = nil) -> Int32 {
    let synopsis =
      command?.synopsis
      ?? "stabletext [--stdio | --pipe=NAME | --socket=PORT | --websocket=PORT] [DAEMON OPTIONS]"
    let help = command.map { "stabletext \($0.rawValue) --help" } ?? "stabletext --help"
    Standard.error("stabletext: \(message)\nusage: \(synopsis) (\(help) lists every option)\n")
    return 2
  }

  /// What the daemon says when its standard input is a terminal: a person, not an editor,
  /// started it.
  static let terminalHint = """
    stabletext: this is a language server: it speaks LSP on standard input and output, and an editor
    starts it (README, "Using it from an editor"). To check a file, stabletext check FILE; to see it
    work, stabletext demo; all options, stabletext --help. Waiting for LSP messages here (Ctrl-D ends).

    """

  /// A first argument that is not an option and names no command: one line saying so and
  /// which commands there are (not the whole help), exit 2.
  static func unknownCommand(_ word: String, commands: [String]) -> Int32 {
    let quoted = Echo.clipped(word, to: Echo.maxQuotedBytes)
    Standard.error(
      "stabletext: unknown command \(quoted); the commands are \(commands.joined(separator: ", ")), and without one stabletext is the daemon (stabletext --help)\n"
        + "usage: stabletext [\(commands.joined(separator: " | "))] [OPTIONS] [ARGUMENTS], or stabletext [--stdio] for the daemon\n"
    )
    return 2
  }

  /// An error that is not the command line's wording (git refused a range, say): the message
  /// alone, exit 2.
  /// Escaped (`ShownText`): git's words name the repository's folders.
  static func refuse(_ message: String) -> Int32 {
    Standard.error("stabletext: \(ShownText.escaped(message))\n")
    return 2
  }
}
