import Foundation
import StableTextJSON
import StableTextSessionSupport
import StableTextSystem
import Testing

/// Every editor package on a real `git commit`, each editor git's editor as a user sets it up:
/// a Korean subject with an emoji first, over 50 columns. The first cluster past 50 columns is
/// `오`, the 29th scalar: at character 28 in Emacs (code points), byte 71 in Vim and Neovim
/// (whose columns are bytes), UTF-16 unit 29 on the wire. Once `x` is typed just after the emoji
/// it is one further (29, 72). The diagnostic must be at that place in the editor's own unit, and
/// the daemon's text must be the buffer's (an editor whose columns the daemon misreads puts its
/// edits inside the emoji's surrogate pair: out of sync). Neovim's run is
/// `GitCommitHook.neovimAsGitsEditor`; Helix and VS Code cannot be run here (README).
@Suite struct EditorsOnRealCommits {
  static let subject = "🎉 로그인 화면에 비밀번호 재설정 링크를 추가하고 오류 메시지를 고침"

  /// Emacs 28 in batch mode (`-q`, so that Debian's site start-up finds its elpa-* packages) with
  /// `editors/emacs/stabletext.el`, for eglot 1.9 and lsp-mode 8.0.
  @Test(arguments: ["eglot", "lsp-mode"]) func emacsAsGitsEditor(client: String) throws {
    let resultPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emacs-git-\(UUID().uuidString).txt"
    ).path
    defer { try? FileManager.default.removeItem(atPath: resultPath) }
    let editor =
      "STABLETEXT_CLIENT=\(client) STABLETEXT_RESULT=\(resultPath)"
      + " STABLETEXT_EMACS_DIR=\(repositoryPath("editors/emacs")) STABLETEXT_SUBJECT='\(Self.subject)'"
      + " emacs --batch -q -l \(clientScript("emacs-commit.el"))"
    let repository = try GitCommitHook.Repository(editor: editor)
    try repository.stageChange("emacs \(client)")
    let commit = try repository.git(["commit"])
    #expect(commit.status == 0, "\(commit.output)")
    let lines = try String(contentsOfFile: resultPath, encoding: .utf8).split(separator: "\n").map(
      String.init)
    #expect(
      lines == [
        "client \(client)",
        "mode text-mode",
        "managed yes",
        "diagnostic 28 67/50 columns: 17 over the limit",
        "after typing 29 68/50 columns: 18 over the limit",
        "in sync yes",
      ])
    #expect(try repository.git(["log", "--format=%s"]).output == "Subject from Emacs\n")
  }

  /// Vim 9 with ALE 3.3 (Debian's vim and vim-ale) and `editors/vim`, driven in tmux as a user
  /// drives it: the subject typed in insert mode, `:ll` to the diagnostic, `a` after the emoji,
  /// `:wq`. Vim's location list and cursor are read with `:call writefile(…)`.
  @Test func vimWithALEAsGitsEditor() throws {
    let tmux = try Tmux()
    let folder = tmux.folder
    let editor =
      "STABLETEXT_VIM_PLUGIN=\(repositoryPath("editors/vim")) vim -u \(clientScript("vim-ale.vimrc")) -i NONE"
    let repository = try GitCommitHook.Repository(editor: editor)
    try repository.stageChange("vim")
    try tmux.start(
      in: repository.directory.appendingPathComponent("work").path, environment: repository.environment)
    tmux.keys("i" + Self.subject, "Escape")
    let first = try tmux.locationList(after: nil)
    #expect(first.count == 1)
    #expect(first.first?["col"] == 72, "ALE's columns are 1-based bytes: byte 71 is column 72")
    #expect(first.first?["text"] == "line-too-long: 67/50 columns: 17 over the limit")
    // :ll puts the cursor on the cluster itself.
    tmux.keys(":ll", "Enter")
    let cursor = try tmux.evaluate("col('.') . ' ' . virtcol('.')")
    #expect(cursor == "72 51")
    // A letter after the emoji (ALE sends the whole text: nothing to misplace, the column moves).
    tmux.keys("gg0ax", "Escape")
    let second = try tmux.locationList(after: first)
    #expect(second.first?["col"] == 73)
    #expect(second.first?["text"] == "line-too-long: 68/50 columns: 18 over the limit")
    tmux.keys("ggccSubject from Vim", "Escape", ":wq", "Enter")
    let status = try tmux.waitForFile(folder + "/status")
    #expect(status == "0", "git commit exited \(status)")
    #expect(try repository.git(["log", "--format=%s"]).output == "Subject from Vim\n")
  }
}

/// A tmux server of its own (its own socket) running one command in a 150×40 window, driven with
/// `send-keys`; gone when the value is.
final class Tmux {
  let socket = "st-\(UUID().uuidString.prefix(8))"
  let folder: String

  init() throws {
    folder =
      FileManager.default.temporaryDirectory.appendingPathComponent("st-tmux-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  deinit {
    _ = try? run(["kill-server"])
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// `git commit` in `directory` with `environment` (its HOME, PATH, GIT_EDITOR,
  /// GIT_CONFIG_NOSYSTEM and XDG folders); its exit status goes to `folder/status`.
  func start(in directory: String, environment: [String: String]) throws {
    let exports =
      environment.filter {
        ["HOME", "PATH", "GIT_EDITOR", "GIT_CONFIG_NOSYSTEM"].contains($0.key) || $0.key.hasPrefix("XDG_")
      }
      .sorted { $0.key < $1.key }
      .map { "export \($0.key)=\(Self.quoted($0.value))" }.joined(separator: "; ") + "; export LANG=C.UTF-8"
    let command =
      "\(exports); cd \(Self.quoted(directory)) && git commit; echo $? > \(Self.quoted(folder))/status.new && mv \(Self.quoted(folder))/status.new \(Self.quoted(folder))/status; sleep 60"
    _ = try run(["new-session", "-d", "-x", "150", "-y", "40", "/bin/sh", "-c", command])
  }

  /// Keys as `tmux send-keys` takes them: key names (`Escape`, `Enter`, `Tab`, `BSpace`, and a
  /// control or meta chord such as `C-x` or `M-:`), or literal text.
  func keys(_ keys: String...) {
    for key in keys {
      let chord = key.count == 3 && (key.hasPrefix("C-") || key.hasPrefix("M-"))
      let named = chord || ["Escape", "Enter", "Tab", "BSpace"].contains(key)
      _ = try? run(["send-keys"] + (named ? [] : ["-l"]) + [key])
    }
  }

  /// What the window shows now, one line per row.
  func screen() -> String { (try? run(["capture-pane", "-p"], capture: true)) ?? "" }

  /// Vim's location list, asked for until it is non-empty and differs from `previous`.
  func locationList(after previous: [JSONValue]?) throws -> [JSONValue] {
    var list: [JSONValue] = []
    for attempt in 0..<60 {
      let text = try evaluate("json_encode(getloclist(0))", name: "loclist-\(attempt)")
      list = try JSONValue(parsing: text).arrayValue ?? []
      if !list.isEmpty && list != (previous ?? []) { break }
      usleep(250_000)
    }
    return list
  }

  /// The value of a Vim expression, written by `:call writefile` in the running Vim.
  func evaluate(_ expression: String, name: String = UUID().uuidString) throws -> String {
    let path = folder + "/" + name
    keys(":call writefile([\(expression)], '\(path).new') | call rename('\(path).new', '\(path)')", "Enter")
    return try waitForFile(path)
  }

  /// The contents of `path` (without a final newline) once it exists; at most `seconds`.
  func waitForFile(_ path: String, seconds: Int = 20) throws -> String {
    for _ in 0..<seconds * 20 {
      if let text = try? String(contentsOfFile: path, encoding: .utf8) {
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
      }
      usleep(50_000)
    }
    let screen = (try? run(["capture-pane", "-p"], capture: true)) ?? ""
    throw TmuxError.timedOut("no \(path) after \(seconds) s; the screen:\n\(screen)")
  }

  enum TmuxError: Error { case timedOut(String) }

  /// Runs a tmux command, with its output when `capture`. Not through Foundation's `Process`,
  /// whose `waitUntilExit` never returns once `new-session` has left a server behind; the
  /// project's `ChildProcess` gives the child nothing but its three standard descriptors.
  @discardableResult
  func run(_ arguments: [String], capture: Bool = false) throws -> String {
    let child = try ChildProcess(
      executable: "/usr/bin/env",
      // -u: UTF-8 whatever the locale says (CI's may be C), as a user's terminal is.
      arguments: ["tmux", "-u", "-L", socket, "-f", "/dev/null"] + arguments)
    child.closeInput()
    if capture {
      return String(
        decoding: child.collectOutput(within: .init(maxOutputBytes: .max, seconds: nil)).output, as: UTF8.self
      )
    }
    _ = child.waitForExit()
    return ""
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
