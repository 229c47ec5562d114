import Foundation
import StableTextSessionSupport
import Testing

/// The README's editor setups, run as printed (README, *Using it from an editor*): each block
/// marked `<!-- README block: run as ~/FILE -->` becomes FILE, the whole of a user's configuration,
/// in an empty `HOME` where the packages are installed as `scripts/install` puts them under
/// `~/.local` (`stabletext` in `~/.local/bin` on `PATH`). The editor starts as the user starts it
/// and opens a commit message (served, a 60-column subject's `line-too-long`), a Markdown file in a
/// folder no configuration covers (not served: no daemon, no diagnostic), and one beside a
/// `.stabletext.json` with a limit (served, `over-limit`).
@Suite struct EditorSetupsAsPrinted {
  /// A fresh account (`FreshHome`: HOME with the packages under ~/.local) and the files to open.
  final class Home {
    let home: FreshHome
    var folder: URL { home.folder }
    let commit: String
    let plain: String
    let configured: String
    /// Beside a .stabletext.json that is not valid: served, so that the daemon names it.
    let invalid: String

    init() throws {
      home = try FreshHome()
      let folder = home.folder
      let manager = FileManager.default
      // The files: a commit message with a 60-column subject; the same line of Markdown (and of
      // text), 163 characters, past the protocol's 150, in a folder nothing configures and
      // beside a .stabletext.json with a limit.
      let line = String(repeating: "A line that nobody set any limit for. ", count: 4) + "Still none.\n"
      let repository = folder.appendingPathComponent("work/repo/.git")
      try manager.createDirectory(at: repository, withIntermediateDirectories: true)
      commit = repository.appendingPathComponent("COMMIT_EDITMSG").path
      try (String(repeating: "s", count: 60) + "\n").write(toFile: commit, atomically: true, encoding: .utf8)
      for name in ["plain", "configured", "invalid"] {
        try manager.createDirectory(
          at: folder.appendingPathComponent("work/\(name)"), withIntermediateDirectories: true)
        for suffix in ["md", "txt"] {
          try line.write(
            to: folder.appendingPathComponent("work/\(name)/notes.\(suffix)"), atomically: true,
            encoding: .utf8)
        }
      }
      try #"{"rules": {"maxLength": 40}}"#.write(
        to: folder.appendingPathComponent("work/configured/.stabletext.json"), atomically: true,
        encoding: .utf8)
      try #"{"rules": {"maxLength": "forty"}}"#.write(
        to: folder.appendingPathComponent("work/invalid/.stabletext.json"), atomically: true, encoding: .utf8)
      invalid = folder.appendingPathComponent("work/invalid/notes").path
      plain = folder.appendingPathComponent("work/plain/notes").path
      configured = folder.appendingPathComponent("work/configured/notes").path
    }

    static let neovimPlugin = FreshHome.neovimPlugin
    static let emacsPackage = FreshHome.emacsPackage
    static let vimPackage = FreshHome.vimPackage

    /// The README block marked `run as ~/PATH`, written to HOME/PATH exactly as printed, and
    /// `extra` after it.
    func configure(_ path: String, adding extra: String = "") throws {
      try home.configure(path, adding: extra)
    }

    var environment: [String: String] { home.environment }

    /// Runs the editor with `files` in $STABLETEXT_FILES; its lines by path: verdict, attached,
    /// codes.
    func run(_ command: [String], files: [String]) throws -> [String: String] {
      var environment = self.environment
      environment["STABLETEXT_FILES"] = files.joined(separator: "\n")
      let (_, result) = try runEditor(command, environment: environment)
      var lines: [String: String] = [:]
      for line in result.split(separator: "\n") {
        let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
        lines[fields[0]] = fields.count > 1 ? fields[1] : ""
      }
      return lines
    }
  }

  /// The packages are installed where scripts/package's tree (which scripts/install copies) has
  /// them, and nothing covers the plain folder (no .stabletext.json or .editorconfig above it).
  @Test func homeIsWhatInstallMakes() throws {
    let package = try String(contentsOfFile: repositoryPath("scripts/package"), encoding: .utf8)
    for path in [Home.neovimPlugin, Home.emacsPackage] { #expect(package.contains("\"$tree/\(path)\"")) }
    #expect(package.contains("vimpack=\"$tree/\(Home.vimPackage)\""))
    let home = try Home()
    let rules = try runCommand(
      [
        "/usr/bin/env", "stabletext", "rules", "--format", "json", home.plain + ".md",
        home.configured + ".md",
      ],
      environment: home.environment)
    #expect(rules.status == 0, "\(rules.err)")
    #expect(rules.out.contains(#""covered":false"#) && rules.out.contains(#""covered":true"#))
  }

  @Test func neovimInitLuaAsPrinted() throws {
    let home = try Home()
    try home.configure(".config/nvim/init.lua")
    let seen = try home.run(
      ["nvim", "--headless", "-i", "NONE", "-n", "-c", "luafile \(clientScript("fresh-home-neovim.lua"))"],
      files: [home.commit, home.plain + ".md", home.configured + ".md", home.invalid + ".md"])
    #expect(seen[home.commit] == "commit message\tyes\tline-too-long")
    #expect(seen[home.plain + ".md"] == "not covered\tno\t")
    #expect(seen[home.configured + ".md"] == "covered\tyes\tover-limit")
    #expect(seen[home.invalid + ".md"] == "invalid configuration\tyes\t")
    // The daemon names the invalid file in a message Neovim shows.
    #expect(
      seen["messages"]
        == "stabletext: \(home.invalid.dropLast("notes".count)).stabletext.json:1:12: rules.maxLength: expected a non-negative integer or null, got \"forty\"; the file is ignored"
    )
  }

  /// Under eglot (the client a fresh Emacs 28 with Debian's elpa-eglot picks) Markdown is
  /// marksman's by eglot's own list: left alone even where configured; text files take its place.
  @Test func emacsInitAsPrinted() throws {
    let home = try Home()
    try home.configure(".emacs.d/init.el")
    let seen = try home.run(
      ["emacs", "--batch", "-u", "", "-l", clientScript("fresh-home-emacs.el")],
      files: [
        home.commit, home.plain + ".txt", home.configured + ".txt", home.configured + ".md",
        home.invalid + ".txt",
      ])
    #expect(seen[home.commit] == "commit message\tyes\tline-too-long")
    #expect(seen[home.plain + ".txt"] == "not covered\tno\t")
    #expect(seen[home.configured + ".txt"] == "covered\tyes\tover-limit")
    #expect(seen[home.configured + ".md"] == "another server's mode\tno\t")
    #expect(seen[home.invalid + ".txt"] == "invalid configuration\tyes\t")
    // eglot's own entries keep their modes (LaTeX derives from text-mode); stabletext's is last.
    #expect(
      seen["eglot-server-programs"]
        == "markdown-mode=marksman latex-mode=digestif text-mode=stabletext--eglot-contact git-commit-mode=stabletext--eglot-contact"
    )
    #expect(seen["last entry"] == "(text-mode git-commit-mode)")
  }

  @Test func vimrcAsPrinted() throws {
    let home = try Home()
    try home.configure(".vimrc")
    let seen = try home.run(
      ["vim", "--not-a-term", "-i", "NONE", "-S", clientScript("fresh-home-vim.vim")],
      files: [
        home.commit, home.plain + ".md", home.configured + ".md", home.invalid + ".md", home.plain + ".txt",
        home.configured + ".txt",
      ])
    #expect(seen[home.commit] == "commit message\tyes\tline-too-long")
    #expect(seen[home.plain + ".md"] == "not covered\tno\t")
    #expect(seen[home.configured + ".md"] == "covered\tyes\tover-limit")
    #expect(seen[home.invalid + ".md"] == "invalid configuration\tyes\t")
    // Text too, though ALE runs no linter for text unless asked: the package asks, buffer-local.
    #expect(seen[home.plain + ".txt"] == "not covered\tno\t")
    #expect(seen[home.configured + ".txt"] == "covered\tyes\tover-limit")
  }

  /// A file type the user lists is served everywhere, configured or not (README: Neovim's
  /// `filetypes`, Emacs' `stabletext-always-modes`, Vim's `g:stabletext_filetypes`), with the
  /// user's own limit on top of the editor defaults.
  @Test func listedFileTypesAreServedAlways() throws {
    let home = try Home()
    try home.configure(
      ".config/nvim/init.lua",
      adding: #"require("stabletext").setup({ filetypes = { "markdown" }, rules = { maxLength = 100 } })"#
        + "\n")
    try home.configure(
      ".emacs.d/init.el",
      adding: "(setq stabletext-always-modes '(text-mode)\n"
        + "      stabletext-initialization-options '(:rules (:maxLength 100)))\n")
    try home.configure(
      ".vimrc",
      adding: "let g:stabletext_filetypes = ['markdown']\nlet g:stabletext_rules = {'maxLength': 100}\n")
    let neovim = try home.run(
      ["nvim", "--headless", "-i", "NONE", "-n", "-c", "luafile \(clientScript("fresh-home-neovim.lua"))"],
      files: [home.plain + ".md"])
    #expect(neovim[home.plain + ".md"] == "listed\tyes\tover-limit")
    let emacs = try home.run(
      ["emacs", "--batch", "-u", "", "-l", clientScript("fresh-home-emacs.el")], files: [home.plain + ".txt"])
    #expect(emacs[home.plain + ".txt"] == "listed\tyes\tover-limit")
    let vim = try home.run(
      ["vim", "--not-a-term", "-i", "NONE", "-S", clientScript("fresh-home-vim.vim")],
      files: [home.plain + ".md"])
    #expect(vim[home.plain + ".md"] == "listed\tyes\tover-limit")
  }

  /// Helix is not packaged for Debian 12: its blocks are at least the TOML Helix reads, with the
  /// editor defaults as the server's configuration, the daemon's info lines kept out of Helix's
  /// log, and inlay hints (the counters) on. What the daemon answers Helix is
  /// `test_inlay_hints.py`'s.
  @Test func helixConfigurationParses() throws {
    let blocks = try ReadmeBlocks.blocks().filter { $0.language == "toml" }
    #expect(blocks.map(\.kind) == ["in editors/helix/languages.toml", "in editors/helix/config.toml"])
    var parsed: [String] = []
    for block in blocks {
      let file = try temporaryFile(block.text)
      defer { try? FileManager.default.removeItem(atPath: file) }
      let result = try runCommand([
        "/usr/bin/env", "python3", "-c",
        "import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], 'rb')), sort_keys=True))",
        file,
      ])
      #expect(result.status == 0, "\(result.err)")
      parsed.append(result.out)
    }
    #expect(
      parsed == [
        #"{"language": [{"language-servers": ["stabletext"], "name": "git-commit"}], "language-server": {"stabletext": {"args": ["--stdio", "--log-level", "warning"], "command": "stabletext", "config": {"defaults": "editor"}}}}"#
          + "\n",
        #"{"editor": {"lsp": {"display-inlay-hints": true}}}"# + "\n",
      ])
  }
}
