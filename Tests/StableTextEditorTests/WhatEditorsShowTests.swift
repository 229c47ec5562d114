import Foundation
import StableTextSessionSupport
import Testing

/// Every editor the README documents shows what the daemon knows, set up exactly as the README
/// prints it on a fresh HOME (`FreshHome`: the packages where `scripts/install` puts them, the
/// README's configuration file and nothing else), as git's editor on a real `git commit` in tmux,
/// driven as a user drives it, in one start of the editor each (Protocol/README.md, "Inlay
/// hints", "Completion", "Diagnostics"). The team writes Conventional Commits
/// (`.commitlintrc.json` extending `@commitlint/config-conventional`, whose `header-max-length`
/// is 100 UTF-16 code units) and limits its messages to 500 characters (`.stabletext.json`).
///
/// - git opens the editor on its template: the whole-text counter `00/500` is drawn at the end,
///   and no warning is shown (`empty-after-trim` is held back until the message is edited);
/// - completion on line 1, with the key the README names, offers `feat` with the space it
///   leaves, `94 of 100 UTF-16 code units left`;
/// - the subject typed after it is followed by `22/100` (commitlint's limit, in its unit) and the
///   whole text's `22/500`; one more letter, typed in the same insert, moves both to 23;
/// - saved, git commits the message; Neovim's `lsp.log` holds no `[ERROR]` (the daemon's info
///   lines on stderr), and Emacs shows no start-up line of the package's.
///
/// Helix cannot run here (Debian 12 has no package): its set-up is checked by
/// `EditorSetupsAsPrinted.helixConfigurationParses` and what the daemon answers it by the Python
/// client (`test_inlay_hints.py`).
@Suite struct WhatEditorsShow {
  static let subject = "feat(cli): add a thing"

  @Test(arguments: EditorClient.allCases) func counterCompletionAndQuietAsPrinted(client: EditorClient) throws
  {
    let home = try FreshHome()
    let work = home.folder.appendingPathComponent("work").path
    try Self.teamRepository(work, environment: home.environment)
    var environment = home.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    switch client {
    case .neovim:
      try home.configure(".config/nvim/init.lua")
      environment["GIT_EDITOR"] = "nvim"
    case .vimALE:
      try home.configure(".vimrc")
      environment["GIT_EDITOR"] = "vim"
    case .eglot, .lspMode:
      try home.configure(".emacs.d/init.el", kind: client == .lspMode ? "with lsp-mode" : nil)
      try home.shareEmacsNativeCode()
      environment["GIT_EDITOR"] = "emacs -nw"
    }
    let tmux = try Tmux()
    try tmux.start(in: work, environment: environment)
    let user = EditorUser(client: client, tmux: tmux)

    // The message as git opened it: the whole text's counter, and no warning.
    let opened = user.screen(showing: "00/500", seconds: 60)
    #expect(opened.contains(" 00/500"), "no whole-text counter on the screen:\n\(opened)")
    #expect(!opened.contains("empty after trimming"), "a warning on an untouched message:\n\(opened)")
    #expect(try user.evaluate(client.diagnosticsCount) == "0")
    // Emacs: no start-up line of the package's (`stabletext: served by eglot`) unless asked for.
    if client.isEmacs {
      #expect(
        try user.evaluate(
          #"(with-current-buffer "*Messages*" (if (string-match-p "stabletext: served by" (buffer-string)) 1 0))"#
        )
          == "0")
    }

    // Completion on the empty line 1: the types, each with what it leaves of commitlint's 100.
    user.keys(client.completeAtStart)
    let offered = user.screen(showing: "94 of 100 UTF-16 code units left", seconds: 30)
    // The item's word (the label; ALE shows what it writes, `feat:`), then at most the kind
    // (Neovim's `EnumMember`, ALE's `m`), then its detail; Emacs lists items in columns.
    #expect(
      offered.contains(#/feat:? +(\S+ +)?94 of 100 UTF-16 code units left/#),
      "no feat with the space it leaves:\n\(offered)")
    user.keys(client.leaveCompletion)

    // The subject, then one letter more in the same insert: the counters follow.
    user.keys([Self.subject])
    let typed = user.screen(showing: Self.subject + " 22/100", seconds: 30)
    #expect(typed.contains(Self.subject + " 22/100"), "no subject counter after typing:\n\(typed)")
    #expect(typed.contains(" 22/500"), "no whole-text counter after typing:\n\(typed)")
    user.keys(["s"])
    let more = user.screen(showing: Self.subject + "s 23/100", seconds: 30)
    #expect(more.contains(Self.subject + "s 23/100"), "the counter did not follow:\n\(more)")
    #expect(more.contains(" 23/500"), "the whole-text counter did not follow:\n\(more)")

    user.keys(client.saveAndQuitFromInsert)
    let status = try tmux.waitForFile(tmux.folder + "/status", seconds: 60)
    #expect(status == "0", "git commit exited \(status); the screen:\n\(tmux.screen())")
    let log = try runCommand(
      ["/usr/bin/env", "git", "log", "-1", "--format=%B"], in: work, environment: home.environment)
    #expect(log.out == Self.subject + "s\n\n")
    // Neovim writes a server's stderr to lsp.log as [ERROR]: the daemon's info lines are not there.
    if client == .neovim {
      let lspLog = home.folder.appendingPathComponent(".cache/nvim/lsp.log").path
      let logged = try String(contentsOfFile: lspLog, encoding: .utf8)
      #expect(!logged.contains("[ERROR]"), "\(logged)")
    }
  }

  /// A repository in `work` whose team writes Conventional Commits and limits messages to 500
  /// characters, with one commit and a change staged.
  static func teamRepository(_ work: String, environment: [String: String]) throws {
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    for (name, text) in [
      (".commitlintrc.json", #"{"extends": ["@commitlint/config-conventional"]}"#),
      (".stabletext.json", #"{"overrides": [{"pattern": "COMMIT_EDITMSG", "rules": {"maxLength": 500}}]}"#),
      ("file.txt", "one"),
    ] {
      try (text + "\n").write(toFile: work + "/" + name, atomically: true, encoding: .utf8)
    }
    var git = environment
    git["GIT_CONFIG_NOSYSTEM"] = "1"
    for arguments in [
      ["init", "-q"], ["config", "user.name", "Ada Lovelace"], ["config", "user.email", "ada@example.org"],
      ["add", "."], ["commit", "-q", "-m", "chore: write down the conventions"],
    ] {
      let done = try runCommand(
        ["/usr/bin/env", "git"] + arguments, in: work, environment: git, merged: true)
      #expect(done.status == 0, "git \(arguments): \(done.out)")
    }
    try "two\n".write(toFile: work + "/file.txt", atomically: true, encoding: .utf8)
    _ = try runCommand(["/usr/bin/env", "git", "add", "file.txt"], in: work, environment: git)
  }
}

extension EditorClient {
  /// An expression whose value is the number of diagnostics the editor holds for the buffer.
  var diagnosticsCount: String {
    switch self {
    case .neovim: "luaeval('#vim.diagnostic.get(0)')"
    case .vimALE: "len(get(get(g:ale_buffer_info, bufnr(''), {}), 'loclist', []))"
    case .eglot, .lspMode: "(length (flymake-diagnostics))"
    }
  }

  /// The keys that complete at the start of line 1, with the key the README names: `<C-x><C-o>`
  /// in insert mode, `C-M-i` (ESC TAB in a terminal) in Emacs.
  var completeAtStart: [String] {
    isEmacs ? ["M-<", "Escape", "Tab"] : ["gg0i", "C-x", "C-o"]
  }

  /// Leaves the list and stays where text is typed: Vim's `<C-e>` ends the completion and
  /// stays in insert mode; Emacs' list goes on its own once typing goes on.
  var leaveCompletion: [String] { isEmacs ? [] : ["C-e"] }

  /// Saves and quits from where the text was typed (Vim: insert mode).
  var saveAndQuitFromInsert: [String] { isEmacs ? saveAndQuit : ["Escape"] + saveAndQuit }
}
