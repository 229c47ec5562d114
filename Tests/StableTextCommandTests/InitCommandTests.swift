import Foundation
import StableTextSessionSupport
import Testing

/// `stabletext init` through the real binary on repositories made with real `git commit`
/// (Protocol/README.md, "Command line", `init`): the history's table, the limits chosen, the
/// `.stabletext.json` and the hook it writes, what it leaves alone, `--dry-run`, `--force`, and
/// that the hook it installs refuses what the chosen limits refuse.
@Suite struct InitCommand {
  /// A repository in a temporary folder; git and the binary run with its own `HOME`, no system
  /// configuration, and the binary's folder first on `PATH` (so the hook's `stabletext` is it).
  final class Repository {
    let root: String
    let environment: [String: String]

    init(bare: Bool = false) throws {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("st-init-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      root = url.resolvingSymlinksInPath().path
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
      environment = [
        "HOME": root, "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CEILING_DIRECTORIES": FileManager.default.temporaryDirectory.path,
        "PATH": URL(fileURLWithPath: binaryPath).deletingLastPathComponent().path + ":" + path,
        "GIT_EDITOR": "true",
      ]
      try git(bare ? ["init", "-q", "--bare", "-b", "main"] : ["init", "-q", "-b", "main"])
      if !bare {
        try git(["config", "user.name", "Ann Example"])
        try git(["config", "user.email", "ann@example.com"])
        try git(["config", "commit.gpgsign", "false"])
      }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    @discardableResult
    func git(_ arguments: [String], in folder: String? = nil) throws -> (
      status: Int32, out: String, err: String
    ) {
      try runCommand(["/usr/bin/env", "git"] + arguments, in: folder ?? root, environment: environment)
    }

    func commit(_ message: String) throws {
      let result = try git(["commit", "-q", "--allow-empty", "--no-verify", "-m", message])
      #expect(result.status == 0, "\(result.err)")
    }

    /// A commit through the hooks (the one `init` installed): its status and what it said.
    func commitThroughHook(_ message: String) throws -> (status: Int32, out: String, err: String) {
      try git(["commit", "-q", "--allow-empty", "-m", message])
    }

    func initialize(_ arguments: [String] = [], in folder: String? = nil) throws -> (
      status: Int32, out: String, err: String
    ) {
      try runCommand([binaryPath, "init"] + arguments, in: folder ?? root, environment: environment)
    }

    func write(_ relative: String, _ text: String) throws {
      let url = URL(fileURLWithPath: root).appendingPathComponent(relative)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: false, encoding: .utf8)
    }

    func read(_ relative: String) -> String? {
      try? String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }

    /// Every file and folder below the root, with its bytes and permissions.
    func snapshot() throws -> [String: String] {
      var all: [String: String] = [:]
      let manager = FileManager.default
      for case let relative as String in manager.enumerator(atPath: root)! {
        let path = root + "/" + relative
        let attributes = try manager.attributesOfItem(atPath: path)
        let permissions = (attributes[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
        let bytes =
          (attributes[.type] as? FileAttributeType) == .typeRegular ? manager.contents(atPath: path) : nil
        all[relative] = "\(permissions) \(bytes.map { Array($0).description } ?? "folder")"
      }
      return all
    }
  }

  static func columns(_ count: Int, _ letter: Character = "a") -> String {
    // Words of five letters and a space, never last (git strips trailing spaces): wrapping could
    // shorten it (not a long word).
    var text = ""
    while text.count < count { text += text.count % 6 == 5 && text.count < count - 1 ? " " : String(letter) }
    return text
  }

  static let presetFile = """
    {
      "overrides": [
        {"pattern": "**/{COMMIT_EDITMSG,MERGE_MSG,SQUASH_MSG,TAG_EDITMSG}",
          "rules": {"preset": "gitCommit"}}
      ]
    }

    """

  static let hook = """
    #!/bin/sh
    # Written by stabletext init; stabletext init --force rewrites it.
    # Checks the commit message with the repository's rules (stabletext rules .git/COMMIT_EDITMSG
    # lists them); a refusal says where git kept the message.
    exec stabletext check "$1"

    """

  /// A history of long subjects: 19 of 85 columns and one of 30, each with a 60-column body
  /// line. The preset's 50 (and 72, 80) would refuse 95 %, so the 95th percentile, 85, is chosen
  /// for the subject; the body's 72 holds. The hook then refuses 86 columns and passes 85.
  @Test func aHistoryOfLongSubjectsGetsALargerLimit() throws {
    let repository = try Repository()
    try repository.commit(Self.columns(30) + "\n\n" + Self.columns(60, "b"))
    for _ in 0..<19 { try repository.commit(Self.columns(85) + "\n\n" + Self.columns(60, "b")) }
    let result = try repository.initialize()
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err == "")
    let root = repository.root
    #expect(
      result.out == """
        Commits read: 20 (the last non-merge commits, at most 1000)
        Share of commits each limit (columns, as the gitCommit preset counts them) would have refused:
                      50      72     80     100   95th percentile
          subject     95.0%   95.0%  95.0%  0.0%  85: 0.0%
          body lines  100.0%  0.0%   0.0%   0.0%  60: 0.0%

        subject: 85 columns (the preset's 50 would have refused 95.0%; 85 is the smallest candidate that at least 95% are within)
        body lines: 72 columns, the preset's (100.0% of the commits are within it)

        \(root)/.stabletext.json: wrote the configuration
        \(root)/.git/hooks/commit-msg: wrote the commit-msg hook

        """)
    let rules = """
      {"preset": "gitCommit", "lineRules": [
              {"lines": "1", "maxLength": 85, "unit": "columns", "severity": "error"},
              {"lines": "2", "blank": true, "unit": "columns", "severity": "warning"},
              {"lines": "3-", "maxLength": 72, "unit": "columns", "severity": "warning"}
            ]}
      """
    #expect(
      repository.read(".stabletext.json") == """
        {
          "overrides": [
            {"pattern": "**/{COMMIT_EDITMSG,MERGE_MSG,SQUASH_MSG,TAG_EDITMSG}",
              "rules": \(rules)}
          ]
        }

        """)
    #expect(repository.read(".git/hooks/commit-msg") == Self.hook)
    let mode = try FileManager.default.attributesOfItem(atPath: root + "/.git/hooks/commit-msg")[
      .posixPermissions]
    #expect(mode as? Int == 0o755)
    // The installed hook refuses past the chosen limit and passes within it.
    let refused = try repository.commitThroughHook(Self.columns(86))
    #expect(refused.status != 0)
    // git shows a hook's output on standard error.
    #expect(
      refused.err.contains(
        ".git/COMMIT_EDITMSG:1:86: error: 86/85 columns: 1 over the limit [line-too-long]"), "\(refused)")
    let passed = try repository.commitThroughHook(Self.columns(85))
    #expect(passed.status == 0, "\(passed)")
    // check --commits, the editor's rules and the hook read the same file: rules says so.
    let rulesSaid = try runCommand(
      [binaryPath, "rules", "--format", "json", ".git/COMMIT_EDITMSG"], in: root,
      environment: repository.environment)
    #expect(
      rulesSaid.out.contains("{\"lines\":\"1\",\"maxLength\":85,\"unit\":\"columns\",\"severity\":\"error\"}")
    )
    // Run again on the same history: both files are init's and unchanged.
    let again = try repository.initialize()
    #expect(
      again.out.hasSuffix(
        """
        \(root)/.stabletext.json: the configuration, unchanged
        \(root)/.git/hooks/commit-msg: the commit-msg hook, unchanged

        """))
  }

  /// A history within 50 and 72 columns gets the preset's limits; the hook refuses a subject
  /// over 72 (the preset's error) and passes one of 60 (a warning only).
  @Test func aHistoryWithinThePresetGetsThePreset() throws {
    let repository = try Repository()
    for index in 0..<12 {
      try repository.commit(
        Self.columns(40 + index / 2) + "\n\n" + Self.columns(70, "b") + "\n\nSigned-off-by: A <a@b>")
    }
    // A generated subject and a long URL in the body are exempt, as the preset exempts them.
    try repository.commit(
      "Revert \"" + Self.columns(90) + "\"\n\nhttps://example.com/" + String(repeating: "x", count: 100))
    let result = try repository.initialize()
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out.hasPrefix(
        """
        Commits read: 13 (the last non-merge commits, at most 1000)
        Share of commits each limit (columns, as the gitCommit preset counts them) would have refused:
                      50     72    80    100   95th percentile
          subject     0.0%   0.0%  0.0%  0.0%  45: 0.0%
          body lines  92.3%  0.0%  0.0%  0.0%  70: 0.0%

        subject: 50 columns, the preset's (100.0% of the commits are within it)
        body lines: 72 columns, the preset's (100.0% of the commits are within it)

        """), "\(result.out)")
    #expect(repository.read(".stabletext.json") == Self.presetFile)
    let refused = try repository.commitThroughHook(Self.columns(73))
    #expect(refused.status != 0)
    #expect(refused.err.contains("1:73: error: 73/72 columns"), "\(refused)")
    #expect(try repository.commitThroughHook(Self.columns(60)).status == 0)
  }

  @Test func anEmptyHistoryGetsThePreset() throws {
    let repository = try Repository()
    let result = try repository.initialize()
    #expect(result.status == 0)
    #expect(
      result.out == """
        Commits read: 0 (the last non-merge commits, at most 1000)
        No commits to learn from yet: the gitCommit preset's limits it is.
        subject: 50 columns (the preset's)
        body lines: 72 columns (the preset's)

        \(repository.root)/.stabletext.json: wrote the configuration
        \(repository.root)/.git/hooks/commit-msg: wrote the commit-msg hook

        """)
    #expect(repository.read(".stabletext.json") == Self.presetFile)
  }

  /// `core.hooksPath` set (relative to the work tree): the hook goes there, from a subfolder too.
  @Test func theHookGoesToCoreHooksPath() throws {
    let repository = try Repository()
    try repository.git(["config", "core.hooksPath", "tools/hooks"])
    try repository.write("src/x.txt", "x\n")
    let result = try repository.initialize(in: repository.root + "/src")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("\(repository.root)/tools/hooks/commit-msg: wrote the commit-msg hook"))
    #expect(repository.read("tools/hooks/commit-msg") == Self.hook)
    #expect(repository.read(".git/hooks/commit-msg") == nil)
    #expect(repository.read(".stabletext.json") == Self.presetFile)
    #expect(try repository.commitThroughHook(Self.columns(73)).status != 0)
  }

  /// In a linked worktree: the configuration at its top, the hook in the repository's common
  /// hooks folder (where git runs it from), and a commit there is refused by it.
  @Test func aLinkedWorktreeUsesTheCommonHooks() throws {
    let repository = try Repository()
    try repository.commit("First")
    let linked = repository.root + "/linked"
    try repository.git(["worktree", "add", "-q", linked])
    let result = try repository.initialize(in: linked)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("\(linked)/.stabletext.json: wrote the configuration\n"))
    #expect(result.out.contains("\(repository.root)/.git/hooks/commit-msg: wrote the commit-msg hook\n"))
    let refused = try repository.git(["commit", "-q", "--allow-empty", "-m", Self.columns(73)], in: linked)
    #expect(refused.status != 0)
    #expect(refused.err.contains("1:73: error: 73/72 columns"), "\(refused)")
  }

  /// A hook and a `.stabletext.json` init did not write are left alone and named (the hook with
  /// the line to add to it) until `--force`; an init-written file is replaced when the history
  /// asks for other limits.
  @Test func foreignFilesAreLeftAloneUntilForce() throws {
    let repository = try Repository()
    let foreignHook = "#!/bin/sh\necho mine\n"
    let foreignConfiguration = "{\"rules\": {}}\n"
    try repository.write(".git/hooks/commit-msg", foreignHook)
    try repository.write(".stabletext.json", foreignConfiguration)
    let root = repository.root
    let left = try repository.initialize()
    #expect(left.status == 0)
    #expect(
      left.out.hasSuffix(
        """
        \(root)/.stabletext.json: the configuration left alone: stabletext init did not write it, or it was edited since (init's record of what it wrote is \(root)/.git/stabletext-init); --force replaces it
        \(root)/.git/hooks/commit-msg: the commit-msg hook left alone: stabletext init did not write it; --force replaces it, or add this line to it:
          stabletext check "$1" || exit 1

        """), "\(left.out)")
    #expect(repository.read(".git/hooks/commit-msg") == foreignHook)
    #expect(repository.read(".stabletext.json") == foreignConfiguration)
    // An edited init file is the user's too.
    try repository.write(".stabletext.json", Self.presetFile.replacingOccurrences(of: "  ", with: " "))
    #expect(try repository.initialize().out.contains(".stabletext.json: the configuration left alone"))
    let forced = try repository.initialize(["--force"])
    #expect(forced.status == 0)
    #expect(forced.out.contains("\(root)/.stabletext.json: replaced the configuration\n"))
    #expect(forced.out.contains("\(root)/.git/hooks/commit-msg: replaced the commit-msg hook\n"))
    #expect(repository.read(".git/hooks/commit-msg") == Self.hook)
    #expect(repository.read(".stabletext.json") == Self.presetFile)
    // Init's own file, with the history now asking for more: replaced without --force.
    for _ in 0..<5 { try repository.commit(Self.columns(90)) }
    let replaced = try repository.initialize()
    #expect(
      replaced.out.contains("\(root)/.stabletext.json: replaced the configuration\n"), "\(replaced.out)")
    #expect(repository.read(".stabletext.json")?.contains("\"maxLength\": 90") == true)
  }

  /// `--dry-run` prints the table and what it would write, and changes nothing: every file and
  /// folder's bytes and permissions are as before.
  @Test(arguments: [false, true]) func dryRunChangesNothing(foreign: Bool) throws {
    let repository = try Repository()
    try repository.commit(Self.columns(60))
    if foreign { try repository.write(".git/hooks/commit-msg", "#!/bin/sh\nexit 0\n") }
    let before = try repository.snapshot()
    let result = try repository.initialize(["--dry-run", "--force"])
    #expect(result.status == 0)
    #expect(try repository.snapshot() == before)
    #expect(
      result.out.contains("\(repository.root)/.stabletext.json: would write the configuration with:\n{\n"))
    #expect(
      result.out.contains(
        "\(repository.root)/.git/hooks/commit-msg: would \(foreign ? "replace" : "write") the commit-msg hook with:\n\(Self.hook)"
      ))
  }

  /// Outside a work tree (no repository, a bare one, a git directory): exit 2, nothing written.
  @Test(arguments: ["none", "bare", "git directory"]) func outsideAWorkTreeExitsTwo(place: String) throws {
    let repository = try Repository(bare: place == "bare")
    var folder = repository.root
    switch place {
    case "none":
      folder = repository.root + "/elsewhere"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FileManager.default.removeItem(atPath: repository.root + "/.git")
    case "git directory": folder = repository.root + "/.git"
    default: break
    }
    let before = try repository.snapshot()
    let result = try repository.initialize(in: folder)
    #expect(result.status == 2)
    #expect(result.out == "")
    #expect(
      result.err.hasPrefix("stabletext: init needs a git work tree (run it inside one): "), "\(result.err)")
    #expect(try repository.snapshot() == before)
  }

  @Test func usageErrorsExitTwo() throws {
    let result = try runBinary(["init", "--frobnicate"])
    #expect(result.status == 2)
    #expect(
      result.err
        == "stabletext: unknown option --frobnicate for init\nusage: stabletext init [--dry-run] [--force] (stabletext init --help lists every option)\n"
    )
    let help = try runBinary(["init", "--help"])
    #expect(help.status == 0)
    #expect(help.out.contains("stabletext init [--dry-run] [--force]"))
  }
}
