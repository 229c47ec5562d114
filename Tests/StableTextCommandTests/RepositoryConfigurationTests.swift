import Foundation
import StableTextJSON
import StableTextSessionSupport
import Testing

/// A repository's configuration (Protocol/README.md, "A repository's configuration") through
/// the real binary: the editor (the daemon) and the hook and CI (`check`) read the same
/// `.stabletext.json` and `.editorconfig` and say the same; changes are seen after a keystroke;
/// a bad file is said once and harms nothing; `check --commits` on commits real git made.
@Suite struct RepositoryConfiguration {
  /// A git repository in a temporary folder, with files written into it.
  final class Repository {
    let root: URL
    var path: String { root.path }

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("st-repo-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      _ = try git(["init", "-q", "-b", "main"])
      _ = try git(["config", "user.name", "Ann Example"])
      _ = try git(["config", "user.email", "ann@example.com"])
      _ = try git(["config", "commit.gpgsign", "false"])
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ relative: String, _ text: String) throws {
      let url = root.appendingPathComponent(relative)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: false, encoding: .utf8)
    }

    /// git in the repository; its status and everything it printed.
    @discardableResult
    func git(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git"] + arguments
      process.currentDirectoryURL = root
      var environment = ProcessInfo.processInfo.environment
      environment["GIT_CONFIG_NOSYSTEM"] = "1"
      environment["HOME"] = root.path
      environment["GIT_EDITOR"] = "true"
      process.environment = environment
      let out = Pipe()
      let err = Pipe()
      process.standardOutput = out
      process.standardError = err
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let output = out.fileHandleForReading.readDataToEndOfFile()
      let errors = err.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (
        process.terminationStatus, String(decoding: output, as: UTF8.self),
        String(decoding: errors, as: UTF8.self)
      )
    }

    func commit(_ message: String) throws {
      let result = try git(["commit", "-q", "--allow-empty", "-m", message])
      #expect(result.status == 0, "\(result.err)")
    }

    func head() throws -> String { try git(["rev-parse", "HEAD"]).out.trimmingCharacters(in: .newlines) }
  }

  static let projectFile = """
    {
      "rules": {"requiredTrailers": ["Signed-off-by"]},
      "overrides": [
        {"pattern": "/docs/**/*.md", "rules": {"maxLength": 40, "requiredTrailers": []}},
        {"pattern": "*.txt", "rules": {"requiredTrailers": [], "ignoreFinalNewline": true}}
      ]
    }
    """
  static let editorConfig = """
    root = true
    [*.md]
    max_line_length = 30
    [docs/**]
    max_line_length = 36
    [*.txt]
    max_line_length = off
    """

  /// The same files opened in the daemon and given to `check` get the same diagnostics (line,
  /// column, code and message).
  @Test func theEditorTheHookAndCIAgree() throws {
    let repository = try Repository()
    try repository.write(".stabletext.json", Self.projectFile)
    try repository.write(".editorconfig", Self.editorConfig)
    let files: [(String, String)] = [
      (
        "README.md",
        "A readme line that is longer than thirty columns\n\nSigned-off-by: Ann <ann@example.com>\n"
      ),
      ("docs/guide/intro.md", "A guide line past thirty-six columns, and over forty in all\n"),
      ("notes.txt", "notes with no line limit at all, however long they are\n"),
      (
        ".git/COMMIT_EDITMSG",
        "A subject line that is longer than fifty columns here\nnot blank\n# a comment\n"
      ),
      ("other/docs/guide/intro.md", "Not anchored docs: only thirty columns here\n"),
    ]
    for (path, text) in files { try repository.write(path, text) }
    // The daemon as every editor package starts it: from the editor defaults, as `check` does.
    let session = try Session(options: ["defaults": "editor"])
    for (path, text) in files {
      let uri = URL(fileURLWithPath: repository.path + "/" + path).absoluteString
      session.open(uri, text, languageId: "plaintext")
      // The commit message is published again once git has said who signs off (its fix comes
      // then): that publish may come before this document's.
      var published = try session.publish()
      while published["uri"]?.stringValue != uri,
        published["uri"]?.stringValue?.hasSuffix("COMMIT_EDITMSG") == true
      {
        published = try session.publish()
      }
      #expect(published["uri"]?.stringValue == uri)
      let fromDaemon = published["diagnostics"]!.arrayValue!.map { diagnostic -> String in
        let start = diagnostic["range"]!["start"]!
        return
          "\(start["line"]!.intValue! + 1):\(start["character"]!.intValue! + 1): \(diagnostic["message"]!.stringValue!) [\(diagnostic["code"]!.stringValue!)]"
      }
      let checked = try runBinary(["check", path], in: repository.path)
      let fromCheck = checked.out.split(separator: "\n").map { line -> String in
        // path:line:column: severity: message [code] → line:column: message [code]
        let afterPath = line.dropFirst(path.count + 1)
        let parts = afterPath.split(separator: ":", maxSplits: 3)
        return "\(parts[0]):\(parts[1]): \(parts[3].dropFirst())"
      }
      #expect(fromDaemon == fromCheck, "\(path)")
      #expect(!fromDaemon.isEmpty || path == "notes.txt", "\(path): \(fromDaemon)")
    }
    try session.finish()
    // What each file gets, once, by its layers: EditorConfig's 30 columns and the project's
    // sign-off for a Markdown file; the anchored override's 40 characters, no sign-off, and
    // EditorConfig's docs/** section for the guide; the commit preset over EditorConfig.
    let all = try runBinary(["check"] + files.map(\.0), in: repository.path)
    #expect(all.status == 1)
    #expect(
      all.out == """
        README.md:1:31: warning: 48/30 columns: 18 over the limit [line-too-long]
        README.md:3:31: warning: 36/30 columns: 6 over the limit [line-too-long]
        docs/guide/intro.md:1:41: error: 59/40 characters: 19 over the limit [over-limit]
        docs/guide/intro.md:1:37: warning: 59/36 columns: 23 over the limit [line-too-long]
        .git/COMMIT_EDITMSG:1:51: warning: 53/50 columns: 3 over the limit [line-too-long]
        .git/COMMIT_EDITMSG:2:1: warning: line 2 should be blank [line-not-blank]
        .git/COMMIT_EDITMSG:2:10: warning: missing trailer "Signed-off-by:" [missing-trailer]
        other/docs/guide/intro.md:1:31: warning: 43/30 columns: 13 over the limit [line-too-long]
        other/docs/guide/intro.md:1:44: warning: missing trailer "Signed-off-by:" [missing-trailer]

        """)
  }

  /// A change to `.stabletext.json` while a document is open is published after one keystroke,
  /// with nothing else sent. (That it comes within a second of the keystroke is the once-a-second
  /// rule, tested with a clock moved by hand in ProjectConfigurationTests; timed here, on a
  /// loaded machine, the daemon's 1 s left a 2 s limit too little margin.)
  @Test func aChangedFileIsSeenAfterAKeystroke() throws {
    let repository = try Repository()
    try repository.write(".stabletext.json", #"{"rules": {"maxLength": 100}}"#)
    let uri = URL(fileURLWithPath: repository.path + "/a.md").absoluteString
    let session = try Session()
    session.open(uri, "hello world")
    #expect(try session.publish()["diagnostics"]!.arrayValue! == [])
    try repository.write(".stabletext.json", #"{"rules": {"maxLength": 5}}"#)
    let sent = Date()
    session.change(uri, version: 2, ["range": range(0, 11, 0, 11), "text": "!"])
    var latest: [String] = []
    while Date().timeIntervalSince(sent) < 10 {
      guard let published = try? session.publish(timeout: max(0.05, 10 - Date().timeIntervalSince(sent)))
      else { break }
      latest = published["diagnostics"]!.arrayValue!.map { $0["message"]!.stringValue! }
      if !latest.isEmpty { break }
    }
    #expect(latest == ["12/5 characters: 7 over the limit"])
    try session.finish()
  }

  /// An invalid `.stabletext.json`: one `window/showMessage` naming its path and the field, the
  /// file ignored (the documents get what they would without it), the texts unharmed; `check`
  /// exits 2 with the same words.
  @Test func anInvalidFileIsSaidOnceAndHarmsNothing() throws {
    let repository = try Repository()
    try repository.write(
      ".stabletext.json", #"{"rules": {"maxLength": 10, "lineRules": [{"lines": "0", "blank": true}]}}"#)
    let session = try Session()
    let first = URL(fileURLWithPath: repository.path + "/a.md").absoluteString
    let second = URL(fileURLWithPath: repository.path + "/sub/b.md").absoluteString
    session.open(first, "a text well over ten characters")
    session.open(second, "another text well over ten characters")
    for uri in [first, second] {
      #expect(try session.state(uri)["text"]?.stringValue != nil)
    }
    let shown = session.server.receivedBodies.filter { $0.contains("window/showMessage") }
    let problem =
      "\(repository.path)/.stabletext.json:1:44: rules.lineRules[0].lines: lines are numbered from 1, not 0, got \\\"0\\\"; the file is ignored"
    #expect(shown.count == 1)
    #expect(shown.first?.contains("\"type\":1") == true)
    #expect(shown.first?.contains(problem) == true, "\(shown)")
    let state = try session.state(first)
    #expect(state["overLimit"] == false)
    #expect(state["text"]?.stringValue == "a text well over ten characters")
    try session.finish()
    let checked = try runBinary(["check", "a.md"], in: repository.path)
    #expect(checked.status == 2)
    #expect(
      checked.err
        == "\(repository.path)/.stabletext.json:1:44: error: rules.lineRules[0].lines: lines are numbered from 1, not 0, got \"0\"\n"
    )
  }

  /// `check` on files whose configuration cannot be read: a clear line, exit 2, nothing hangs.
  @Test func checkNamesConfigurationItCannotRead() throws {
    let repository = try Repository()
    try repository.write("a.md", "text\n")
    try FileManager.default.createDirectory(
      atPath: repository.path + "/.stabletext.json", withIntermediateDirectories: true)
    let directory = try runBinary(["check", "a.md"], in: repository.path)
    #expect(directory.status == 2)
    #expect(directory.err == "\(repository.path)/.stabletext.json: error: is a directory, not a file\n")
    try FileManager.default.removeItem(atPath: repository.path + "/.stabletext.json")
    try FileManager.default.createSymbolicLink(
      atPath: repository.path + "/.stabletext.json", withDestinationPath: repository.path + "/loop")
    try FileManager.default.createSymbolicLink(
      atPath: repository.path + "/loop", withDestinationPath: repository.path + "/.stabletext.json")
    let loop = try runBinary(["check", "a.md"], in: repository.path)
    #expect(loop.status == 2)
    #expect(
      loop.err == "\(repository.path)/.stabletext.json: error: is a loop of symbolic links, not a file\n")
    try FileManager.default.removeItem(atPath: repository.path + "/.stabletext.json")
    try repository.write(
      ".editorconfig", "[" + String(repeating: "x", count: 100_000) + "]\nmax_line_length = 3\n")
    // A line EditorConfig's library cannot read is not honoured: the rest of the file applies.
    let glob = try runBinary(["check", "a.md"], in: repository.path)
    #expect(glob.status == 0)
    #expect(
      glob.err
        == "\(repository.path)/.editorconfig:1:1: warning: this line is not honoured: EditorConfig's library cannot read it: longer than 4999 bytes, it is read in pieces; the rest applies\n"
    )
  }

  /// A history of commits real git made, after `base` (which `origin/main` names): a merge of a
  /// long branch (signed off), a revert (signed off), a long human subject, and a commit without
  /// the sign-off the repository's `.stabletext.json` asks for.
  struct History {
    var base: String
    var revert: String
    var long: String
    var unsigned: String
  }

  static func makeHistory(_ repository: Repository) throws -> History {
    try repository.write(".stabletext.json", #"{"rules": {"requiredTrailers": ["Signed-off-by"]}}"#)
    try repository.write("file.txt", "one\n")
    try repository.git(["add", "-A"])
    try repository.commit("Add the first file\n\nSigned-off-by: Ann Example <ann@example.com>")
    let base = try repository.head()
    try repository.git(["update-ref", "refs/remotes/origin/main", base])
    try repository.git(["checkout", "-q", "-b", "feature/JIRA-1234-make-the-parser-handle-very-long-lines"])
    try repository.write("file.txt", "one\ntwo\n")
    try repository.git(["add", "-A"])
    try repository.commit("Teach the parser long lines\n\nSigned-off-by: Ann Example <ann@example.com>")
    try repository.git(["checkout", "-q", "main"])
    let merge = try repository.git([
      "merge", "--no-ff", "-q", "--signoff", "feature/JIRA-1234-make-the-parser-handle-very-long-lines",
    ])
    #expect(merge.status == 0, "\(merge.err)")
    let reverted = try repository.git(["revert", "--no-edit", "-s", "HEAD^2"])
    #expect(reverted.status == 0, "\(reverted.err)")
    let revert = try repository.head()
    try repository.commit(
      "A human subject that goes on far past the seventy-two columns git's convention allows\n\nSigned-off-by: Ann Example <ann@example.com>"
    )
    let long = try repository.head()
    try repository.commit("Forget the sign-off\n\nA body without any trailer.")
    return History(base: base, revert: revert, long: long, unsigned: try repository.head())
  }

  /// `check --commits` on commits real git made.
  @Test func checkCommitsOfARealRepository() throws {
    let repository = try Repository()
    let history = try Self.makeHistory(repository)
    let (base, revert, long, unsigned) = (history.base, history.revert, history.long, history.unsigned)
    let checked = try runBinary(["check", "--commits", "\(base)..HEAD"], in: repository.path)
    #expect(checked.status == 1, "\(checked.err)")
    let short = { (hash: String) in String(hash.prefix(12)) }
    #expect(
      checked.out == """
        \(short(long)):1:73: error: 85/72 columns: 13 over the limit [line-too-long]
        \(short(unsigned)):3:28: warning: missing trailer "Signed-off-by:" [missing-trailer]

        """)
    let github = try runBinary(
      ["check", "--commits", "\(base)..HEAD", "--format", "github"], in: repository.path)
    #expect(github.status == 1)
    #expect(
      github.out == """
        ::error line=1,col=73,endColumn=86,title=stabletext line-too-long in \(short(long))::85/72 columns: 13 over the limit
        ::warning line=3,col=28,endColumn=28,title=stabletext missing-trailer in \(short(unsigned))::missing trailer "Signed-off-by:"

        """)
    // Without the last commit, only warnings: exit 0.
    let earlier = try runBinary(["check", "--commits", "\(base)..\(revert)"], in: repository.path)
    #expect(earlier.status == 0)
    #expect(earlier.out == "")
    // A range git does not know: its own words, exit 2.
    let bad = try runBinary(["check", "--commits", "nope..HEAD"], in: repository.path)
    let gitSays =
      try repository.git(["log", "--end-of-options", "nope..HEAD", "--"]).err
      .split(separator: "\n").first.map(String.init) ?? ""
    #expect(bad.status == 2)
    #expect(bad.err == "stabletext: --commits nope..HEAD: git says \(gitSays)\n")
    #expect(gitSays.hasPrefix("fatal: "))
    // A range that looks like an option is still a range.
    let dash = try runBinary(["check", "--commits", "--all"], in: repository.path)
    #expect(dash.status == 2)
    #expect(dash.err.hasPrefix("stabletext: --commits --all: git says fatal: "))
    // Outside any repository.
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-norepo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    let nowhere = try runBinary(["check", "--commits", "HEAD"], in: outside.path)
    #expect(nowhere.status == 2)
    #expect(
      nowhere.err.hasPrefix(
        "stabletext: --commits needs a git repository here: git says fatal: not a git repository"))
  }

  /// The CI jobs of the README, their `stabletext check` lines run exactly as written (with
  /// `BASE` set as the jobs set it) on that history.
  @Test func readmeCIJobsRunAsWritten() throws {
    let readme = try String(contentsOfFile: repositoryPath("README.md"), encoding: .utf8)
    var commands: [String] = []
    var inYAML = false
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inYAML = line == "```yaml"
        continue
      }
      guard inYAML, let start = line.range(of: "stabletext check --commits") else { continue }
      commands.append(String(line[start.lowerBound...]))
    }
    #expect(
      commands == [
        #"stabletext check --commits "origin/$BASE..HEAD" --format github --required-trailers-severity error"#,
        #"stabletext check --commits "origin/$BASE..HEAD""#,
      ])
    let repository = try Repository()
    let history = try Self.makeHistory(repository)
    let short = { (hash: String) in String(hash.prefix(12)) }
    let expected = [
      """
      ::error line=1,col=73,endColumn=86,title=stabletext line-too-long in \(short(history.long))::85/72 columns: 13 over the limit
      ::error line=3,col=28,endColumn=28,title=stabletext missing-trailer in \(short(history.unsigned))::missing trailer "Signed-off-by:"

      """,
      """
      \(short(history.long)):1:73: error: 85/72 columns: 13 over the limit [line-too-long]
      \(short(history.unsigned)):3:28: warning: missing trailer "Signed-off-by:" [missing-trailer]

      """,
    ]
    for (command, output) in zip(commands, expected) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", command]
      process.currentDirectoryURL = repository.root
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] = pathWithBinary()
      environment["BASE"] = "main"
      process.environment = environment
      let out = Pipe()
      process.standardOutput = out
      try process.run()
      let printed = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 1, "\(command)")
      #expect(String(decoding: printed, as: UTF8.self) == output, "\(command)")
    }
  }

  /// `--format github` for files: the workflow commands' escapes, and `endLine` for a range
  /// that ends on a later line.
  @Test func githubFormatForFiles() throws {
    let repository = try Repository()
    try repository.write("a,b:c%.txt", "  \n")
    try repository.write("long.txt", "abcdef\n")
    let result = try runBinary(
      [
        "check", "--format", "github", "--max-length", "3", "--count-final-newline", "--require-non-empty",
        "a,b:c%.txt", "long.txt",
      ], in: repository.path)
    #expect(result.status == 1)
    #expect(
      result.out == """
        ::warning file=a%2Cb%3Ac%25.txt,line=1,endLine=2,col=1,endColumn=1,title=stabletext empty-after-trim::The text is empty after trimming whitespace and newlines; type some text to fill it in
        ::error file=long.txt,line=1,endLine=2,col=4,endColumn=1,title=stabletext over-limit::7/3 characters: 4 over the limit

        """)
  }

  /// The daemon reads nothing for a URI that is not `file:`.
  @Test func onlyFileURIsHaveConfiguration() throws {
    let session = try Session(inProcess: true)
    for uri in ["untitled:Untitled-1", "vscode-vfs://github/o/r/.stabletext.json", "file:relative/a.md"] {
      session.open(uri, "text")
      _ = try session.publish()
    }
    let server = (session.endpoint as! InProcessEndpoint).session.server
    #expect(server.configurationFileStats == 0)
    #expect(server.configurationFileReads == 0)
  }
}
