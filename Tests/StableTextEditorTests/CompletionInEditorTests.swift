import Foundation
import StableTextJSON
import StableTextSessionSupport
import Testing

/// Completion in a real client on a real `git commit` (Protocol/README.md, "Completion"): Neovim
/// with the README's set-up, driven in tmux as a user drives it, `<C-x><C-o>` through
/// `vim.lsp.omnifunc`: a scope of the history after `feat(`, then a co-author (`.mailmap`
/// applied, most commits first) after `Co-authored-by: `; the commit carries both.
@Suite struct CompletionInEditors {
  @Test func neovimOmnifuncOnARealCommit() throws {
    let tmux = try Tmux()
    let editor =
      "STABLETEXT_NVIM_PLUGIN=\(repositoryPath("editors/nvim")) nvim -u \(clientScript("neovim-setup.lua")) -i NONE -n"
      + " -c 'setlocal omnifunc=v:lua.vim.lsp.omnifunc'"
    let repository = try GitCommitHook.Repository(editor: editor)
    let work = repository.directory.appendingPathComponent("work").path
    try "Bob Builder <bob@example.com> <bob@old.example>\n".write(
      toFile: work + "/.mailmap", atomically: true, encoding: .utf8)
    for (subject, author) in [
      ("feat(parser): one", "bob <bob@old.example>"), ("fix(parser): two", "Bob Builder <bob@example.com>"),
      ("docs(cli): three", "Carol <carol@example.com>"),
    ] {
      let made = try repository.git(["commit", "-q", "--allow-empty", "--author", author, "-m", subject])
      #expect(made.status == 0, "\(made.output)")
    }
    try repository.stageChange("nvim")
    try tmux.start(in: work, environment: repository.environment)
    // The client attached (the daemon started for the commit buffer).
    for attempt in 0..<80 {
      let clients = try tmux.evaluate("luaeval('#vim.lsp.buf_get_clients()')", name: "clients-\(attempt)")
      if clients == "1" { break }
      usleep(250_000)
    }
    // `<C-x><C-o>` at the end of `line` until it holds `expected` (the first asks git, whose
    // answer is not waited for: an empty, incomplete list; the popup comes when the answer does):
    // at most 40 tries, each undone when it wrote nothing yet.
    func complete(line: Int, _ expected: String) throws -> String {
      var got = ""
      for attempt in 0..<40 {
        tmux.keys("\(line)GA")
        _ = try? tmux.run(["send-keys", "C-x", "C-o"])
        usleep(250_000)
        tmux.keys("Escape")
        got = try tmux.evaluate("getline(\(line))", name: "line-\(line)-\(attempt)")
        if got == expected { break }
      }
      return got
    }
    tmux.keys("ggifeat(", "Escape")
    #expect(try complete(line: 1, "feat(parser): ") == "feat(parser): ")
    tmux.keys("1GAadd the parser", "Escape", "o", "Enter", "Co-authored-by: ", "Escape")
    #expect(
      try complete(line: 3, "Co-authored-by: Bob Builder <bob@example.com>")
        == "Co-authored-by: Bob Builder <bob@example.com>")
    tmux.keys(":wq", "Enter")
    let status = try tmux.waitForFile(tmux.folder + "/status")
    #expect(status == "0", "git commit exited \(status)")
    #expect(
      try repository.git(["log", "-1", "--format=%B"]).output
        == "feat(parser): add the parser\n\nCo-authored-by: Bob Builder <bob@example.com>\n\n")
  }

  /// Emacs in batch mode with `editors/emacs/stabletext.el`, eglot's `completion-at-point` on a
  /// real `git commit`: the scope after `feat(pa`, the co-author after `Co-authored-by: Bo` (each
  /// asked until git has answered), the items' edits applied. (lsp-mode 8.0 is not here yet: in
  /// batch mode it writes the scope's label, `feat(parser`, without the item's `textEdit`.)
  @Test(arguments: ["eglot"]) func emacsCompletionAtPoint(client: String) throws {
    let resultPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emacs-complete-\(UUID().uuidString).txt"
    ).path
    defer { try? FileManager.default.removeItem(atPath: resultPath) }
    let editor =
      "STABLETEXT_CLIENT=\(client) STABLETEXT_RESULT=\(resultPath)"
      + " STABLETEXT_EMACS_DIR=\(repositoryPath("editors/emacs"))"
      + " emacs --batch -q -l \(clientScript("emacs-complete.el"))"
    let repository = try GitCommitHook.Repository(editor: editor)
    let work = repository.directory.appendingPathComponent("work").path
    try "Bob Builder <bob@example.com> <bob@old.example>\n".write(
      toFile: work + "/.mailmap", atomically: true, encoding: .utf8)
    for (subject, author) in [
      ("feat(parser): one", "bob <bob@old.example>"), ("fix(parser): two", "Bob Builder <bob@example.com>"),
      ("docs(cli): three", "Carol <carol@example.com>"),
    ] {
      let made = try repository.git(["commit", "-q", "--allow-empty", "--author", author, "-m", subject])
      #expect(made.status == 0, "\(made.output)")
    }
    try repository.stageChange("emacs \(client)")
    let commit = try repository.git(["commit"])
    #expect(commit.status == 0, "\(commit.output)")
    let lines = try String(contentsOfFile: resultPath, encoding: .utf8).split(separator: "\n").map(
      String.init)
    #expect(
      lines == [
        "managed yes", "subject feat(parser): ", "trailer Co-authored-by: Bob Builder <bob@example.com>",
      ])
  }

  /// Vim with ALE 3.3 and `editors/vim` (the README's set-up), driven in tmux: ALE's omnifunc
  /// (`ale#completion#OmniFunc`) after `feat(` and after `Co-authored-by: `.
  @Test func vimALEOmnifuncOnARealCommit() throws {
    let tmux = try Tmux()
    let editor =
      "STABLETEXT_VIM_PLUGIN=\(repositoryPath("editors/vim")) vim -u \(clientScript("vim-ale.vimrc")) -i NONE"
      + " -c 'setlocal omnifunc=ale#completion#OmniFunc'"
    let repository = try GitCommitHook.Repository(editor: editor)
    let work = repository.directory.appendingPathComponent("work").path
    try "Bob Builder <bob@example.com> <bob@old.example>\n".write(
      toFile: work + "/.mailmap", atomically: true, encoding: .utf8)
    for (subject, author) in [
      ("feat(parser): one", "bob <bob@old.example>"), ("fix(parser): two", "Bob Builder <bob@example.com>"),
      ("docs(cli): three", "Carol <carol@example.com>"),
    ] {
      let made = try repository.git(["commit", "-q", "--allow-empty", "--author", author, "-m", subject])
      #expect(made.status == 0, "\(made.output)")
    }
    try repository.stageChange("vim")
    try tmux.start(in: work, environment: repository.environment)
    func complete(line: Int, _ expected: String) throws -> String {
      var got = ""
      for attempt in 0..<40 {
        tmux.keys("\(line)GA")
        _ = try? tmux.run(["send-keys", "C-x", "C-o"])
        usleep(250_000)
        tmux.keys("Escape")
        got = try tmux.evaluate("getline(\(line))", name: "line-\(line)-\(attempt)")
        if got == expected { break }
      }
      return got
    }
    tmux.keys("ggifeat(", "Escape")
    #expect(try complete(line: 1, "feat(parser): ") == "feat(parser): ")
    tmux.keys("1GAadd the parser", "Escape", "o", "Enter", "Co-authored-by: ", "Escape")
    #expect(
      try complete(line: 3, "Co-authored-by: Bob Builder <bob@example.com>")
        == "Co-authored-by: Bob Builder <bob@example.com>")
    tmux.keys(":wq", "Enter")
    let status = try tmux.waitForFile(tmux.folder + "/status")
    #expect(status == "0", "git commit exited \(status)")
    #expect(
      try repository.git(["log", "-1", "--format=%B"]).output
        == "feat(parser): add the parser\n\nCo-authored-by: Bob Builder <bob@example.com>\n\n")
  }
}
