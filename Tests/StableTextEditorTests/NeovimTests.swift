import Foundation
import StableTextJSON
import StableTextSessionSupport
import Testing

/// Neovim (Debian's package, installed by the test command) with its built-in LSP client.
@Suite struct NeovimClient {
  @Test func diagnosticsAndUTF16EditsThroughNeovim() throws {
    let script = clientScript("neovim.lua")
    let (status, text) = try runEditor(
      ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile \(script)"],
      environment: ["STABLETEXT_BIN": binaryPath])
    let result = try JSONValue(parsing: text)
    #expect(result["error"] == nil, "\(result["error"]?.stringValue ?? "")")
    #expect(status == 0)
    #expect(result["encoding"] == "utf-16")

    let steps = result["steps"]!
    #expect(steps["at_limit"]?.arrayValue?.isEmpty == true)
    // "안녕하세요 world!!": the 12th character is "!" at UTF-16 11, which Neovim shows at byte 21.
    let over = steps["over_limit"]!.arrayValue!.first { $0["code"] == "over-limit" }!
    #expect(over["lnum"] == 0)
    #expect(over["col"] == 21)
    // To the end of the document: after the final newline Neovim syncs.
    #expect(over["end_lnum"] == 1 && over["end_col"] == 0)
    #expect(over["severity"] == 1)
    #expect(over["message"] == "13/11 characters: 2 over the limit")
    let blank = steps["blank"]!.arrayValue!
    #expect(blank.map { $0["code"]! } == ["empty-after-trim"])
    #expect(blank[0]["severity"] == 2)
    #expect(blank[0]["lnum"] == 0 && blank[0]["end_lnum"] == 2)
    // The daemon's text is exactly Neovim's buffer after UTF-16 edits around emoji and Korean.
    #expect(result["buffer"] == "é\n👋🏽 x한말어 🇰🇷 ok\n")
    #expect(result["state"]?["text"] == result["buffer"])
    #expect(result["state"]?["length"] == 13)
    #expect(result["state"]?["outOfSync"] == false)
  }
}

/// Emacs 28 with eglot 1.9 (Debian's emacs-nox and elpa-eglot, installed by the test command),
/// in batch mode as eglot's own tests run, with the package `editors/emacs/stabletext.el`: a
/// COMMIT_EDITMSG opens in text-mode with the daemon started, gets the preset by its name, and
/// hover comes as the plain text eglot asks for.
@Suite struct EmacsClient {
  @Test func commitMessageInTextModeThroughEglot() throws {
    let binDirectory = URL(fileURLWithPath: binaryPath).deletingLastPathComponent().path
    let (_, text) = try runEditor(
      ["emacs", "--batch", "-Q", "-l", clientScript("emacs-eglot.el")],
      environment: [
        "PATH": binDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        "STABLETEXT_EMACS_DIR": repositoryPath("editors/emacs"),
      ])
    let lines = text.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "mode text-mode",
        "managed yes",
        "diagnostic 51 eglot-warning stabletext [line-too-long]: 60/50 columns: 10 over the limit",
        "hover plaintext Line 1: 60/50 columns",
        "after typing 0",
      ])
  }

  /// The package byte-compiles without a warning (warnings as errors), as package archives and
  /// `package-install` compile it.
  @Test func packageByteCompilesCleanly() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("st-elc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("stabletext.el").path
    try FileManager.default.copyItem(atPath: repositoryPath("editors/emacs/stabletext.el"), toPath: copy)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "emacs", "--batch", "-Q", "--eval",
      #"(dolist (dir (directory-files "/usr/share/emacs/site-lisp/elpa" t "^[a-z]")) (add-to-list 'load-path dir))"#,
      "--eval", "(setq byte-compile-error-on-warn t)", "-f", "batch-byte-compile", copy,
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(output)")
    #expect(FileManager.default.fileExists(atPath: copy + "c"))
  }
}
