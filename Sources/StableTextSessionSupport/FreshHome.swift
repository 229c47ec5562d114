import Foundation

/// A fresh account for running an editor with a set-up exactly as the README prints it (README,
/// *Using it from an editor*): HOME with the editor packages where `scripts/install` puts them under
/// `~/.local` (`stabletext` in `~/.local/bin` on `PATH`), the README's block marked
/// `<!-- README block: run as ~/FILE -->` written to FILE, and nothing else of the machine's
/// user (no XDG folder of the test's). Gone when the value is.
package final class FreshHome {
  package let folder: URL

  package static let neovimPlugin = "share/nvim/site/pack/stabletext/start/stabletext/lua/stabletext/init.lua"
  package static let emacsPackage = "share/emacs/site-lisp/stabletext.el"
  package static let vimPackage = "share/vim/vimfiles/pack/stabletext/start/stabletext"

  package init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("st-home-\(UUID().uuidString)")
    let manager = FileManager.default
    // What scripts/install puts under ~/.local (scripts/package's tree; EditorSetupsAsPrinted
    // checks the paths against it): every Vim file of the package, as scripts/package finds them.
    let local = folder.appendingPathComponent(".local")
    func install(_ source: String, _ destination: String) throws {
      let target = local.appendingPathComponent(destination)
      try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.copyItem(atPath: repositoryPath(source), toPath: target.path)
    }
    try install("editors/nvim/lua/stabletext/init.lua", Self.neovimPlugin)
    try install("editors/emacs/stabletext.el", Self.emacsPackage)
    let vim = repositoryPath("editors/vim")
    for file in try manager.subpathsOfDirectory(atPath: vim).sorted() where file.hasSuffix(".vim") {
      try install("editors/vim/" + file, Self.vimPackage + "/" + file)
    }
    try manager.createDirectory(at: local.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try manager.createSymbolicLink(
      atPath: local.appendingPathComponent("bin/stabletext").path, withDestinationPath: binaryPath)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// The README block marked `run as ~/PATH` (`run as ~/PATH KIND` when `kind` is given),
  /// written to HOME/PATH exactly as printed, and `extra` after it.
  package func configure(_ path: String, kind: String? = nil, adding extra: String = "") throws {
    let marker = "run as ~/\(path)" + (kind.map { " \($0)" } ?? "")
    guard let block = try DocumentBlock.all().first(where: { $0.kind == marker }) else {
      throw FreshHomeError.noBlock(marker)
    }
    let file = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try (block.text + extra).write(to: file, atomically: true, encoding: .utf8)
  }

  package enum FreshHomeError: Error { case noBlock(String) }

  /// The environment of a user logged in to this account (nothing of the test's XDG folders).
  package var environment: [String: String] {
    [
      "HOME": folder.path, "PATH": folder.path + "/.local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
      "XDG_CONFIG_HOME": folder.path + "/.config", "XDG_DATA_HOME": folder.path + "/.local/share",
      "XDG_STATE_HOME": folder.path + "/.local/state", "XDG_CACHE_HOME": folder.path + "/.cache",
    ]
  }

  /// Emacs 28 compiles every package it loads to native code on a first start, in the
  /// background (eglot, lsp-mode and theirs: half a minute of a core), into
  /// `~/.emacs.d/eln-cache`: that folder is made a link to one in `.build`, which each run of
  /// the test command shares, so that only the first compiles. A cache of Emacs's own, not
  /// part of anyone's set-up.
  package func shareEmacsNativeCode() throws {
    let shared = repositoryPath(".build/emacs-eln-cache")
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
    let emacs = folder.appendingPathComponent(".emacs.d")
    try FileManager.default.createDirectory(at: emacs, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: emacs.appendingPathComponent("eln-cache").path, withDestinationPath: shared)
  }
}
