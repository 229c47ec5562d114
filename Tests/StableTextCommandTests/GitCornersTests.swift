import Foundation
import StableTextSessionSupport
import Testing

/// The hook and `check` in git's corners, with real git in a temporary folder (Protocol/README.md,
/// "Command line", "check and git"; "Commit messages as git writes them", "Which lines git
/// keeps"): the configuration of the work tree being committed (linked worktrees, submodules,
/// `--git-dir`/`--work-tree`, `GIT_DIR`/`GIT_WORK_TREE`), and `#` lines counted whenever git
/// keeps them.
@Suite struct GitCorners {
  /// A folder with its own `HOME`: a global git configuration whose `core.hooksPath` runs the
  /// README's hook (`stabletext check "$1"`, the built binary first on `PATH`) in every
  /// repository, worktree and submodule made in it, and an editor that writes `$SUBJECT` above
  /// git's template.
  final class Sandbox {
    let root: URL
    let environment: [String: String]
    var path: String { root.path }

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("st-corners-\(UUID().uuidString)")
      let bin = root.appendingPathComponent("bin")
      let hooks = root.appendingPathComponent("hooks")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: bin.appendingPathComponent("stabletext").path, withDestinationPath: binaryPath)
      try Self.script(
        bin.appendingPathComponent("editor"),
        "{ printf '%s\\n' \"$SUBJECT\"; cat \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\"")
      try Self.script(hooks.appendingPathComponent("commit-msg"), "stabletext check \"$1\"")
      try """
      [user]
        name = Ann Example
        email = ann@example.com
      [core]
        hooksPath = \(hooks.path)
      [init]
        defaultBranch = main
      [commit]
        gpgsign = false
      [protocol "file"]
        allow = always
      """.write(to: root.appendingPathComponent(".gitconfig"), atomically: true, encoding: .utf8)
      var environment = ProcessInfo.processInfo.environment
      environment["HOME"] = root.path
      environment["GIT_CONFIG_NOSYSTEM"] = "1"
      environment["GIT_CONFIG_GLOBAL"] = root.appendingPathComponent(".gitconfig").path
      environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      environment["GIT_EDITOR"] = bin.appendingPathComponent("editor").path
      // git's template in English, as the hints it holds are read.
      environment["LC_ALL"] = "C"
      environment["LANGUAGE"] = nil
      for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR"] { environment[name] = nil }
      self.environment = environment
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    static func script(_ url: URL, _ body: String) throws {
      try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    /// `command` (git, or `stabletext`) in `folder` (relative to the root), with `extra` added
    /// to the environment: its status and everything it printed.
    @discardableResult
    func run(
      _ command: [String], in folder: String = "", subject: String = "", extra: [String: String?] = [:]
    ) throws -> (status: Int32, output: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = command
      process.currentDirectoryURL = folder.isEmpty ? root : root.appendingPathComponent(folder)
      var environment = self.environment
      environment["SUBJECT"] = subject
      for (name, value) in extra { environment[name] = value }
      process.environment = environment
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @discardableResult
    func git(
      _ arguments: [String], in folder: String = "", subject: String = "", extra: [String: String?] = [:]
    )
      throws -> (status: Int32, output: String)
    {
      try run(["git"] + arguments, in: folder, subject: subject, extra: extra)
    }

    func write(_ relative: String, _ text: String) throws {
      let url = root.appendingPathComponent(relative)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: false, encoding: .utf8)
    }

    /// A `.stabletext.json` in `folder` that asks for the trailer `token`: each commit without it
    /// gets `missing trailer "TOKEN:"`, which says whose file applied.
    func asks(_ folder: String, for token: String) throws {
      try write(folder + "/.stabletext.json", #"{"rules": {"requiredTrailers": [""# + token + #""]}}"#)
    }
  }

  /// Whose `.stabletext.json` the hook and `--commits` read: the work tree's being committed,
  /// for the main checkout, a linked worktree, a submodule, `git --git-dir --work-tree` and
  /// `GIT_DIR`/`GIT_WORK_TREE`. Around them all, a file that only a lookup from the wrong
  /// place finds.
  @Test func theWorkTreeBeingCommittedDecides() throws {
    let sandbox = try Sandbox()
    try sandbox.asks("", for: "Outer-Folder")
    #expect(try sandbox.git(["init", "-q", "main"]).status == 0)
    try sandbox.asks("main", for: "Main-Checkout")
    #expect(
      try sandbox.git(["commit", "-q", "--no-verify", "--allow-empty", "-m", "Base"], in: "main").status == 0)
    #expect(try sandbox.git(["worktree", "add", "-q", "../linked"], in: "main").status == 0)
    try sandbox.asks("linked", for: "Linked-Worktree")
    #expect(try sandbox.git(["init", "-q", "library"]).status == 0)
    #expect(
      try sandbox.git(["commit", "-q", "--no-verify", "--allow-empty", "-m", "Library"], in: "library").status
        == 0)
    let added = try sandbox.git(["submodule", "add", "-q", "../library", "sub"], in: "main")
    #expect(added.status == 0, "\(added.output)")
    try sandbox.asks("main/sub", for: "Submodule")
    #expect(
      try sandbox.git(["init", "-q", "--separate-git-dir=\(sandbox.path)/separate.git", "separate"]).status
        == 0)
    try sandbox.asks("separate", for: "Separate-Tree")
    let separate = ["--git-dir=separate.git", "--work-tree=separate"]
    let variables: [String: String?] = ["GIT_DIR": "separate.git", "GIT_WORK_TREE": "separate"]
    let cases: [(what: String, folder: String, prefix: [String], extra: [String: String?], token: String)] = [
      ("the main checkout", "main", [], [:], "Main-Checkout"),
      ("a linked worktree", "linked", [], [:], "Linked-Worktree"),
      ("a submodule", "main/sub", [], [:], "Submodule"),
      ("--git-dir and --work-tree", "", separate, [:], "Separate-Tree"),
      ("GIT_DIR and GIT_WORK_TREE", "", [], variables, "Separate-Tree"),
    ]
    for (what, folder, prefix, extra, token) in cases {
      let committed = try sandbox.git(
        prefix + ["commit", "--allow-empty", "-m", "Work in \(what)"], in: folder, extra: extra)
      #expect(committed.status == 0, "\(what): \(committed.output)")
      #expect(
        committed.output.contains(
          #"COMMIT_EDITMSG:1:\#(9 + what.count): warning: missing trailer "\#(token):" [missing-trailer]"#),
        "\(what): \(committed.output)")
      #expect(
        committed.output.components(separatedBy: "[missing-trailer]").count == 2,
        "\(what): \(committed.output)")
      // CI's check of the same commit, from the same place.
      let checked = try sandbox.run(
        ["stabletext", "check", "--commits", "HEAD^!"], in: folder, extra: prefix.isEmpty ? extra : variables)
      let hash = try sandbox.git(prefix + ["rev-parse", "--short=12", "HEAD"], in: folder, extra: extra)
        .output
      #expect(
        checked.output
          == "\(hash.dropLast()):1:\(9 + what.count): warning: missing trailer \"\(token):\" [missing-trailer]\n",
        "\(what)")
    }
  }

  /// A subject of 85 columns that starts with `#`, as an issue reference does.
  static let hashSubject = "#123 " + String(repeating: "x", count: 80)

  /// Whether the hook counts a `#` line as the message line git stores or as the comment git
  /// drops, in every way git is asked to clean the message up (a `#` line counted is refused as
  /// a subject, a warning in the body); and `--commits`, whose stored messages have no comments.
  @Test func hashLinesCountWheneverGitKeepsThem() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.git(["init", "-q", "work"]).status == 0)
    try sandbox.write("message.txt", Self.hashSubject + "\n")
    let refused = "error: 85/72 columns: 13 over the limit [line-too-long]"
    let body = "Fix the parser\n\n" + Self.hashSubject
    let cases: [(what: String, arguments: [String], subject: String, line: Int?)] = [
      ("-m", ["commit", "-m", Self.hashSubject], "", 1),
      ("-F", ["commit", "-F", "../message.txt"], "", 1),
      ("an editor (strip)", ["commit"], body, nil),
      ("an editor with -v", ["commit", "-v"], body, nil),
      ("--cleanup=verbatim", ["commit", "--cleanup=verbatim"], body, 3),
      ("--cleanup=whitespace", ["commit", "--cleanup=whitespace"], body, 3),
      ("--cleanup=scissors", ["commit", "--cleanup=scissors"], body, 3),
      ("--cleanup=scissors -v", ["commit", "--cleanup=scissors", "-v"], body, 3),
      ("commit.cleanup=verbatim", ["-c", "commit.cleanup=verbatim", "commit"], body, 3),
      ("commit.cleanup=scissors -v", ["-c", "commit.cleanup=scissors", "commit", "-v"], body, 3),
      ("commit.cleanup=strip -m", ["-c", "commit.cleanup=strip", "commit", "-m", body], "", nil),
      ("commentChar=; -m", ["-c", "core.commentChar=;", "commit", "-m", Self.hashSubject], "", 1),
      ("commentChar=auto -m", ["-c", "core.commentChar=auto", "commit", "-m", Self.hashSubject], "", 1),
      // git chooses `;` (a line of the message starts with `#`): the `#` line is kept.
      (
        "commentChar=auto -e", ["-c", "core.commentChar=auto", "commit", "-e", "-m", "#9 starts here"],
        Self.hashSubject, 1
      ),
      ("commentChar=auto (strip)", ["-c", "core.commentChar=auto", "commit"], body, nil),
    ]
    for (index, (what, arguments, subject, line)) in cases.enumerated() {
      try sandbox.write("work/file.txt", "\(index)\n")
      try sandbox.git(["add", "file.txt"], in: "work")
      let result = try sandbox.git(arguments, in: "work", subject: subject)
      if let line {
        // The subject is refused; a body line over 72 columns is a warning (the `gitCommit` preset).
        let said = line == 1 ? refused : refused.replacing("error:", with: "warning:")
        #expect((result.status != 0) == (line == 1), "\(what): \(result.output)")
        #expect(result.output.contains("COMMIT_EDITMSG:\(line):73: \(said)"), "\(what): \(result.output)")
      } else {
        #expect(result.status == 0, "\(what): \(result.output)")
        #expect(!result.output.contains("line-too-long"), "\(what): \(result.output)")
      }
    }
    // A `GIT_EDITOR=:` of one's own (a script's `git commit --amend`): git still writes its
    // template and strips it, and says so in its hint; the status' 120-column path is a comment.
    let long = String(repeating: "p", count: 100) + ".txt"
    try sandbox.write("work/" + long, "x\n")
    try sandbox.git(["add", long], in: "work")
    let amended = try sandbox.git(["commit", "--amend"], in: "work", extra: ["GIT_EDITOR": ":"])
    #expect(amended.status == 0, "\(amended.output)")
    #expect(!amended.output.contains("line-too-long"), "\(amended.output)")
    // Stored messages (`--commits`): git kept the `#` lines, so they are the message: a `#`
    // subject is not empty, and one of 85 columns is too long.
    let base = try sandbox.git(["rev-parse", "HEAD"], in: "work").output.dropLast()
    for subject in ["#123 Fix the parser", Self.hashSubject] {
      #expect(
        try sandbox.git(["commit", "-q", "--no-verify", "--allow-empty", "-m", subject], in: "work").status
          == 0)
    }
    let hash = try sandbox.git(["rev-parse", "--short=12", "HEAD"], in: "work").output.dropLast()
    let stored = try sandbox.run(["stabletext", "check", "--commits", "\(base)..HEAD"], in: "work")
    #expect(stored.status == 1)
    #expect(stored.output == "\(hash):1:73: \(refused)\n")
  }

  /// A workflow command parsed back: its name, its properties and its message, unescaped as
  /// GitHub's runner reads them; nil for a line that is not one command.
  static func workflowCommand(_ line: Substring) -> (
    name: String, properties: [String: String], message: String
  )? {
    guard line.hasPrefix("::"), let end = line.dropFirst(2).range(of: "::") else { return nil }
    let head = line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]
    let message = line[end.upperBound...]
    func unescaped(_ text: Substring) -> String? {
      var result = ""
      var rest = text
      while let percent = rest.firstIndex(of: "%") {
        result += rest[..<percent]
        let code = rest[percent...].prefix(3)
        switch code {
        case "%25": result += "%"
        case "%0D": result += "\r"
        case "%0A": result += "\n"
        case "%3A": result += ":"
        case "%2C": result += ","
        default: return nil
        }
        rest = rest[percent...].dropFirst(3)
      }
      return result + rest
    }
    let words = head.split(separator: " ", maxSplits: 1)
    guard let name = words.first, ["error", "warning", "notice"].contains(name) else { return nil }
    var properties: [String: String] = [:]
    if words.count == 2 {
      for property in words[1].split(separator: ",", omittingEmptySubsequences: false) {
        guard let equals = property.firstIndex(of: "="),
          let value = unescaped(property[property.index(after: equals)...])
        else { return nil }
        properties[String(property[..<equals])] = value
      }
    }
    // A message's `:` and `,` are its own; only `%`, CR and LF are escaped in it.
    guard !message.contains("%3A"), !message.contains("%2C"), let text = unescaped(message) else {
      return nil
    }
    return (String(name), properties, text)
  }

  /// `text` as a JSON string (scalar by scalar: `\r\n` is one Character to Swift).
  func json(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\"", "\\": result += "\\" + String(scalar)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// `--format github` prints nothing but workflow commands, whatever a file name, a folder, a
  /// configuration key or git's words hold: line breaks, `%`, `:` and `,` through every source
  /// of a message (a diagnostic, a configuration file's warning and error, a file that cannot be
  /// read, a commit that is not UTF-8, git's refusal, a usage error), each parsed back to what
  /// was written.
  @Test func githubFormatPrintsOnlyWorkflowCommands() throws {
    let sandbox = try Sandbox()
    let forged = "\n::error::forged,50%:done\r\n::warning::"
    let folder = "we" + forged + "ird"
    #expect(try sandbox.git(["init", "-q", folder]).status == 0)
    let root = sandbox.path + "/" + folder
    let key = "key" + forged
    try sandbox.write(folder + "/.stabletext.json", "{\"rules\": {\(json(key)): 1}}")
    let long = "long" + forged + ".txt"
    try sandbox.write(folder + "/" + long, "abcdef\n")
    try sandbox.write(folder + "/bad" + forged + "/.stabletext.json", #"{"rules": {"tabSize": 0}}"#)
    try sandbox.write(folder + "/bad" + forged + "/a.txt", "a\n")
    // Bytes in an encoding iconv does not know: git stores them as they are.
    let bytes = sandbox.root.appendingPathComponent("bytes.txt")
    try Data([0x63, 0x61, 0x66, 0xFF, 0xFE, 0x0A]).write(to: bytes)
    let stored = try sandbox.git(
      [
        "-c", "i18n.commitEncoding=x-unknown", "commit", "-q", "--no-verify", "--allow-empty", "-F",
        bytes.path,
      ],
      in: folder)
    #expect(stored.status == 0, "\(stored.output)")
    let hash = try sandbox.git(["rev-parse", "HEAD"], in: folder).output.dropLast()
    let warning = "\(root)/.stabletext.json: rules.\(key): unknown rule ignored"
    let runs: [(arguments: [String], expected: [(String, [String: String], String)])] = [
      (
        ["--max-length", "3", "--count-final-newline", long],
        [
          ("warning", [:], warning),
          (
            "error",
            [
              "file": long, "line": "1", "endLine": "2", "col": "4", "endColumn": "1",
              "title": "stabletext over-limit",
            ],
            "7/3 characters: 4 over the limit"
          ),
        ]
      ),
      (
        ["gone" + forged],
        [
          ("warning", [:], warning),
          ("error", ["file": "gone" + forged], "cannot read the file: No such file or directory"),
        ]
      ),
      (
        ["bad" + forged + "/a.txt"],
        [
          (
            "error", ["file": root + "/bad" + forged + "/.stabletext.json", "line": "1", "col": "12"],
            "rules.tabSize: expected an integer from 1 to 1000, got 0"
          )
        ]
      ),
      (
        ["--commits", "HEAD"],
        [
          ("warning", [:], warning),
          (
            "warning", ["title": "stabletext in \(hash.prefix(12))"],
            "not valid UTF-8 at byte 3; the message was not checked"
          ),
        ]
      ),
      // A usage error: the option's value as it was given, and no usage text.
      (
        ["--max-length", "x" + forged, long],
        [("error", [:], "--max-length needs a non-negative number or none, got x" + forged)]
      ),
      // git's own words go on past what is known here: `…` stands for the rest.
      (
        ["--commits", "nope" + forged],
        [("warning", [:], warning), ("error", [:], "--commits nope\(forged): git says fatal: …")]
      ),
    ]
    for (arguments, expected) in runs {
      let result = try runBinary(["check", "--format", "github"] + arguments, in: root)
      var commands: [(String, [String: String], String)] = []
      for line in (result.out + result.err).split(separator: "\n") {
        let command = Self.workflowCommand(line)
        #expect(command != nil, "\(arguments): \(line)")
        if let command { commands.append(command) }
      }
      // Each command once, in any order (diagnostics go to standard output, the rest to error).
      var unmatched = expected
      for (name, properties, message) in commands {
        let index = unmatched.firstIndex { wanted in
          wanted.0 == name && wanted.1 == properties
            && (wanted.2.hasSuffix("…") ? message.hasPrefix(wanted.2.dropLast()) : wanted.2 == message)
        }
        #expect(index != nil, "\(arguments): unexpected \(name) \(properties) \(message)")
        if let index { unmatched.remove(at: index) }
      }
      #expect(unmatched.isEmpty, "\(arguments): missing \(unmatched)")
    }
  }

  /// `--commits` over a history of 600 commits (some of them refused, one message of 3 MiB that
  /// arrives in many pieces of git's output): the exact lines, in order, as before it streamed.
  @Test func commitsOfALongHistory() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.git(["init", "-q", "work"]).status == 0)
    var script = ""
    var subjects: [String] = []
    for index in 0..<600 {
      var message =
        index % 7 == 3 ? "Change \(index) " + String(repeating: "y", count: 70) : "Change \(index)"
      subjects.append(message)
      if index == 300 { message += "\n\n" + String(repeating: "A body line short enough.\n", count: 120_000) }
      let bytes = Array(message.utf8).count
      script += "commit refs/heads/main\ncommitter Ann <ann@example.com> \(1_700_000_000 + index) +0000\n"
      script += "data \(bytes)\n\(message)\n"
      script += "\n"
    }
    try sandbox.write("history.txt", script)
    let imported = try sandbox.run(["sh", "-c", "git fast-import --quiet < ../history.txt"], in: "work")
    #expect(imported.status == 0, "\(imported.output)")
    let hashes = try sandbox.git(["rev-list", "--reverse", "HEAD"], in: "work").output.split(separator: "\n")
    #expect(hashes.count == 600)
    var expected = ""
    for (hash, subject) in zip(hashes, subjects) where subject.count > 72 {
      let over = subject.count - 72
      expected +=
        "\(hash.prefix(12)):1:73: error: \(subject.count)/72 columns: \(over) over the limit [line-too-long]\n"
    }
    let checked = try sandbox.run(["stabletext", "check", "--commits", "HEAD"], in: "work")
    #expect(checked.status == 1)
    #expect(checked.output == expected)
  }
}
