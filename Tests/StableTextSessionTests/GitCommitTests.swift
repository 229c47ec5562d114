import Foundation
import StableTextJSON
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
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git"] + arguments
      process.currentDirectoryURL = directory.appendingPathComponent("work")
      var environment = self.environment
      environment["SUBJECT"] = subject
      process.environment = environment
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
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
    // git's template: an empty message (a warning, as git itself refuses it), nothing red.
    #expect(steps["template"]?.arrayValue?.map { $0["code"]! } == ["empty-after-trim"])
    #expect(steps["template"]?[0]?["severity"] == 2)
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
    #expect(result["clients_after_split"] == 1)
    #expect(result["daemons_after_split"] == 1)
    #expect(result["clients_after_reload"] == 1)
    #expect(result["daemons_after_reload"] == 1)
    #expect(steps["good"]?.arrayValue?.contains { $0["code"] == "line-too-long" } == false)
    let log = try repository.git(["log", "--format=%s"])
    #expect(log.output == "Subject from Neovim\n")
  }
}
