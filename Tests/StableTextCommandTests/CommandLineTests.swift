import Foundation
import StableTextCore
import StableTextJSON
import StableTextServer
import StableTextSessionSupport
import Testing

@Suite struct CommandLineInterface {
  @Test func checkPrintsCompilerStyleLines() throws {
    let long = try temporaryFile("Subject\n\nBody line é👋 that is long\n")
    let fine = try temporaryFile("ok\n")
    defer {
      try? FileManager.default.removeItem(atPath: long)
      try? FileManager.default.removeItem(atPath: fine)
    }
    let result = try runBinary(["check", "--max-length", "20", fine, long])
    #expect(result.status == 1)
    // Display columns: "Body line é" is 11 columns wide (13 bytes with --column-unit byte). The
    // final newline is not counted (the editor defaults): 34 characters; 35 when it is.
    #expect(result.out == "\(long):3:12: error: 34/20 characters: 14 over the limit [over-limit]\n")
    let bytes = try runBinary(["check", "--max-length", "20", "--column-unit", "byte", long])
    #expect(bytes.out == "\(long):3:13: error: 34/20 characters: 14 over the limit [over-limit]\n")
    let counted = try runBinary(["check", "--max-length", "20", "--count-final-newline", long])
    #expect(counted.out == "\(long):3:12: error: 35/20 characters: 15 over the limit [over-limit]\n")
    let passing = try runBinary(["check", "--max-length=100", fine, long])
    #expect(passing.status == 0)
    #expect(passing.out == "")
  }

  @Test func checkReadsStdinWithUnitsAndFinalNewline() throws {
    let result = try runBinary(
      ["check", "--max-length", "3", "--unit", "utf8", "--ignore-final-newline", "-"], stdin: "éa\n")
    #expect(result.status == 0)
    let over = try runBinary(
      ["check", "--max-length", "3", "--unit", "utf8", "--count-final-newline", "-"], stdin: "éa\n")
    #expect(over.status == 1)
    #expect(over.out == "<stdin>:1:3: error: 4/3 bytes: 1 over the limit [over-limit]\n")
    let short = try runBinary(["check", "--min-length", "5", "--ignore-final-newline", "-"], stdin: "éa\n")
    #expect(short.status == 0)
    #expect(short.out == "<stdin>:1:1: warning: 2/5 characters: 3 under the minimum [under-limit]\n")
    let crossed = try runBinary(["check", "--max-length", "3", "--min-length", "4", "-"], stdin: "abc")
    #expect(crossed.status == 2)
    #expect(crossed.err.contains("--min-length: expected at most --max-length (3), got 4"))
    let blank = try runBinary(["check", "--require-non-empty", "-"], stdin: "  \n")
    #expect(blank.status == 0)
    #expect(blank.out.hasPrefix("<stdin>:1:1: warning: The text is empty after trimming"))
    let allowed = try runBinary(["check", "--require-non-empty", "--allow-empty", "-"], stdin: "  \n")
    #expect(allowed.out == "")
    // Nothing asked for, nothing said, in any format: a file no rule covers is not even listed.
    let uncovered = try temporaryFile("  \n")
    defer { try? FileManager.default.removeItem(atPath: uncovered) }
    let json = try runBinary(["check", "--format", "json", uncovered, "-"], stdin: "x\n")
    #expect(json.status == 0)
    #expect(json.out == "{\"files\":[]}\n", "\(json.out)")
    // Nothing asked for, nothing said: the editor defaults; --verbose says so on stderr.
    let unasked = try runBinary(["check", "--verbose", "-"], stdin: "  \n")
    #expect(unasked.status == 0)
    #expect(unasked.out == "")
    #expect(
      unasked.err
        == "<stdin>: note: no rules apply (no commit preset, .stabletext.json, .editorconfig max_line_length or rule option covers this file)\n"
    )
  }

  @Test func checkJSONFormat() throws {
    let result = try runBinary(["check", "--max-length", "2", "--format", "json", "-"], stdin: "abc")
    #expect(result.status == 1)
    let json = try JSONValue(parsing: result.out)
    #expect(
      json == [
        "files": [
          [
            "path": "<stdin>", "length": 3, "limit": 2, "unit": "graphemes", "counter": "03/2",
            "diagnostics": [
              [
                "line": 1, "column": 3, "severity": "error", "code": "over-limit",
                "message": "3/2 characters: 1 over the limit",
              ]
            ],
          ]
        ]
      ])
  }

  /// The usage lines a usage error ends with: the command's usage and the `--help` that lists
  /// its options.
  static let usageLines = [
    "daemon":
      "usage: stabletext [--stdio | --pipe=NAME | --socket=PORT | --websocket=PORT] [DAEMON OPTIONS] (stabletext --help lists every option)",
    "check":
      "usage: stabletext check [OPTIONS] FILE... | --commits RANGE (stabletext check --help lists every option)",
    "rules":
      "usage: stabletext rules [--format text|json] [RULE OPTIONS] PATH... (stabletext rules --help lists every option)",
    "init": "usage: stabletext init [--dry-run] [--force] (stabletext init --help lists every option)",
    "demo": "usage: stabletext demo [--web [--port N]] (stabletext demo --help lists every option)",
  ]

  /// A usage error is two lines: the problem, and the command's usage pointing to its `--help`
  /// (it was the whole 133-line help, which buried the problem).
  @Test(arguments: [
    (["--bogus"], "stabletext: unknown option --bogus", "daemon"),
    (["--log-level", "loud"], "stabletext: --log-level needs one of error, warning, info, debug", "daemon"),
    (
      ["--max-message-bytes", "0"], "stabletext: --max-message-bytes needs a positive number of bytes",
      "daemon"
    ),
    (["check"], "stabletext: check needs at least one FILE (or - for stdin), or --commits RANGE", "check"),
    (
      ["check", "--unit", "words", "-"],
      // The registry's units, in its order.
      "stabletext: --unit needs one of " + LengthUnit.allCases.map(\.rawValue).joined(separator: ", "),
      "check"
    ),
    (
      ["check", "--unit", "twitter", "--max-length", "20000", "-"],
      "stabletext: --max-length: expected at most 10000 in twitter, got 20000", "check"
    ),
    (["check", "--preset", "svn", "-"], "stabletext: --preset needs gitCommit or none", "check"),
    (["check", "--column-unit", "cells", "-"], "stabletext: --column-unit needs display or byte", "check"),
    (["check", "--frobnicate", "-"], "stabletext: unknown option --frobnicate for check", "check"),
    (
      ["check", "--fix", "--commits", "HEAD~3.."],
      "stabletext: --fix writes files; it never rewrites commits (--commits)", "check"
    ),
    (
      ["check", "--required-trailers-severity", "fatal", "-"],
      "stabletext: --required-trailers-severity needs one of error, warning, information, hint", "check"
    ),
    (["rules", "--format", "xml", "a"], "stabletext: --format needs text or json", "rules"),
    (["rules"], "stabletext: rules needs at least one PATH", "rules"),
    (["init", "--frobnicate"], "stabletext: unknown option --frobnicate for init", "init"),
    (["demo", "extra"], "stabletext: demo takes no arguments but --web [--port N]", "demo"),
  ])
  func usageErrorsExitTwo(arguments: [String], message: String, command: String) throws {
    let result = try runBinary(arguments)
    #expect(result.status == 2)
    #expect(result.out == "")
    #expect(result.err == message + "\n" + Self.usageLines[command]! + "\n")
  }

  /// Every command has a `--help` of its own: its usage and what it does, exit 0, nothing on
  /// stderr (`check --help` was an unknown option).
  @Test(arguments: [
    ("check", "CHECK:", "--ignore-author REGEX"), ("rules", "RULES:", "--max-line-length N"),
    ("init", "INIT:", "--dry-run"), ("demo", "DEMO:", "--web"),
    ("conformance", "OPTIONS:", "--max-message-bytes"),
  ])
  func everyCommandHasItsOwnHelp(command: String, section: String, option: String) throws {
    for flag in ["--help", "-h"] {
      let result = try runBinary([command, flag])
      #expect(result.status == 0, "\(command) \(flag): \(result.err)")
      #expect(result.err == "")
      #expect(result.out.hasPrefix("USAGE:"), "\(command) \(flag)")
      #expect(result.out.contains("stabletext \(command) "))
      #expect(result.out.contains("\n" + section + "\n"))
      #expect(result.out.contains(option))
    }
    // Its own: no other command's section.
    let help = try runBinary([command, "--help"]).out
    for other in ["CHECK:", "RULES:", "INIT:", "CONFORMANCE:", "DEMO:", "DAEMON OPTIONS:"]
    where other != section {
      #expect(!help.contains("\n" + other + "\n"), "\(command) --help shows \(other)")
    }
  }

  /// `rules` writes one line a path whatever the path holds: a control character makes it a
  /// JSON string, which can neither split the output nor repaint a terminal.
  @Test func rulesWritesAPathWithAControlCharacterOnOneLine() throws {
    let result = try runBinary(["rules", "nl\ndir/x\u{1B}[2J.md", "plain name.md"])
    #expect(result.status == 0)
    #expect(
      result.out.hasPrefix("\"nl\\ndir/x\\u001B[2J.md\"\n  maxLength: null  (editor defaults)\n"),
      "\(result.out)")
    #expect(result.out.contains("\nplain name.md\n  maxLength: null"))
  }

  /// A first word that names no command says so in one line and exits 2, with stdin left
  /// unread (it started a daemon that waited for LSP on it); an option first is the daemon's.
  @Test(arguments: ["lint", "chek", "x" + String(repeating: "y", count: 100)])
  func unknownCommandsExitTwo(word: String) throws {
    let result = try runBinary([word, "README.md"])
    #expect(result.status == 2)
    #expect(result.out == "")
    let quoted = word.utf8.count > 64 ? String(word.prefix(64)) + "…" : word
    #expect(
      result.err
        == "stabletext: unknown command \(quoted); the commands are check, conformance, demo, init, mcp, rules, and without one stabletext is the daemon (stabletext --help)\n"
        + "usage: stabletext [check | conformance | demo | init | mcp | rules] [OPTIONS] [ARGUMENTS], or stabletext [--stdio] for the daemon\n"
    )
  }

  /// Started at a terminal (standard input a TTY), the daemon says what it is and how to use it,
  /// then waits for LSP there (Ctrl-D ends it, status 1 without a shutdown); started by an editor
  /// (a pipe), it says nothing of the kind.
  @Test func aDaemonStartedAtATerminalSaysWhatItIs() throws {
    let driver = #"""
      import os, pty, select, sys, time
      pid, fd = pty.fork()
      if pid == 0:
          os.execv(sys.argv[1], ["stabletext", "--log-level", "error"])
      out, end = b"", time.time() + 30
      while b"Ctrl-D" not in out and time.time() < end:
          if select.select([fd], [], [], 0.2)[0]:
              out += os.read(fd, 4096)
      os.write(fd, b"\x04")
      while True:
          try:
              data = os.read(fd, 4096)
          except OSError:
              break
          if not data:
              break
          out += data
      _, status = os.waitpid(pid, 0)
      sys.stdout.write(out.decode().replace("\r\n", "\n") + "status %d\n" % os.waitstatus_to_exitcode(status))
      """#
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", driver, binaryPath]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(printed == Self.terminalHint + "status 1\n")
    let piped = try runBinary(["--log-level", "error"])
    #expect(piped.status == 1)
    #expect(piped.err == "")
  }

  static let terminalHint = """
    stabletext: this is a language server: it speaks LSP on standard input and output, and an editor
    starts it (README, "Using it from an editor"). To check a file, stabletext check FILE; to see it
    work, stabletext demo; all options, stabletext --help. Waiting for LSP messages here (Ctrl-D ends).

    """

  @Test func unreadableAndNonUTF8Files() throws {
    let missing = try runBinary(["check", "/nonexistent/file.txt"])
    #expect(missing.status == 2)
    #expect(missing.err == "/nonexistent/file.txt: error: cannot read the file: No such file or directory\n")
    let folder = try runBinary(["check", "/tmp"])
    #expect(folder.status == 2)
    #expect(folder.err == "/tmp: error: cannot read the file: Is a directory\n")
    // The system's reason, whatever it is: a loop of links, a file where a folder should be, a
    // file the user may not read (as nobody, when the tests run as root: root reads anything).
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-read-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try FileManager.default.createSymbolicLink(atPath: scratch + "/a", withDestinationPath: "b")
    try FileManager.default.createSymbolicLink(atPath: scratch + "/b", withDestinationPath: "a")
    try "x\n".write(toFile: scratch + "/secret", atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: scratch + "/secret")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch)
    // nobody may not reach the build's folder (a clone in a 0700 temporary folder): a copy.
    let copy = scratch + "/stabletext"
    if getuid() == 0 { try FileManager.default.copyItem(atPath: binaryPath, toPath: copy) }
    let asUser =
      getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy] : []
    for (path, reason) in [
      (scratch + "/a", "Too many levels of symbolic links"), (scratch + "/secret/x", "Not a directory"),
      (scratch + "/secret", "Permission denied"),
    ] {
      // With a rule to check: a file no rule covers is not read (below).
      let arguments = ["check", "--max-length", "100", path]
      let result =
        reason == "Permission denied" && !asUser.isEmpty
        ? try runCommand(asUser + arguments) : try runBinary(arguments)
      #expect(result.status == 2, "\(path)")
      #expect(result.err == "\(path): error: cannot read the file: \(reason)\n")
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("st-\(UUID().uuidString).bin")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // The byte offset of the first byte that is not UTF-8: a stray byte, and a scalar cut off by
    // the end of the file.
    for (bytes, offset) in [([0x61, 0xFF, 0x62], 1), ([0x61, 0x62, 0xE2, 0x82], 2)] as [([UInt8], Int)] {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let binary = try runBinary(["check", "--max-length", "100", path])
      #expect(binary.status == 2)
      #expect(binary.err == "\(path): error: not valid UTF-8 at byte \(offset)\n")
      // A file no rule covers is not read as text at all: nothing said of it.
      let uncovered = try runBinary(["check", path])
      #expect(uncovered.status == 0)
      #expect(uncovered.out + uncovered.err == "")
    }
    // A scalar across the megabyte at which the file is read in pieces is one scalar; an invalid
    // byte past it is found at its offset.
    var large = [UInt8](repeating: 0x61, count: (1 << 20) - 1) + Array("€".utf8) + [0x0A]
    try Data(large).write(to: URL(fileURLWithPath: path))
    let straddling = try runBinary(["check", "--max-length", "2000000", path])
    #expect(straddling.status == 0, "\(straddling.err)")
    large += [0xC0, 0x80]
    try Data(large).write(to: URL(fileURLWithPath: path))
    let late = try runBinary(["check", "--max-length", "2000000", path])
    #expect(late.err == "\(path): error: not valid UTF-8 at byte \((1 << 20) + 3)\n")
    // Past the largest file check reads (2^31 − 1 bytes, a line's figures being 32-bit): refused
    // before anything is read (a sparse file: no disk is used).
    try Data().write(to: URL(fileURLWithPath: path))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 1 << 31)
    try handle.close()
    let huge = try runBinary(["check", "--max-length", "100", path])
    #expect(huge.status == 2)
    #expect(
      huge.err == "\(path): error: the file has 2147483648 bytes, more than the 2147483647 that check reads\n"
    )
    // A regular file no rule covers is not read at all, however large (or unreadable).
    let unasked = try runBinary(["check", path])
    #expect(unasked.status == 0 && unasked.out + unasked.err == "")
  }

  /// A path that is not a regular file is refused before a byte is read (a device never ends:
  /// `/dev/zero` was read for 2 GiB before the size limit refused it), named with what it is;
  /// standard input still reads a pipe.
  @Test func checkRefusesWhatIsNotARegularFile() throws {
    let link = FileManager.default.temporaryDirectory.appendingPathComponent("st-zero-\(UUID().uuidString)")
      .path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
    defer { try? FileManager.default.removeItem(atPath: link) }
    for (path, what) in [
      (link, "a character device"), ("/dev/null", "a character device"),
      ("/dev/urandom", "a character device"),
    ] {
      let result = try runBinary(["check", path])
      #expect(result.status == 2, "\(path)")
      #expect(
        result.err
          == "\(path): error: cannot read the file: it is \(what), not a regular file; give a stream on standard input as -\n"
      )
      #expect(result.out == "")
    }
    // A FIFO nobody writes to: opened without blocking, so refused at once (`timeout` ends a
    // check that would wait for a writer forever: status 124).
    let fifo = link + ".fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: fifo) }
    let waiting = try runCommand(["/usr/bin/timeout", "20", binaryPath, "check", fifo])
    #expect(waiting.status == 2)
    #expect(
      waiting.err
        == "\(fifo): error: cannot read the file: it is a FIFO, not a regular file; give a stream on standard input as -\n"
    )
    let piped = try runBinary(["check", "-"], stdin: "Short enough\n")
    #expect(piped.status == 0, "\(piped.err)")
    #expect(piped.out == "" && piped.err == "")
  }

  @Test func versionAndHelp() throws {
    let version = try runBinary(["--version"])
    #expect(version.status == 0)
    // A development build (the one the tests run) records no commit and loads the toolchain's
    // Swift runtime; the packaged build's line is checked by scripts/check-package.
    #expect(
      version.out == """
        stabletext 0.1.0 (protocol extension 1, Unicode 15.0.0)
        unicode: display widths 15.0.0, grapheme clusters 16.0.0 (the Swift standard library's)
        build: commit not recorded (a development build; scripts/package records it), debug, \
        Swift runtime shared (the toolchain's libraries)

        """)
    let help = try runBinary(["--help"])
    #expect(help.status == 0)
    #expect(help.out.contains("stabletext check [RULE OPTIONS] [--max-line-length N]"))
    // The rule options come from the rule table.
    #expect(help.out.contains("  --tab-size N             Tab stops of the columns unit (default 8)\n"))
    #expect(help.out.contains("  --preset gitCommit|none  gitCommit, or none for no preset at all\n"))
  }

  /// The manual page describes every option the usage texts name (`man/stabletext.1`, which
  /// the packages install; scripts/check-package renders it with `man -l`).
  @Test func manualPageHasEveryOption() throws {
    let manual = try String(contentsOfFile: repositoryPath("man/stabletext.1"), encoding: .utf8)
      .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\fB", with: "")
      .replacingOccurrences(of: "\\fI", with: "").replacingOccurrences(of: "\\fP", with: "")
      .replacingOccurrences(of: "\\fR", with: "")
    let usage = try runBinary(["--help"]).out + runBinary(["conformance", "--help"]).out
    let options = Set(usage.matches(of: /--[a-z][a-zA-Z-]*/).map { String($0.output) })
    #expect(options.count >= 30)
    let missing = options.filter { !manual.contains($0) }.sorted()
    #expect(missing.isEmpty, "not in man/stabletext.1: \(missing)")
    #expect(manual.contains(".TH STABLETEXT 1 "))
    #expect(manual.contains("\"stabletext \(ServerInfo.version)\""))
  }

  /// What the tool is, said the same way by `--help`'s first line, the manual page's NAME and the
  /// README's first paragraph (the manual page called it a "headless text-editing engine", the
  /// help a "daemon speaking LSP over stdio": neither said it checks commits in hooks and CI).
  @Test func theHelpTheManualAndTheREADMESayWhatTheToolIs() throws {
    let summary =
      "checks the length of text where it is written: a language server for editors, and a checker for git hooks and CI"
    let help = try runBinary(["--help"]).out
    #expect(
      help.split(separator: "\n").first.map(String.init) == "stabletext \(ServerInfo.version) \(summary)")
    let manual = try String(contentsOfFile: repositoryPath("man/stabletext.1"), encoding: .utf8)
    let lines = manual.split(separator: "\n").map(String.init)
    let name = try #require(lines.firstIndex(of: ".SH NAME"))
    #expect(lines[name + 1].replacingOccurrences(of: "\\-", with: "-") == "stabletext - \(summary)")
    let readme = try String(contentsOfFile: repositoryPath("README.md"), encoding: .utf8)
    let first = try #require(readme.components(separatedBy: "\n\n").dropFirst().first)
      .replacingOccurrences(of: "\n", with: " ")
    for part in [
      "checks the length of text where it is written", "a language server for editors",
      "a checker for git hooks and CI",
    ] {
      #expect(first.contains(part), "the README's first paragraph does not say \(part)")
    }
  }

  /// `conformance`'s options are named the same in its `--help`, in the usage `--help` and the
  /// README show, and in the manual page's SYNOPSIS and its section (the README and the manual
  /// disagreed on them).
  @Test func conformanceOptionsAreDocumentedExactly() throws {
    func options(_ text: String) -> Set<String> {
      Set(text.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
    }
    let own = try runBinary(["conformance", "--help"]).out
    let section = try #require(
      own.components(separatedBy: "OPTIONS:\n").dropFirst().first?.components(separatedBy: "\n\n").first)
    let declared = Set(
      section.split(separator: "\n").filter { $0.hasPrefix("  --") }.map {
        String($0.dropFirst(2).prefix { $0 != " " })
      })
    #expect(declared.count == 18, "\(declared.sorted())")
    let usage =
      try runBinary(["--help"]).out.components(separatedBy: "stabletext conformance ").dropFirst().first?
      .components(separatedBy: "\n  stabletext ").first ?? ""
    #expect(
      options(usage) == declared.subtracting(["--help"]), "\(options(usage).symmetricDifference(declared))")
    let readme = try String(contentsOfFile: repositoryPath("README.md"), encoding: .utf8)
    let shown =
      readme.components(separatedBy: "\nstabletext conformance ").dropFirst().first?
      .components(separatedBy: "\nstabletext ").first ?? ""
    #expect(options(shown) == declared.subtracting(["--help"]))
    let manual = try String(contentsOfFile: repositoryPath("man/stabletext.1"), encoding: .utf8)
      .replacingOccurrences(of: "\\-", with: "-")
    let synopsis =
      manual.components(separatedBy: ".SY \"stabletext conformance\"\n").dropFirst().first?
      .components(separatedBy: ".YS").first ?? ""
    #expect(
      options(synopsis) == declared.subtracting(["--help"]),
      "\(options(synopsis).symmetricDifference(declared))")
    // The manual's section: each option a `.TP` entry.
    let body =
      manual.components(separatedBy: ".SS \"stabletext conformance\"\n").dropFirst().first?
      .components(separatedBy: ".SS ").first ?? ""
    let lines = body.split(separator: "\n").map(String.init)
    let entries = Set(
      zip(lines, lines.dropFirst()).filter { $0.0 == ".TP" }.compactMap { options(String($0.1)).min() })
    #expect(entries == declared, "\(entries.symmetricDifference(declared))")
  }

  /// The daemon's options are declared once (`DaemonOption.all`, which `--help`'s DAEMON
  /// OPTIONS is made from): the daemon reads each of them, and the man page's OPTIONS and
  /// SYNOPSIS, README's usage and Protocol/README.md's "Command line" name exactly those.
  @Test func daemonOptionsAreDocumentedExactly() throws {
    let help = try runBinary(["--help"]).out
    let section = try #require(
      help.components(separatedBy: "DAEMON OPTIONS:\n").dropFirst().first?.components(separatedBy: "\n\n")
        .first)
    let declared = Set(
      section.split(separator: "\n").filter { $0.hasPrefix("  --") }.map {
        String($0.dropFirst(2).prefix { $0 != " " && $0 != "=" })
      })
    let aliases = Set(section.matches(of: /\(also (--[a-z-]+)/).map { String($0.output.1) })
    #expect(declared.count == 19 && aliases == ["--port"])
    let names = { (text: Substring) in Set(text.matches(of: /--[a-zA-Z][a-zA-Z-]*/).map { String($0.output) })
    }

    // The daemon reads every one of them (a bad value names the option; none is unknown).
    for option in declared.union(aliases).sorted() {
      let run = try runBinary([option + "="])
      #expect(run.status == 2, "\(option)")
      let line = run.err.split(separator: "\n").first.map(String.init) ?? ""
      #expect(
        line.hasPrefix("stabletext: \(option) needs ") || line == "stabletext: \(option) takes no value",
        "\(option): \(line)")
    }

    let manual = try String(contentsOfFile: repositoryPath("man/stabletext.1"), encoding: .utf8)
      .replacingOccurrences(of: "\\-", with: "-")
    // OPTIONS: each entry's first line names its option.
    let options = try #require(
      manual.components(separatedBy: "\n.SH OPTIONS\n").dropFirst().first?.components(separatedBy: "\n.SH ")
        .first)
    let entries = options.components(separatedBy: ".TP\n").dropFirst().compactMap {
      $0.split(separator: "\n").first.flatMap { names($0).sorted().first }
    }
    #expect(Set(entries) == declared.union(["--version", "--help"]))
    #expect(entries.count == declared.count + 2)
    #expect(aliases.allSatisfy { options.contains($0) })
    // SYNOPSIS: the daemon's two forms.
    let synopsis = try #require(
      manual.components(separatedBy: ".SH SYNOPSIS\n").dropFirst().first?.components(
        separatedBy: ".SY stabletext\n")
    )
    let forms = synopsis.dropFirst().prefix(2).map { $0.components(separatedBy: ".YS").first ?? "" }
    #expect(forms.count == 2 && names(forms[0][...]).union(names(forms[1][...])) == declared)

    // README's usage: the daemon's lines (the blocks' text is --help's, ReadmeBlockTests).
    let readme = try String(contentsOfFile: repositoryPath("README.md"), encoding: .utf8)
    let usage = try #require(
      readme.components(separatedBy: "<!-- README block: usage -->\n```\n").dropFirst().first?
        .components(separatedBy: "\nstabletext check").first)
    #expect(names(usage[...]) == declared)

    // Protocol/README.md's "Command line": the daemon's rows, before the commands'.
    let protocolText = try String(contentsOfFile: repositoryPath("Protocol/README.md"), encoding: .utf8)
    let table = try #require(
      protocolText.components(separatedBy: "## 12. Command line\n").dropFirst().first?
        .components(separatedBy: "\n| `stabletext check").first)
    let rows = table.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(rows.reduce(into: Set<String>()) { $0.formUnion(names($1)) } == declared.union(aliases))
  }

  @Test func demoRunsThroughTheRealDaemon() throws {
    let demo = try runBinary(["demo"])
    #expect(demo.status == 0)
    // The commit preset: the subject's warning, a generated merge subject left alone, only the
    // prose line of a body with a link and a sign-off, and its fix.
    #expect(demo.out.contains("← v2: line-too-long at 0:50: 65/50 columns: 15 over the limit"))
    #expect(demo.out.contains("a merge subject git wrote (82 columns)           ← v3: no diagnostics"))
    #expect(demo.out.contains("← v5: line-too-long at 2:72: 116/72 columns: 44 over the limit\n"))
    #expect(demo.out.contains("← Rewrap paragraph to 72 columns\n"))
    // git's template as git opened it: nothing to say before anyone types.
    #expect(demo.out.contains("open git's template                              ← v1: no diagnostics"))
    #expect(demo.out.contains("paste (policy reject): rejected (over-limit)"))
    #expect(demo.out.contains("paste (policy truncate): truncated to \"👨‍👩‍👧‍👦🇰🇷 wo\""))
    #expect(demo.out.contains("fitting \"👨‍👩‍👧‍👦🇰🇷 wo\""))
    // The scroll part: Return on the last visible row moves the window by exactly one row.
    #expect(
      demo.out.contains("  .  offset 1 none       │the build is     │green again      │after the fix.▏  │"))
    #expect(
      demo.out.contains("  ⏎  offset 2 revealDown │green again      │after the fix.   │▏                │"))
    #expect(demo.out.contains("daemon exited with status 0"))
  }
}

/// Bad values of the commit-message options: exit 2 naming the option and what was wrong.
@Test(arguments: [
  (
    ["--exempt", "urls"],
    "stabletext: --exempt needs a comma-separated list of generated, trailers, longWords, or none, got urls"
  ),
  (
    ["--exempt", "trailers,"],
    "stabletext: --exempt needs a comma-separated list of generated, trailers, longWords, or none, got an empty name"
  ),
  (
    ["--require-trailer", "Signed off"],
    "stabletext: --require-trailer needs a trailer token (ASCII letters, digits and -, not starting with -), got Signed off"
  ),
  (
    ["--require-trailer", "Signed-off-by:"],
    "stabletext: --require-trailer needs a trailer token (ASCII letters, digits and -, not starting with -), got Signed-off-by:"
  ),
  (
    ["--encoding", "NOT-AN-ENCODING"],
    "stabletext: --encoding needs an encoding that iconv knows (ISO-8859-1, windows-1252, Shift_JIS, …)"
  ),
])
func badCommitMessageOptions(arguments: [String], message: String) throws {
  let result = try runBinary(["check"] + arguments + ["-"], stdin: "Subject\n")
  #expect(result.status == 2)
  #expect(result.err.hasPrefix(message + "\n"), "\(result.err.prefix(200))")
}

/// check's options for commit messages: exemptions turned off, a required sign-off.
@Test func commitMessageOptionsOfCheck() throws {
  let merge = try temporaryFile("Merge branch '" + String(repeating: "b", count: 80) + "'\n")
  defer { try? FileManager.default.removeItem(atPath: merge) }
  let exempt = try runBinary(["check", "--preset", "gitCommit", merge])
  #expect(exempt.status == 0)
  #expect(exempt.out == "")
  let strict = try runBinary(["check", "--preset", "gitCommit", "--exempt", "none", merge])
  #expect(strict.status == 1)
  #expect(strict.out.contains(":1:73: error: 95/72 columns: 23 over the limit [line-too-long]"))
  let signed = try runBinary(
    [
      "check", "--preset", "gitCommit", "--require-trailer", "Signed-off-by", "--require-trailer",
      "Change-Id", "-",
    ],
    stdin: "Subject\n\nBody.\n\nSigned-off-by: A <a@b.c>\n")
  #expect(signed.status == 0)
  #expect(signed.out == "<stdin>:5:25: warning: missing trailer \"Change-Id:\" [missing-trailer]\n")
}
