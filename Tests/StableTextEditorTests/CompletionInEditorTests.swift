import Foundation
import StableTextJSON
import StableTextSessionSupport
import Testing

/// Completion and the sign-off fix in real clients on a real `git commit` (Protocol/README.md,
/// "Completion" and "Fixes that write"), each client git's editor in tmux, driven as a user drives
/// it: the type chosen from completion after `fe`, the subject typed, a co-author chosen after
/// `Co-authored-by: ` (the history's, `.mailmap` applied), the sign-off the team requires added
/// through the client's own code-action command, then saved, so git commits. The commit's message
/// is the one the user built.
@Suite struct CompletionInEditors {
  static let identity = "Ada Lovelace <ada@example.org>"
  static let message =
    "feat: add the parser\n\nCo-authored-by: Bob Builder <bob@example.com>\nSigned-off-by: \(identity)\n"

  @Test(arguments: EditorClient.allCases) func completeAndSignOffOnARealCommit(client: EditorClient) throws {
    let repository = try Self.teamRepository(editor: client.editor)
    let tmux = try Tmux()
    try tmux.start(
      in: repository.directory.appendingPathComponent("work").path, environment: repository.environment)
    let user = EditorUser(client: client, tmux: tmux)
    try user.waitUntilServed()
    // The type: `fe`, completed (the team's commitlint configuration gives the types).
    user.keys(client.typeAtStart("fe"))
    let type = try user.complete(line: 1, until: "feat: ")
    #expect(type == "feat: ")
    user.keys(client.typeAtEnd(line: 1, "add the parser"))
    // A new paragraph, a co-author (the history's most commits for what is typed).
    user.keys(client.newParagraph(after: 1, "Co-authored-by: Bob B"))
    let coAuthor = "Co-authored-by: Bob Builder <bob@example.com>"
    let person = try user.complete(line: 3, until: coAuthor)
    #expect(person == coAuthor)
    // Asked again at the end of the whole person: nothing is offered, the line stays (Vim's
    // omnifuncs, which write over the word before the cursor, appended the person again; lsp-mode
    // without `editors/emacs` wrote its label over `com>`). Vim says "Pattern not found" (Neovim
    // says nothing: 3 s).
    let again = try user.complete(
      line: 3, until: coAuthor, attempts: 1, showing: "Pattern not found", seconds: 3)
    #expect(again == coAuthor)
    // The sign-off the team requires, through the client's code actions, below the co-author.
    let signOff = try user.applyTheFix(line: 4, until: "Signed-off-by: \(Self.identity)")
    #expect(signOff == "Signed-off-by: \(Self.identity)")
    user.keys(client.saveAndQuit)
    let status = try tmux.waitForFile(tmux.folder + "/status", seconds: 60)
    #expect(status == "0", "git commit exited \(status)")
    let committed = try repository.git(["log", "-1", "--format=%B"]).output
    #expect(committed == Self.message + "\n")
  }

  /// The repository every client commits in: git's identity `identity`; a team that writes
  /// Conventional Commits (`.commitlintrc.json` extending `@commitlint/config-conventional`, whose
  /// types completion offers) and requires a sign-off (`.stabletext.json`); a history whose
  /// authors `.mailmap` joins (`bob <bob@old.example>` is `Bob Builder <bob@example.com>`, two
  /// commits, the most); one change staged; the README's commit-msg hook.
  static func teamRepository(editor: String) throws -> GitCommitHook.Repository {
    let repository = try GitCommitHook.Repository(editor: editor)
    let work = repository.directory.appendingPathComponent("work").path
    #expect(try repository.git(["config", "user.name", "Ada Lovelace"]).status == 0)
    #expect(try repository.git(["config", "user.email", "ada@example.org"]).status == 0)
    for (name, text) in [
      (".commitlintrc.json", #"{"extends": ["@commitlint/config-conventional"]}"#),
      (".stabletext.json", #"{"rules": {"requiredTrailers": ["Signed-off-by"]}}"#),
      (".mailmap", "Bob Builder <bob@example.com> <bob@old.example>"),
    ] {
      try (text + "\n").write(toFile: work + "/" + name, atomically: true, encoding: .utf8)
    }
    #expect(try repository.git(["add", "."]).status == 0)
    for (subject, author) in [
      ("chore: write down the conventions", identity), ("feat(parser): one", "bob <bob@old.example>"),
      ("fix(parser): two", "Bob Builder <bob@example.com>"),
      ("docs(cli): three", "Carol <carol@example.com>"),
    ] {
      let made = try repository.git([
        "commit", "-q", "--allow-empty", "--author", author, "-m", subject, "-m",
        "Signed-off-by: \(identity)",
      ])
      #expect(made.status == 0, "\(made.output)")
    }
    try repository.stageChange("completion")
    return repository
  }
}

/// A client of the daemon as a user runs it in a terminal, with the README's set-up: what git
/// starts, and the keys for each thing the user does.
enum EditorClient: String, CaseIterable, CustomTestStringConvertible, Sendable {
  /// Neovim 0.7 with `editors/nvim`, completing through `vim.lsp.omnifunc` (`<C-x><C-o>`: the
  /// package sets the buffer's `omnifunc`), fixing
  /// through `vim.lsp.buf.code_action()` (its list: a number and Enter).
  case neovim
  /// Emacs 28 in a terminal with `editors/emacs/stabletext.el` and eglot 1.9:
  /// `M-x completion-at-point`, `M-x eglot-code-actions` (Enter takes the preferred fix).
  case eglot
  /// The same with lsp-mode 8.0: `M-x completion-at-point`, `M-x lsp-execute-code-action` (one
  /// action: applied).
  case lspMode = "lsp-mode"
  /// Vim 9 with ALE 3.3 and `editors/vim`: `ale#completion#OmniFunc` (`<C-x><C-o>`: the package
  /// sets the buffer's `omnifunc`),
  /// `:ALECodeAction` (its list: a number and Enter).
  case vimALE = "vim-ale"

  var testDescription: String { rawValue }

  var isEmacs: Bool { self == .eglot || self == .lspMode }

  /// git's editor.
  var editor: String {
    switch self {
    case .neovim:
      "STABLETEXT_NVIM_PLUGIN=\(repositoryPath("editors/nvim")) nvim -u \(clientScript("neovim-setup.lua")) -i NONE -n"
    case .vimALE:
      "STABLETEXT_VIM_PLUGIN=\(repositoryPath("editors/vim")) vim -u \(clientScript("vim-ale.vimrc")) -i NONE"
    case .eglot, .lspMode:
      "STABLETEXT_CLIENT=\(rawValue) STABLETEXT_EMACS_DIR=\(repositoryPath("editors/emacs"))"
        + " emacs -nw -q -l \(clientScript("emacs-setup.el"))"
    }
  }

  /// Whether the client has attached to the daemon (an expression of the editor's language whose
  /// value is `1` then), or nil where completion itself waits for it.
  var attached: String? {
    switch self {
    case .neovim: "luaeval('#vim.lsp.buf_get_clients()')"
    case .eglot: "(if (eglot-current-server) 1 0)"
    case .lspMode: "(if (and (bound-and-true-p lsp-completion-mode) (lsp-workspaces)) 1 0)"
    case .vimALE: nil
    }
  }

  /// `text` typed at the start of line 1 (Vim: back in normal mode after it).
  func typeAtStart(_ text: String) -> [String] { isEmacs ? ["M-<", text] : ["gg0i" + text, "Escape"] }

  /// `text` typed at the end of `line` (in Emacs the cursor is there already: completion left it).
  func typeAtEnd(line: Int, _ text: String) -> [String] { isEmacs ? [text] : ["\(line)GA" + text, "Escape"] }

  /// A blank line after `line` and `text` on the next (the cursor at the end of `line`).
  func newParagraph(after line: Int, _ text: String) -> [String] {
    isEmacs ? ["Enter", "Enter", text] : ["\(line)Go", "Enter", text, "Escape"]
  }

  /// The keys that complete at the end of `line`; then `afterCompleting`.
  func complete(line: Int) -> [String] {
    isEmacs ? ["M-x", "completion-at-point", "Enter"] : ["\(line)GA", "C-x", "C-o"]
  }
  var afterCompleting: [String] { isEmacs ? [] : ["Escape"] }

  /// What the screen shows once a command run with `M-x` has finished (Emacs suggests a shorter
  /// way to run it, two seconds after a message such as "No match"), so that the editor is typed
  /// nothing while the command runs: Emacs' completion gives up on a keystroke, and keys typed
  /// then were seen lost (`M-:` got an empty expression); nil in Vim, whose screen shows the line.
  var commandFinished: String? { isEmacs ? "You can run the command" : nil }

  /// The keys that ask for the code actions on `line` (at its end).
  func codeActions(line: Int) -> [String] {
    switch self {
    case .neovim: ["\(line)G$", ":lua vim.lsp.buf.code_action()", "Enter"]
    case .vimALE: ["\(line)G$", ":ALECodeAction", "Enter"]
    case .eglot: ["M-x", "eglot-code-actions", "Enter"]
    case .lspMode: ["M-x", "lsp-execute-code-action", "Enter"]
    }
  }
  /// The list the client asks the user to choose from, and the keys that choose the fix; nil
  /// where one fix is applied at once (lsp-mode). eglot 1.9's `eglot-code-action-quickfix` would
  /// not ask, but does nothing: it asks the daemon and drops the answer (its `eglot-code-actions`
  /// call is not told it is interactive).
  var codeActionList: (prompt: String, choose: [String])? {
    switch self {
    case .neovim, .vimALE: ("Type number and <Enter>", ["1", "Enter"])
    case .eglot: ("Pick an action (default Add Signed-off-by", ["Enter"])
    case .lspMode: nil
    }
  }
  /// What the client says when the daemon offered nothing (git's identity not known yet).
  var noCodeActions: String? {
    switch self {
    case .neovim: "No code actions available"
    case .vimALE: "No code actions received from server"
    case .eglot: "No code actions here"
    case .lspMode: nil
    }
  }

  var saveAndQuit: [String] { isEmacs ? ["C-x", "C-s", "C-x", "C-c"] : [":wq", "Enter"] }

  /// An expression whose value is the text of `line` (1-based).
  func line(_ line: Int) -> String {
    isEmacs
      ? "(save-excursion (goto-char (point-min)) (forward-line \(line - 1)) (buffer-substring-no-properties (line-beginning-position) (line-end-position)))"
      : "getline(\(line))"
  }
}

/// A user at `client` in `tmux`: asks, looks at the screen, and tries again until the editor
/// shows what was wanted (the daemon asks git in the background: until it has answered, a list of
/// people is empty and a sign-off is not offered), with generous bounds for a loaded machine.
struct EditorUser {
  let client: EditorClient
  let tmux: Tmux

  func keys(_ keys: [String]) { for key in keys { tmux.keys(key) } }

  /// The value of `expression` in the running editor (Vim script in Vim and Neovim, Lisp in
  /// Emacs, through `M-:`), written to a file.
  func evaluate(_ expression: String) throws -> String {
    guard client.isEmacs else { return try tmux.evaluate(expression) }
    let path = tmux.folder + "/" + UUID().uuidString
    keys([
      "M-:",
      "(let ((value (format \"%s\" \(expression)))) (with-temp-file \"\(path).new\" (insert value))"
        + " (rename-file \"\(path).new\" \"\(path)\" t))",
      "Enter",
    ])
    return try tmux.waitForFile(path)
  }

  /// Until the client has attached to the daemon: at most 60 s.
  func waitUntilServed() throws {
    guard let attached = client.attached else { return }
    var value = ""
    for _ in 0..<120 {
      value = try evaluate(attached)
      if value == "1" { return }
      usleep(500_000)
    }
    Issue.record("\(client) never attached (\(attached) is \(value)); the screen:\n\(tmux.screen())")
  }

  /// The screen, once it shows `text` (trailing spaces aside: the terminal drops them) or after
  /// `seconds`.
  @discardableResult
  func screen(showing text: String, seconds: Double) -> String {
    let wanted = String(text.reversed().drop { $0 == " " }.reversed())
    var screen = ""
    for _ in 0..<max(1, Int(seconds * 10)) {
      screen = tmux.screen()
      if screen.contains(wanted) { break }
      usleep(100_000)
    }
    return screen
  }

  /// Completes at the end of `line` until it reads `expected` (the first answer may be an empty,
  /// incomplete list while git is asked), at most `attempts` times, each waiting longer for the
  /// answer before the editor is looked at (Vim's omnifunc and Emacs' `completion-at-point` give up
  /// on a keystroke); the line's text afterwards.
  /// In Vim the screen is watched for `showing` (by default the line expected) for `seconds` (by
  /// default longer at each attempt).
  func complete(
    line: Int, until expected: String, attempts: Int = 30, showing: String? = nil, seconds: Double? = nil
  ) throws -> String {
    var got = ""
    for attempt in 0..<attempts {
      keys(client.complete(line: line))
      if let finished = client.commandFinished {
        screen(showing: finished, seconds: 20)
      } else {
        screen(showing: showing ?? expected, seconds: seconds ?? min(1 + Double(attempt) / 2, 5))
      }
      keys(client.afterCompleting)
      got = try evaluate(client.line(line))
      if got == expected { break }
    }
    return got
  }

  /// Applies the first code action at the end of the line above `line` until `line` reads
  /// `expected`, for at most two minutes (while git is asked on a loaded machine, nothing is
  /// offered); `line`'s text afterwards, and the screen recorded when it never came.
  func applyTheFix(line: Int, until expected: String) throws -> String {
    var got = ""
    let deadline = Date().addingTimeInterval(120)
    var attempt = 0
    while Date() < deadline {
      defer { attempt += 1 }
      // A message of its own first, so that a "no actions" seen is this attempt's.
      if !client.isEmacs { keys([":echo 'attempt \(attempt)'", "Enter"]) }
      keys(client.codeActions(line: line - 1))
      if let list = client.codeActionList {
        var shown = ""
        for _ in 0..<200 {
          shown = tmux.screen()
          if shown.contains(list.prompt) || client.noCodeActions.map(shown.contains) == true { break }
          usleep(100_000)
        }
        if shown.contains(list.prompt) {
          keys(list.choose)
        } else {
          usleep(500_000)
          continue
        }
      }
      screen(showing: client.commandFinished ?? expected, seconds: client.commandFinished == nil ? 5 : 20)
      got = try evaluate(client.line(line))
      if got == expected { return got }
      usleep(500_000)
    }
    Issue.record("\(client) never applied the fix (line \(line) is \(got)); the screen:\n\(tmux.screen())")
    return got
  }
}
