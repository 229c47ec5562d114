import Foundation
import StableTextJSON
import StableTextSessionSupport
import Testing

/// The commit-msg hook exactly as the README gives it, with a real `git commit` in a temporary
/// repository: git runs the hook on the message file before stripping comments, so the hook must
/// read git's template as comments and the scissors part as ignored.
@Suite struct GitCommitHook {
  /// A repository with one file staged, `stabletext check "$1"` as its commit-msg hook (the
  /// built binary on `PATH` as `stabletext`), and an editor that puts `subject` above git's
  /// template.
  final class Repository {
    let directory: URL
    let environment: [String: String]

    init(editor custom: String? = nil) throws {
      directory = FileManager.default.temporaryDirectory.appendingPathComponent("st-git-\(UUID().uuidString)")
      let bin = directory.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: bin.appendingPathComponent("stabletext").path, withDestinationPath: binaryPath)
      var environment = ProcessInfo.processInfo.environment
      environment["HOME"] = directory.path
      environment["GIT_CONFIG_NOSYSTEM"] = "1"
      environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      // The editor keeps git's template and writes the subject (from $SUBJECT) above it.
      let editor = bin.appendingPathComponent("editor")
      try "#!/bin/sh\n{ printf '%s\\n' \"$SUBJECT\"; cat \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\"\n"
        .write(
          to: editor, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
      environment["GIT_EDITOR"] = custom ?? editor.path
      self.environment = environment
      let work = directory.appendingPathComponent("work")
      try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
      _ = try git(["init", "-q"])
      _ = try git(["config", "user.name", "Test"])
      _ = try git(["config", "user.email", "test@example.com"])
      let hook = work.appendingPathComponent(".git/hooks/commit-msg")
      // The README's hook, word for word.
      try "#!/bin/sh\nstabletext check \"$1\"\n".write(to: hook, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Runs git in the work tree; status and everything it printed.
    func git(_ arguments: [String], subject: String = "") throws -> (status: Int32, output: String) {
      var environment = self.environment
      environment["SUBJECT"] = subject
      let result = try runCommand(
        ["/usr/bin/env", "git"] + arguments, in: directory.appendingPathComponent("work").path,
        environment: environment, merged: true)
      return (result.status, result.out)
    }

    /// Changes the file and stages it, so there is always something to commit.
    func stageChange(_ text: String) throws {
      let file = directory.appendingPathComponent("work/file.txt")
      try
        (String(repeating: "a long line of the diff that git commit -v shows below the scissors ", count: 3)
        + text)
        .write(to: file, atomically: true, encoding: .utf8)
      _ = try git(["add", "file.txt"])
    }
  }

  @Test func hookJudgesMessagesWrittenInAnEditor() throws {
    let repository = try Repository()
    // A short subject with git's whole comment template below it: accepted.
    try repository.stageChange("1")
    let fine = try repository.git(["commit"], subject: "Fix the build")
    #expect(fine.status == 0, "\(fine.output)")
    // A subject of 60 columns is a warning: printed, and the commit goes through.
    try repository.stageChange("2")
    let warned = try repository.git(["commit"], subject: String(repeating: "w", count: 60))
    #expect(warned.status == 0, "\(warned.output)")
    #expect(
      warned.output.contains("COMMIT_EDITMSG:1:51: warning: 60/50 columns: 10 over the limit [line-too-long]")
    )
    // Over 72 columns is refused, Korean counting two columns each.
    try repository.stageChange("3")
    let korean = try repository.git(["commit"], subject: String(repeating: "한", count: 37))
    #expect(korean.status != 0)
    #expect(
      korean.output.contains("COMMIT_EDITMSG:1:73: error: 74/72 columns: 2 over the limit [line-too-long]"))
    // The refusal says where git kept the message and how to take it up again; it is there.
    #expect(
      korean.output.contains(
        ".git/COMMIT_EDITMSG: note: the commit was refused; git kept the message in .git/COMMIT_EDITMSG: edit it and commit again with git commit -e -F .git/COMMIT_EDITMSG (with --amend if you were amending)\n"
      ), "\(korean.output)")
    #expect(!warned.output.contains("note:"))
    let kept = try String(
      contentsOfFile: repository.directory.appendingPathComponent("work/.git/COMMIT_EDITMSG").path,
      encoding: .utf8)
    #expect(kept.hasPrefix(String(repeating: "한", count: 37) + "\n"))
    // Checked by hand, outside git's hook, nothing was refused: the errors, and no note.
    let byHand = try runBinary(
      ["check", ".git/COMMIT_EDITMSG"], in: repository.directory.appendingPathComponent("work").path)
    #expect(byHand.status == 1)
    #expect(byHand.out.contains("74/72 columns") && !byHand.err.contains("note:"), "\(byHand.err)")
    // The refusal docs/commit-messages.md shows is what the hook prints, to the byte.
    try repository.stageChange("eighty")
    let eighty = try repository.git(["commit"], subject: String(repeating: "e", count: 80))
    #expect(eighty.status != 0)
    let documented = try String(contentsOfFile: repositoryPath("docs/commit-messages.md"), encoding: .utf8)
    let block = try #require(
      documented.components(separatedBy: "<!-- README block: refusal -->\n```text\n").dropFirst().first?
        .components(separatedBy: "```").first)
    #expect(eighty.output == block, "\(eighty.output)")
    // In a rebase (a reword), the message is taken up again with --amend, then the rebase goes on.
    #expect(try repository.git(["reset", "-q", "--hard"]).status == 0)
    let reword = try repository.git(
      ["-c", "sequence.editor=sed -i 1s/^pick/reword/", "rebase", "-i", "HEAD~1"],
      subject: String(repeating: "r", count: 80))
    #expect(reword.status != 0)
    #expect(
      reword.output.contains(
        "edit it and commit again with git commit --amend -e -F .git/COMMIT_EDITMSG, then git rebase --continue\n"
      ),
      "\(reword.output)")
    #expect(try repository.git(["rebase", "--abort"]).status == 0)
    // `git commit -v`: the diff below the scissors line is not the message.
    try repository.stageChange("4")
    let verbose = try repository.git(["commit", "-v"], subject: "Verbose commit")
    #expect(verbose.status == 0, "\(verbose.output)")
    // `git commit -m` still works.
    try repository.stageChange("5")
    let inline = try repository.git(["commit", "-m", "Inline subject"])
    #expect(inline.status == 0, "\(inline.output)")
    let log = try repository.git(["log", "--format=%s"])
    #expect(
      log.output == "Inline subject\nVerbose commit\n\(String(repeating: "w", count: 60))\nFix the build\n")
  }

  /// What git writes itself passes the README's hook (Protocol/README.md, "Commit messages as git
  /// writes them"): merge and revert subjects, fixup, squash and amend commits, a long sign-off,
  /// cherry-pick's trailer, URLs, another comment character with `commit -v`, a Latin-1 message
  /// under `i18n.commitEncoding`. A human subject over 72 columns is still refused.
  @Test func gitsOwnMessagesPassTheHook() throws {
    let repository = try Repository()
    func commit(_ arguments: [String], subject: String = "", config: [String] = []) throws -> (Int32, String)
    {
      try repository.git(config + arguments, subject: subject)
    }
    func expectAccepted(_ result: (Int32, String), _ what: String, quiet: Bool = true) {
      #expect(result.0 == 0, "\(what): \(result.1)")
      if quiet { #expect(!result.1.contains("line-too-long"), "\(what): \(result.1)") }
    }
    try repository.stageChange("base")
    expectAccepted(try commit(["commit", "-m", "Start"]), "a first commit")
    // A merge of a branch whose name makes the subject 90 columns.
    let branch = "feature/JIRA-1234-make-the-parser-handle-very-long-lines-gracefully"
    _ = try repository.git(["checkout", "-q", "-b", branch])
    try repository.stageChange("on the branch")
    expectAccepted(try commit(["commit", "-m", "Work on the branch"]), "a commit on the branch")
    _ = try repository.git(["checkout", "-q", "-"])
    let merge = try commit(["merge", "--no-ff", "--no-edit", branch])
    expectAccepted(merge, "git merge --no-ff")
    #expect(try repository.git(["log", "-1", "--format=%s"]).output.count > 80)
    // A revert of a 70-column subject writes 80 columns.
    try repository.stageChange("to revert")
    let seventy = "Change the parser so that it handles very long lines gracefully ok"
    #expect(seventy.count == 66)
    expectAccepted(
      try commit(["commit", "-m", seventy + " 1234"]), "a 71-column subject (a warning)", quiet: false)
    expectAccepted(try commit(["revert", "--no-edit", "HEAD"]), "git revert")
    #expect(try repository.git(["log", "-1", "--format=%s"]).output.hasPrefix("Revert \""))
    // fixup!, squash! and amend! of that subject.
    try repository.stageChange("fixup")
    expectAccepted(try commit(["commit", "--fixup", "HEAD~1"]), "git commit --fixup")
    try repository.stageChange("squash")
    expectAccepted(try commit(["commit", "--squash", "HEAD~2", "-m", "More"]), "git commit --squash")
    try repository.stageChange("amend")
    expectAccepted(try commit(["commit", "--fixup=amend:HEAD~3"]), "git commit --fixup=amend:")
    // A sign-off 90 columns long.
    _ = try repository.git(["config", "user.name", String(repeating: "Longname ", count: 8)])
    try repository.stageChange("signed")
    expectAccepted(try commit(["commit", "-s", "-m", "Signed work"]), "git commit -s")
    #expect(try repository.git(["log", "-1", "--format=%b"]).output.count > 90)
    // A body line that is one 120-character URL.
    let url = "https://example.com/" + String(repeating: "u", count: 100)
    try repository.stageChange("url")
    expectAccepted(try commit(["commit", "-m", "Add a link", "-m", url]), "a URL line")
    // cherry-pick -x (which runs no commit-msg hook), then amend it: the hook sees its trailer.
    _ = try repository.git(["checkout", "-q", "-b", "picked"])
    try repository.stageChange("to pick")
    expectAccepted(
      try commit(["commit", "-m", "To be picked", "-m", "See " + url + " here"]), "the picked commit",
      quiet: false)
    _ = try repository.git(["checkout", "-q", "-"])
    let picked = try repository.git(["cherry-pick", "-x", "picked"])
    #expect(picked.status == 0, "\(picked.output)")
    expectAccepted(
      try commit(["commit", "--amend", "--no-edit"]), "git commit --amend of a cherry-pick -x", quiet: false)
    #expect(try repository.git(["log", "-1", "--format=%b"]).output.contains("(cherry picked from commit "))
    // Another comment character with `commit -v`: the template's ; lines and the diff below the
    // ; scissors line (150 columns a line) are not the message.
    try repository.stageChange(String(repeating: "d", count: 150))
    expectAccepted(
      try commit(
        ["commit", "-v"], subject: "Verbose with another comment character",
        config: ["-c", "core.commentChar=;"]),
      "git -c core.commentChar=';' commit -v")
    // A Latin-1 message under i18n.commitEncoding: committed, its columns counted decoded (60
    // é are 60 columns: a warning at 51, where 120 UTF-8 bytes would have been an error).
    let latin1 = directory(repository).appendingPathComponent("latin1.txt")
    try Data(Array(repeating: 0xE9, count: 60) + [0x0A]).write(to: latin1)
    try repository.stageChange("latin-1")
    let encoded = try commit(
      ["commit", "-F", latin1.path], config: ["-c", "i18n.commitEncoding=ISO-8859-1"])
    #expect(encoded.0 == 0, "\(encoded.1)")
    #expect(
      encoded.1.contains("COMMIT_EDITMSG:1:51: warning: 60/50 columns: 10 over the limit [line-too-long]"),
      "\(encoded.1)")
    // Latin-1 bytes with no i18n.commitEncoding, and an encoding iconv does not know: git commits
    // both (with a warning of its own for the first), so the hook says why it did not check and
    // lets them through.
    try repository.stageChange("undeclared")
    let undeclared = try commit(["commit", "-F", latin1.path])
    #expect(undeclared.0 == 0, "\(undeclared.1)")
    #expect(
      undeclared.1.contains(
        "COMMIT_EDITMSG: warning: not valid UTF-8 at byte 0; the message was not checked"),
      "\(undeclared.1)")
    try repository.stageChange("unknown")
    let unknown = try commit(
      ["commit", "-F", latin1.path], config: ["-c", "i18n.commitEncoding=NOT-A-CHARSET"])
    #expect(unknown.0 == 0, "\(unknown.1)")
    #expect(
      unknown.1.contains(
        "COMMIT_EDITMSG: warning: iconv knows no encoding named NOT-A-CHARSET (i18n.commitEncoding); the message was not checked"
      ), "\(unknown.1)")
    // A human subject of 80 columns is still refused.
    try repository.stageChange("human")
    let human = try commit(["commit", "-m", String(repeating: "h", count: 80)])
    #expect(human.0 != 0)
    #expect(human.1.contains("COMMIT_EDITMSG:1:73: error: 80/72 columns: 8 over the limit [line-too-long]"))
    // Every commit above is in the history, in order (the refused one is not).
    let subjects = try repository.git(["log", "--format=%s", "--first-parent"]).output.split(separator: "\n")
    #expect(subjects.count == 14, "\(subjects)")
    #expect(
      subjects.dropFirst(2).first.map { Array($0.unicodeScalars) } == Array(repeating: "\u{E9}", count: 60))
    #expect(subjects.contains { $0.hasPrefix("amend! ") } && subjects.contains { $0.hasPrefix("squash! ") })
    #expect(subjects.contains { $0.hasPrefix("Merge branch 'feature/JIRA-1234") })
  }

  /// `git cherry-pick -x` copies another commit's message, subject included, and adds `(cherry
  /// picked from commit <hex>)` to its trailer block: the subject gets the `generated` exemption
  /// (Protocol/README.md, "Commit messages as git writes them"), at `git cherry-pick --continue`
  /// after a conflict (the one time git runs the commit-msg hook for it) and in `check
  /// --commits` (which alone sees a pick without a conflict). Its other lines are checked as before, and the same 80-column subject written by
  /// a person is still refused, by the hook and by `--commits`.
  @Test func cherryPickOfALongSubjectPassesTheHook() throws {
    let repository = try Repository()
    let work = repository.directory.appendingPathComponent("work").path
    let subject = "Teach the commit-msg hook to read the trailer blocks git writes for cherry-picks"
    #expect(subject.count == 80)
    let body = "This body line is eighty columns long, so it is still a warning when picked over"
    #expect(body.count == 80)
    func run(_ command: [String], editor: String? = nil) throws -> (status: Int32, output: String) {
      var environment = repository.environment
      if let editor { environment["GIT_EDITOR"] = editor }
      let result = try runCommand(command, in: work, environment: environment, merged: true)
      return (result.status, result.out)
    }
    try repository.stageChange("base")
    #expect(try repository.git(["commit", "-q", "-m", "Start"]).status == 0)
    let base = try repository.git(["rev-parse", "HEAD"]).output.dropLast()
    // Upstream, the 80-column subject was committed without this hook.
    _ = try repository.git(["checkout", "-q", "-b", "upstream"])
    try repository.stageChange("upstream")
    #expect(try repository.git(["commit", "-q", "--no-verify", "-m", subject, "-m", body]).status == 0)
    let upstream = String(try repository.git(["rev-parse", "HEAD"]).output.dropLast())
    // Here the same file changed too: the pick conflicts.
    _ = try repository.git(["checkout", "-q", "-"])
    try repository.stageChange("here")
    #expect(try repository.git(["commit", "-q", "-m", "Change the file here"]).status == 0)
    let conflicted = try repository.git(["cherry-pick", "-x", "upstream"])
    #expect(conflicted.status != 0)
    #expect(
      conflicted.output.contains("CONFLICT (content): Merge conflict in file.txt"), "\(conflicted.output)")
    try repository.stageChange("resolved")
    // stdin is not a terminal, so git opens no editor: it commits with `--no-edit
    // --cleanup=strip`, and runs the hook with `GIT_EDITOR=:` (`true`, should it open one).
    let continued = try run(["/usr/bin/env", "git", "cherry-pick", "--continue"], editor: "true")
    #expect(continued.status == 0, "\(continued.output)")
    // The hook ran: the body line is a warning on line 3, and line 1 is exempt.
    #expect(
      continued.output.contains(
        "COMMIT_EDITMSG:3:73: warning: 80/72 columns: 8 over the limit [line-too-long]"),
      "\(continued.output)")
    #expect(!continued.output.contains("COMMIT_EDITMSG:1:"), "\(continued.output)")
    #expect(
      try repository.git(["log", "-1", "--format=%B"]).output
        == subject + "\n\n" + body + "\n\n(cherry picked from commit " + upstream + ")\n\n")
    let picked = String(try repository.git(["rev-parse", "--short=12", "HEAD"]).output.dropLast())
    // A pick without a conflict: git runs no hook, and CI is where the subject is judged.
    let another = subject.replacingOccurrences(of: "Teach", with: "Allow")
    #expect(another.count == 80)
    _ = try repository.git(["checkout", "-q", "upstream"])
    try "other\n".write(
      to: repository.directory.appendingPathComponent("work/other.txt"), atomically: true, encoding: .utf8)
    _ = try repository.git(["add", "other.txt"])
    #expect(try repository.git(["commit", "-q", "--no-verify", "-m", another]).status == 0)
    _ = try repository.git(["checkout", "-q", "-"])
    let clean = try repository.git(["cherry-pick", "-x", "upstream"])
    #expect(clean.status == 0, "\(clean.output)")
    #expect(try repository.git(["log", "-1", "--format=%s"]).output == another + "\n")
    // CI over the range: the first pick's body warning, nothing on either subject; exit 0.
    let range = try run([binaryPath, "check", "--commits", "\(base)..HEAD"])
    #expect(range.status == 0, "\(range.output)")
    #expect(range.output == "\(picked):3:73: warning: 80/72 columns: 8 over the limit [line-too-long]\n")
    // The upstream commit, the same subject with no trailer: refused by `--commits`.
    let short = String(upstream.prefix(12))
    let human = try run([binaryPath, "check", "--commits", "\(base)..upstream~1"])
    #expect(human.status == 1, "\(human.output)")
    #expect(
      human.output
        == "\(short):1:73: error: 80/72 columns: 8 over the limit [line-too-long]\n"
        + "\(short):3:73: warning: 80/72 columns: 8 over the limit [line-too-long]\n")
    // And by the hook, written here by a person.
    try repository.stageChange("human")
    let refused = try repository.git(["commit", "-m", subject])
    #expect(refused.status != 0)
    #expect(
      refused.output.contains("COMMIT_EDITMSG:1:73: error: 80/72 columns: 8 over the limit [line-too-long]"),
      "\(refused.output)")
    #expect(try repository.git(["log", "-1", "--format=%s"]).output == another + "\n")
  }

  private func directory(_ repository: Repository) -> URL { repository.directory }

  /// The messages git writes, opened in headless Neovim with the package's plugin, get exactly the
  /// diagnostics `check` prints for them (line, column in UTF-8 bytes, code): editor and hook never
  /// disagree.
  @Test func neovimAndCheckAgreeOnGitsMessages() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-agree-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = "https://example.com/" + String(repeating: "u", count: 100)
    let long = String(repeating: "long words here ", count: 6)
    let messages: [(String, [UInt8])] = [
      (
        "merge",
        Array("Merge branch 'feature/JIRA-1234-make-the-parser-handle-very-long-lines-gracefully'\n".utf8)
      ),
      (
        "revert",
        Array(
          "Revert \"Change the parser so that it handles very long lines gracefully\"\n\nThis reverts commit 0123456789abcdef.\n"
            .utf8)
      ),
      ("fixup", Array(("fixup! " + String(repeating: "f", count: 70) + "\n").utf8)),
      (
        "signoff",
        Array(
          ("Subject\n\nBody " + long + "\n\nSigned-off-by: " + String(repeating: "Name ", count: 15)
            + "<a@b.c>\n").utf8)
      ),
      (
        "url",
        Array(
          ("Subject over fifty columns, which is only a warning here\n\n" + url + "\n  " + url + "\n").utf8)
      ),
      (
        "cherry",
        Array(
          ("Picked\n\nSee " + url + " here\n\n(cherry picked from commit " + String(repeating: "0", count: 40)
            + ")\n").utf8)
      ),
      (
        "comment-char",
        Array(
          ("Subject\n\n; " + long + "\n; ------------------------ >8 ------------------------\n" + long + "\n")
            .utf8)
      ),
      ("human", Array((String(repeating: "h", count: 80) + "\nsecond line\n").utf8)),
      ("latin1", Array(repeating: 0xE9, count: 60) + [0x0A]),
    ]
    for (name, bytes) in messages {
      let gitFolder = folder.appendingPathComponent("\(name)/.git")
      try FileManager.default.createDirectory(at: gitFolder, withIntermediateDirectories: true)
      let file = gitFolder.appendingPathComponent("COMMIT_EDITMSG")
      try Data(bytes).write(to: file)
      let encoding = name == "latin1" ? ["--encoding", "ISO-8859-1"] : []
      let check = try runBinary(["check", "--column-unit", "byte"] + encoding + [file.path])
      let printed = check.out.split(separator: "\n").map { line -> String in
        // path:LINE:COLUMN: severity: message [code]
        let fields = line.dropFirst(file.path.count + 1).split(separator: ":", maxSplits: 2)
        let code = line.split(separator: "[").last!.dropLast()
        return "\(fields[0]) \(fields[1]) \(code)"
      }
      let (status, result) = try runEditor(
        [
          "nvim", "--headless", "-i", "NONE", "-n", "-u", clientScript("neovim-setup.lua"),
          "-c", "luafile \(clientScript("neovim-diagnostics.lua"))", file.path,
        ],
        environment: ["STABLETEXT_NVIM_PLUGIN": repositoryPath("editors/nvim"), "PATH": pathWithBinary()])
      #expect(status == 0, "\(name): \(result)")
      let shown = result.split(separator: "\n").map(String.init)
      #expect(shown == printed, "\(name): Neovim shows \(shown), check prints \(printed)")
      if ["human", "latin1"].contains(name) { #expect(!printed.isEmpty, "\(name) should have diagnostics") }
    }
  }

  /// `git commit` with Neovim as the editor, set up exactly as the README says: what the user
  /// sees in the real commit buffer, one daemon for all buffers, and the commit that results.
  @Test func neovimAsGitsEditor() throws {
    let resultPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nvim-git-\(UUID().uuidString).json"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: resultPath) }
    let editor =
      "STABLETEXT_RESULT=\(resultPath) STABLETEXT_NVIM_PLUGIN=\(repositoryPath("editors/nvim"))"
      + " STABLETEXT_SUBJECT='\(EditorsOnRealCommits.subject)'"
      + " nvim --headless -i NONE -n -u \(clientScript("neovim-setup.lua"))"
      + " -c 'luafile \(clientScript("neovim-commit.lua"))'"
    let repository = try Repository(editor: editor)
    try repository.stageChange("nvim")
    let commit = try repository.git(["commit"])
    let result = try JSONValue(parsing: try String(contentsOfFile: resultPath, encoding: .utf8))
    #expect(result["error"] == nil, "\(result["error"]?.stringValue ?? "")")
    #expect(commit.status == 0, "\(commit.output)")
    #expect(result["filetype"] == "gitcommit")
    let steps = result["steps"]!
    // git's template, as git opened it: nothing (git refuses an empty message itself, and nobody
    // has typed yet).
    #expect(steps["template"]?.arrayValue?.map { $0["code"]! } == [])
    let sixty = steps["sixty"]!.arrayValue!.first { $0["code"] == "line-too-long" }
    #expect(sixty?["col"] == 50)
    #expect(sixty?["end_col"] == 60)
    #expect(sixty?["severity"] == 2)
    #expect(sixty?["message"] == "60/50 columns: 10 over the limit")
    let eighty = steps["eighty"]!.arrayValue!.first { $0["code"] == "line-too-long" }
    #expect(eighty?["col"] == 72)
    #expect(eighty?["severity"] == 1)
    #expect(eighty?["message"] == "80/72 columns: 8 over the limit")
    // Korean counts two columns: the 26th syllable (byte 75) is the first past 50.
    let korean = steps["korean"]!.arrayValue!.first { $0["code"] == "line-too-long" }
    #expect(korean?["col"] == 75)
    #expect(korean?["message"] == "60/50 columns: 10 over the limit")
    // Korean with an emoji first: the first cluster past 50 columns is at byte 71 (Neovim's unit),
    // and at byte 72 once a letter is typed just after the emoji, with the daemon's text the
    // buffer's (edits sent in UTF-16, which Neovim negotiates).
    let subject = steps["korean_emoji"]!.arrayValue!.first { $0["code"] == "line-too-long" }
    #expect(subject?["col"] == 71)
    #expect(subject?["message"] == "67/50 columns: 17 over the limit")
    let typed = steps["after_emoji"]!.arrayValue!.first { $0["code"] == "line-too-long" }
    #expect(typed?["col"] == 72)
    #expect(typed?["message"] == "68/50 columns: 18 over the limit")
    #expect(result["in_sync"] == true)
    #expect(result["clients_after_split"] == 1)
    #expect(result["daemons_after_split"] == 1)
    #expect(result["clients_after_reload"] == 1)
    #expect(result["daemons_after_reload"] == 1)
    #expect(steps["good"]?.arrayValue?.contains { $0["code"] == "line-too-long" } == false)
    let log = try repository.git(["log", "--format=%s"])
    #expect(log.output == "Subject from Neovim\n")
  }
}
