import Foundation
import StableTextSessionSupport
import Testing

/// The commit-msg hook's `check` of one message starts at most two git processes (Protocol/
/// README.md, "Command line", "How git is asked"): one `rev-parse` with every question, one
/// `config -z --get-regexp`; git's identity only when a rule reads it. Counted with a `git` first on
/// the hook's `PATH` that writes each call to a log and runs the real git, while the real git
/// commits through the README's hook (`stabletext check "$1"`).
@Suite struct GitProcessCount {
  /// The real git, found on `PATH` before the sandbox puts its own first.
  static let realGit: String = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/git"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return "/usr/bin/git"
  }()

  /// A sandbox (`GitCorners.Sandbox`: its own home, the built binary first on `PATH`) with a
  /// `git` in `wrap/` that logs each call's arguments to `git.log` and runs the real one; with
  /// `hooksPath`, the global configuration's hooks folder runs the hook, else each
  /// repository's own.
  static func sandbox(hooksPath: Bool) throws -> GitCorners.Sandbox {
    let sandbox = try GitCorners.Sandbox()
    let wrap = sandbox.root.appendingPathComponent("wrap")
    try FileManager.default.createDirectory(at: wrap, withIntermediateDirectories: true)
    try GitCorners.Sandbox.script(
      wrap.appendingPathComponent("git"),
      "printf '%s\\n' \"$*\" >> \"\(sandbox.path)/git.log\"\nexec \(realGit) \"$@\"")
    if hooksPath {
      try GitCorners.Sandbox.script(sandbox.root.appendingPathComponent("hooks/commit-msg"), hook(sandbox))
    } else {
      let global = sandbox.root.appendingPathComponent(".gitconfig")
      let text = try String(contentsOf: global, encoding: .utf8)
      try text.components(separatedBy: "\n").filter { !$0.contains("hooksPath") }.joined(separator: "\n")
        .write(to: global, atomically: true, encoding: .utf8)
    }
    return sandbox
  }

  /// The README's hook, `stabletext check "$1"`, with the logging `git` first on `PATH`: git
  /// runs its hooks with its own folder of programs (`git --exec-path`, which holds a `git`)
  /// first, so the wrapper goes before it.
  static func hook(_ sandbox: GitCorners.Sandbox) -> String {
    "PATH=\"\(sandbox.path)/wrap:$PATH\" stabletext check \"$1\""
  }

  /// The hook in `repository`'s own hooks folder.
  static func installHook(in sandbox: GitCorners.Sandbox, _ repository: String) throws {
    let hooks = try sandbox.run([realGit, "rev-parse", "--git-path", "hooks"], in: repository).output
      .trimmingCharacters(in: .newlines)
    let folder = hooks.hasPrefix("/") ? hooks : "\(sandbox.path)/\(repository)/\(hooks)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try GitCorners.Sandbox.script(URL(fileURLWithPath: folder + "/commit-msg"), hook(sandbox))
  }

  /// The git calls a commit made with the real git (so only the hook's calls are logged): each
  /// call's subcommand, after `-C FOLDER`; and the whole log.
  static func commit(
    _ sandbox: GitCorners.Sandbox, _ arguments: [String], in folder: String, subject: String = ""
  ) throws -> (status: Int32, output: String, subcommands: [String], log: String) {
    let log = sandbox.root.appendingPathComponent("git.log")
    try? FileManager.default.removeItem(at: log)
    let committed = try sandbox.run([realGit] + arguments, in: folder, subject: subject)
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    let subcommands = text.split(separator: "\n").map { line in
      let words = line.split(separator: " ")
      return words.first == "-C" && words.count > 2 ? String(words[2]) : String(words.first ?? "")
    }
    return (committed.status, committed.output, subcommands, text)
  }

  static let longSubject = "Subject " + String(repeating: "x", count: 80)

  /// The hook's check of one message: two git processes, `rev-parse` and `config`, in a plain
  /// repository and a linked worktree, with the hooks in `core.hooksPath` or the repository's,
  /// whatever the comment character, with or without an editor, accepted or refused.
  @Test func theHookStartsTwoGitProcesses() throws {
    let cases:
      [(
        what: String, hooksPath: Bool, worktree: Bool, config: [String], commit: [String], subject: String,
        refused: Bool
      )] = [
        (
          "a plain repository, -m", false, false, [], ["commit", "--allow-empty", "-m", "Add the parser"], "",
          false
        ),
        (
          "a plain repository, an editor", false, false, [], ["commit", "--allow-empty"], "Add the parser",
          false
        ),
        (
          "a refused subject", false, false, [], ["commit", "--allow-empty", "-m", Self.longSubject], "", true
        ),
        ("core.hooksPath", true, false, [], ["commit", "--allow-empty", "-m", "Add the parser"], "", false),
        (
          "a linked worktree", false, true, [], ["commit", "--allow-empty", "-m", "Add the parser"], "", false
        ),
        (
          "a linked worktree, core.hooksPath, an editor", true, true, [], ["commit", "--allow-empty"],
          "Add the parser", false
        ),
        (
          "core.commentChar=;", false, false, ["core.commentChar", ";"], ["commit", "--allow-empty"],
          "Add the parser", false
        ),
        (
          "core.commentChar=auto", false, false, ["core.commentChar", "auto"], ["commit", "--allow-empty"],
          "Add the parser", false
        ),
        (
          "core.commentChar=auto, refused", false, false, ["core.commentChar", "auto"],
          ["commit", "--allow-empty", "-v"], Self.longSubject, true
        ),
      ]
    for (what, hooksPath, worktree, config, commit, subject, refused) in cases {
      let sandbox = try Self.sandbox(hooksPath: hooksPath)
      #expect(try sandbox.run([Self.realGit, "init", "-q", "main"]).status == 0)
      if !config.isEmpty { try sandbox.run([Self.realGit, "config"] + config, in: "main") }
      try sandbox.run(
        [Self.realGit, "commit", "-q", "--no-verify", "--allow-empty", "-m", "Base"], in: "main")
      var folder = "main"
      if worktree {
        #expect(
          try sandbox.run([Self.realGit, "worktree", "add", "-q", "../linked"], in: "main").status == 0)
        folder = "linked"
      }
      if !hooksPath { try Self.installHook(in: sandbox, folder) }
      let counted = try Self.commit(sandbox, commit, in: folder, subject: subject)
      #expect(counted.status == (refused ? 1 : 0), "\(what): \(counted.output)")
      #expect(
        counted.output.contains("[line-too-long]") == refused, "\(what): the hook ran: \(counted.output)")
      #expect(counted.subcommands == ["rev-parse", "config"], "\(what):\n\(counted.log)")
    }
  }

  /// git's identity is asked only when a rule reads it: a team that requires the sign-off
  /// (whose fix writes the committer) costs the hook a third process, `git var`.
  @Test func theIdentityOnlyWhenARuleNeedsIt() throws {
    let sandbox = try Self.sandbox(hooksPath: false)
    #expect(try sandbox.run([Self.realGit, "init", "-q", "main"]).status == 0)
    try sandbox.write("main/.stabletext.json", #"{"rules": {"requiredTrailers": ["Signed-off-by"]}}"#)
    try Self.installHook(in: sandbox, "main")
    let counted = try Self.commit(sandbox, ["commit", "--allow-empty", "-m", "Add the parser"], in: "main")
    #expect(counted.status == 0, "\(counted.output)")
    #expect(counted.output.contains("Signed-off-by"), "\(counted.output)")
    #expect(counted.subcommands == ["rev-parse", "config", "var"], "\(counted.log)")
  }
}
