import Foundation
import StableTextSessionSupport
import Testing

/// `stabletext init` in a repository that already has its team's files (Protocol/README.md,
/// "Command line", `init`): a commitlint or gitlint configuration decides the limits (no line
/// rule of init's, the table in that tool's unit, the file named), its problems said as `check`
/// says them, a hand-edited `.stabletext.json` kept until `--force`, and the check installed
/// where husky, pre-commit or lefthook wants it. Real repositories, real `git commit`.
@Suite struct InitInATeamRepository {
  typealias Repository = InitCommand.Repository

  static func columns(_ count: Int, _ letter: Character = "a") -> String {
    InitCommand.columns(count, letter)
  }

  /// `count` Hangul syllables: one UTF-16 code unit and one character each, two columns.
  static func hangul(_ count: Int) -> String { String(repeating: "한", count: count) }

  /// Commits each message the given number of times.
  static func commit(_ repository: Repository, _ messages: [(String, Int)]) throws {
    for (message, times) in messages {
      for _ in 0..<times { try repository.commit(message) }
    }
  }

  /// commitlint's config-conventional decides: header-max-length 100 in UTF-16 code units, so
  /// Korean subjects of 50 units (95 columns) are within it; the table is in those units, the
  /// file is named with the share each of its error rules refuses (`Fixed stuff.` is one commit
  /// refused by three rules: 3 of 20 commits in all), and `.stabletext.json` holds the preset
  /// alone. The hook then passes a Korean header of 65 units (125 columns)
  /// and refuses one of 101 units with commitlint's code.
  @Test func commitlintDecidesInUTF16Units() throws {
    let repository = try Repository()
    try repository.write(".commitlintrc.json", #"{"extends": ["@commitlint/config-conventional"]}"# + "\n")
    try Self.commit(
      repository,
      [
        ("fix: " + Self.hangul(45), 10), ("feat: " + Self.columns(60), 7),
        ("feat: " + Self.columns(60) + "\n\n" + Self.columns(120, "b"), 1), ("feat: " + Self.columns(104), 1),
        ("Fixed stuff.", 1),
      ])
    let result = try repository.initialize()
    let root = repository.root
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err == "")
    #expect(
      result.out == """
        Commits read: 20 (the last non-merge commits, at most 1000)
        Share of commits each limit (UTF-16 code units, as commitlint's header-max-length and body-max-line-length count them) would have refused:
                      50     72    80    100   95th percentile
          subject     45.0%  5.0%  5.0%  5.0%  66: 5.0%
          body lines  5.0%   5.0%  5.0%  5.0%  0: 5.0%

        The limits are commitlint's (\(root)/.commitlintrc.json): init writes no line rule of its own (the gitCommit preset keeps git's grammar).
        Share of commits its error rules refuse:
          body-max-line-length  5.0% (1)
          header-max-length     5.0% (1)
          subject-empty         5.0% (1)
          subject-full-stop     5.0% (1)
          type-empty            5.0% (1)
          any of them           15.0% (3)

        \(root)/.stabletext.json: wrote the configuration
        \(root)/.git/hooks/commit-msg: wrote the commit-msg hook

        """)
    #expect(repository.read(".stabletext.json") == InitCommand.presetFile)
    #expect(try repository.commitThroughHook("fix: " + Self.hangul(60)).status == 0)
    let refused = try repository.commitThroughHook("feat: " + Self.columns(95))
    #expect(refused.status != 0)
    #expect(
      refused.err.contains(
        "1:1: error: header must not be longer than 100 characters, current length is 101 [header-max-length]"
      ), "\(refused.err)")
  }

  /// gitlint's `.gitlint` with a title of 60 decides: the table in characters (Korean titles of
  /// 30 characters are 60 columns, over the preset's 50), T1 named as the rule that refuses.
  @Test func gitlintDecidesInCharacters() throws {
    let repository = try Repository()
    try repository.write(".gitlint", "[title-max-length]\nline-length=60\n")
    let body = "\n\n" + Self.columns(40, "b")
    try Self.commit(
      repository,
      [("Fix " + Self.hangul(26) + body, 10), (Self.columns(55) + body, 9), (Self.columns(65) + body, 1)])
    let result = try repository.initialize()
    let root = repository.root
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out.hasPrefix(
        """
        Commits read: 20 (the last non-merge commits, at most 1000)
        Share of commits each limit (characters, as gitlint's title-max-length (T1) and body-max-line-length (B1) count them) would have refused:
                      50     72    80    100   95th percentile
          subject     50.0%  0.0%  0.0%  0.0%  55: 5.0%
          body lines  0.0%   0.0%  0.0%  0.0%  40: 0.0%

        The limits are gitlint's (\(root)/.gitlint): init writes no line rule of its own (the gitCommit preset keeps git's grammar).
        Share of commits its error rules refuse:
          T1           5.0% (1)
          any of them  5.0% (1)

        """), "\(result.out)")
    #expect(repository.read(".stabletext.json") == InitCommand.presetFile)
    #expect(try repository.commitThroughHook("Fix " + Self.hangul(40) + body).status == 0)
    let refused = try repository.commitThroughHook(Self.columns(61) + body)
    #expect(refused.status != 0)
    #expect(refused.err.contains("[T1]"), "\(refused.err)")
  }

  /// A limit edited by hand in init's file (to what init itself would write for another
  /// history) is the user's: left alone and said, and `--force` writes init's choice again.
  @Test func aHandEditedFileIsKeptUntilForce() throws {
    let repository = try Repository()
    for _ in 0..<20 { try repository.commit(Self.columns(85)) }
    let root = repository.root
    #expect(try repository.initialize().status == 0)
    let written = try #require(repository.read(".stabletext.json"))
    #expect(written.contains("\"maxLength\": 85"))
    let edited = written.replacingOccurrences(of: "\"maxLength\": 85", with: "\"maxLength\": 90")
    try repository.write(".stabletext.json", edited)
    let kept = try repository.initialize()
    #expect(kept.status == 0)
    #expect(
      kept.out.contains(
        "\(root)/.stabletext.json: the configuration left alone: stabletext init did not write it, or it was edited since (init's record of what it wrote is \(root)/.git/stabletext-init); --force replaces it\n"
      ), "\(kept.out)")
    #expect(repository.read(".stabletext.json") == edited)
    let forced = try repository.initialize(["--force"])
    #expect(forced.out.contains("\(root)/.stabletext.json: replaced the configuration\n"))
    #expect(repository.read(".stabletext.json") == written)
    // Init's own file again: the next run finds it unchanged.
    #expect(
      try repository.initialize().out.contains("\(root)/.stabletext.json: the configuration, unchanged\n"))
  }

  /// husky's layouts: v9's `core.hooksPath=.husky/_` (its generated folder, a dispatcher that
  /// runs `.husky/NAME`, written here in husky's shape), with a `.husky/commit-msg` of the
  /// team's or none; v4–v8's `core.hooksPath=.husky` (git runs `.husky/commit-msg` itself); and
  /// a `.husky` folder before husky ran in this clone. The check goes into `.husky/commit-msg`
  /// after what it runs, `.husky/_` and `.git/hooks` stay as they were, a second run changes
  /// nothing, and where git runs it a real commit is refused and accepted.
  @Test(arguments: [(".husky/_", true), (".husky/_", false), (".husky", true), ("", false)])
  func huskyGetsTheCheckInHuskyCommitMsg(hooksPath: String, teamHook: Bool) throws {
    let repository = try Repository()
    let root = repository.root
    try FileManager.default.createDirectory(atPath: root + "/.husky", withIntermediateDirectories: true)
    if !hooksPath.isEmpty { try repository.git(["config", "core.hooksPath", hooksPath]) }
    if hooksPath == ".husky/_" {
      try repository.write(
        ".husky/_/h",
        "#!/bin/sh\nn=$(basename \"$0\")\ns=$(dirname \"$(dirname \"$0\")\")/$n\n[ ! -f \"$s\" ] && exit 0\nsh -e \"$s\" \"$@\"\n"
      )
      try repository.write(".husky/_/commit-msg", "#!/bin/sh\n. \"$(dirname \"$0\")/h\"\n")
      for name in ["h", "commit-msg"] {
        try FileManager.default.setAttributes(
          [.posixPermissions: 0o755], ofItemAtPath: root + "/.husky/_/" + name)
      }
    }
    let team = "#!/bin/sh\necho \"the team's check of $1\"\n"
    if teamHook {
      try repository.write(".husky/commit-msg", team)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: root + "/.husky/commit-msg")
    }
    let generated = try repository.snapshot().filter {
      $0.key.hasPrefix(".husky/_") || $0.key.hasPrefix(".git/hooks")
    }
    let result = try repository.initialize()
    #expect(result.status == 0, "\(result.err)")
    let verb = teamHook ? "added the check to" : "wrote"
    #expect(
      result.out.hasSuffix("\(root)/.husky/commit-msg: \(verb) husky's commit-msg hook\n"), "\(result.out)")
    let added =
      "# Added by stabletext init: the commit message with the repository's rules.\nstabletext check \"$1\" || exit 1\n"
    #expect(repository.read(".husky/commit-msg") == (teamHook ? team : "") + added)
    // The README's husky block is the line init adds.
    let readme = try String(contentsOfFile: repositoryPath("README.md"), encoding: .utf8)
    #expect(readme.contains("```sh\n" + added.split(separator: "\n")[1] + "\n```\n"))
    #expect(
      try repository.snapshot().filter { $0.key.hasPrefix(".husky/_") || $0.key.hasPrefix(".git/hooks") }
        == generated)
    #expect(repository.read(".git/hooks/commit-msg") == nil)
    let again = try repository.initialize()
    #expect(
      again.out.hasSuffix("\(root)/.husky/commit-msg: husky's commit-msg hook, unchanged\n"), "\(again.out)")
    guard !hooksPath.isEmpty else { return }
    let refused = try repository.commitThroughHook(Self.columns(73))
    #expect(refused.status != 0)
    #expect(refused.err.contains("1:73: error: 73/72 columns"), "\(refused.err)")
    let passed = try repository.commitThroughHook("Fix the parser")
    #expect(passed.status == 0, "\(passed)")
    if teamHook { #expect(passed.err.contains("the team's check of .git/COMMIT_EDITMSG"), "\(passed)") }
  }

  /// A `.husky/commit-msg` that is a link out of the work tree is not written through: exit 2,
  /// the file it leads to as it was.
  @Test func aHuskyHookLinkedOutOfTheTreeIsRefused() throws {
    let repository = try Repository()
    let root = repository.root
    try repository.write("outside/commit-msg", "echo outside\n")
    try repository.git(["init", "-q", "work"])
    try FileManager.default.createDirectory(atPath: root + "/work/.husky", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/work/.husky/commit-msg", withDestinationPath: root + "/outside/commit-msg")
    let result = try repository.initialize(in: root + "/work")
    #expect(result.status == 2)
    #expect(
      result.err
        == "stabletext: husky's commit-msg hook not written: \(root)/work/.husky/commit-msg is a symbolic link to \(root)/outside/commit-msg, which leads out of the work tree \(root)/work (to \(root)/outside/commit-msg); nothing is written through it\n"
    )
    #expect(repository.read("outside/commit-msg") == "echo outside\n")
  }

  /// pre-commit and lefthook own the git hooks: init prints the entry to add and writes none.
  @Test(arguments: [".pre-commit-config.yaml", "lefthook.yml", ".lefthook.yml", "lefthook.toml"])
  func aHookManagerGetsAnEntryAndNoHook(file: String) throws {
    let repository = try Repository()
    try repository.write(file, "# the team's\n")
    let result = try repository.initialize()
    let root = repository.root
    #expect(result.status == 0, "\(result.err)")
    let entry =
      file == ".pre-commit-config.yaml"
      ? """
      \(root)/.pre-commit-config.yaml: pre-commit runs this repository's hooks, so init writes no git hook; add this entry under `repos:`:
        - repo: https://github.com/OWNER/stabletext   # StableText's repository, wherever you got it
          rev: v0.1.0
          hooks:
            - id: stabletext-commit-msg
      then: pre-commit install --hook-type commit-msg

      """
      : """
      \(root)/\(file): lefthook runs this repository's hooks, so init writes no git hook; add this entry to it:
      commit-msg:
        commands:
          stabletext:
            run: stabletext check {1}

      """
    #expect(
      result.out.hasSuffix("\(root)/.stabletext.json: wrote the configuration\n" + entry), "\(result.out)")
    #expect(repository.read(".git/hooks/commit-msg") == nil)
    #expect(repository.read(file) == "# the team's\n")
    // The README says the same entries.
    let readme = try String(contentsOfFile: repositoryPath("README.md"), encoding: .utf8)
    #expect(
      readme.contains("`run: stabletext check {1}` under `commit-msg:`")
        && entry.contains("run: stabletext check {1}") || file == ".pre-commit-config.yaml")
    #expect(readme.contains("- id: stabletext-commit-msg"))
  }

  /// Configuration problems are said exactly as `check` says them: an invalid file exits 2 and
  /// changes nothing; a part not honoured is a warning, and init goes on (exit 0).
  @Test(arguments: [
    (#"{"rules": {"header-max-length": [3, "always", 72]}}"#, Int32(2)),
    (#"{"extends": ["@commitlint/config-conventional", "@acme/commitlint-config"]}"#, Int32(0)),
  ])
  func configurationProblemsAsCheckSaysThem(configuration: String, status: Int32) throws {
    let repository = try Repository()
    try repository.write(".commitlintrc.json", configuration + "\n")
    try repository.commit("fix: the parser")
    try repository.write(".git/COMMIT_EDITMSG", "fix: a message\n")
    let check = try runCommand(
      [binaryPath, "check", ".git/COMMIT_EDITMSG"], in: repository.root, environment: repository.environment)
    let problems = check.err
    #expect(!problems.isEmpty)
    let before = try repository.snapshot()
    let result = try repository.initialize()
    #expect(result.status == status)
    if status == 2 {
      #expect(check.status == 2)
      #expect(
        result.err == problems
          + "stabletext: init changed nothing: fix the configuration above, then run init again\n")
      #expect(result.out == "")
      #expect(try repository.snapshot() == before)
    } else {
      #expect(check.status == 0)
      #expect(result.err == problems)
      #expect(result.out.contains("The limits are commitlint's (\(repository.root)/.commitlintrc.json)"))
      #expect(repository.read(".stabletext.json") == InitCommand.presetFile)
    }
  }
}
