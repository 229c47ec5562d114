import Foundation
import StableTextSessionSupport
import Testing

/// One verdict (README, *Using it from an editor*; Protocol/README.md, "Which defaults apply
/// where"): the same message in the same repository gets the same diagnostics from the
/// commit-msg hook, from `check` (`--commits` over the history, or `check FILE` on the bytes the
/// hook refused), from Neovim and from Emacs with eglot and with lsp-mode, each editor through
/// its package set up as the README says. A diagnostic is compared as (code, line, column,
/// length), the column and the length in code points whatever unit the client counts in.
@Suite struct OneVerdict {
  /// A diagnostic as compared: 1-based line and column, the column and length in code points.
  struct Verdict: Hashable, Comparable, CustomStringConvertible {
    var code: String
    var line: Int
    var column: Int
    var length: Int
    var description: String { "\(code) \(line):\(column)+\(length)" }
    static func < (a: Self, b: Self) -> Bool {
      (a.line, a.column, a.code, a.length) < (b.line, b.column, b.code, b.length)
    }
  }

  struct Case: CustomStringConvertible {
    var name: String
    /// The repository's `.stabletext.json`, or nil for none.
    var configuration: String?
    /// Other configuration files at the top of the work tree, by name: a team's `.commitlintrc.json`
    /// or `.gitlint` (Protocol/README.md, "Team conventions").
    var files: [String: String] = [:]
    var message: String
    var refused: Bool
    var expected: [Verdict]
    var description: String { name }
  }

  static let url = "https://example.com/" + String(repeating: "u", count: 100)
  static let cases: [Case] = [
    // The final newline git writes is never counted: 20 characters pass a whole-message 20.
    Case(
      name: "whole-message limit, 20 characters", configuration: #"{"rules": {"maxLength": 20}}"#,
      message: "Twenty chars subject\n", refused: false, expected: []),
    // 21 are refused, from the 21st character to the end.
    Case(
      name: "whole-message limit, 21 characters", configuration: #"{"rules": {"maxLength": 20}}"#,
      message: "Twenty-one characters\n", refused: true,
      expected: [Verdict(code: "over-limit", line: 1, column: 21, length: 2)]),
    // The preset's subject rule: past 50 columns a warning (Korean counts two, the emoji two).
    Case(
      name: "subject over 50 columns", configuration: nil,
      message: "Teach the counter 한국어 and 😀 so the subject runs past fifty\n", refused: false,
      expected: [Verdict(code: "line-too-long", line: 1, column: 47, length: 12)]),
    // Past 72 an error: the 37th syllable is columns 73 and 74.
    Case(
      name: "subject over 72 columns", configuration: nil,
      message: String(repeating: "한", count: 37) + "\n\nBody.\n", refused: true,
      expected: [Verdict(code: "line-too-long", line: 1, column: 37, length: 1)]),
    // A sign-off the repository asks for: an empty range at the end of the last filled line.
    Case(
      name: "missing trailer", configuration: #"{"rules": {"requiredTrailers": ["Signed-off-by"]}}"#,
      message: "Add the feature\n\nThe body says why.\n", refused: false,
      expected: [Verdict(code: "missing-trailer", line: 3, column: 19, length: 0)]),
    // A cherry-pick's copied 80-column subject and a URL alone on its line are exempt; an
    // 80-column body line is still a warning.
    Case(
      name: "exemptions: cherry-pick subject, URL line", configuration: nil,
      message: "Teach the commit-msg hook to read the trailer blocks git writes for cherry-picks\n\n"
        + url + "\n"
        + "This body line is eighty columns long, so it is still a warning when picked over\n\n"
        + "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)\n",
      refused: false,
      expected: [Verdict(code: "line-too-long", line: 4, column: 73, length: 8)]),
  ]

  /// A team's conventions, from the files it already has: the same verdict from the hook, CI and
  /// each editor (Protocol/README.md, "Team conventions").
  static let conventions: [Case] = [
    // `autosquash: false`: a fixup! subject is refused on its first word, and not for its length.
    Case(
      name: "autosquash false, a long fixup!", configuration: #"{"rules": {"autosquash": false}}"#,
      message: "fixup! Teach the counter to read the trailer blocks git writes for cherry-picks\n",
      refused: true, expected: [Verdict(code: "autosquash-subject", line: 1, column: 1, length: 6)]),
    // commitlint's config-conventional, from the team's `.commitlintrc.json`: a sentence-case
    // subject ending in a full stop, both on the subject.
    Case(
      name: "commitlint config-conventional", configuration: nil,
      files: [".commitlintrc.json": #"{"extends": ["@commitlint/config-conventional"]}"#],
      message: "feat(Parser): Add it.\n", refused: true,
      expected: [
        Verdict(code: "subject-case", line: 1, column: 15, length: 7),
        Verdict(code: "subject-full-stop", line: 1, column: 15, length: 7),
      ]),
    // gitlint, from the team's `.gitlint`: T1 at its configured 20, on the title.
    Case(
      name: "gitlint title-max-length 20", configuration: nil,
      files: [".gitlint": "[general]\nignore=B6\n\n[title-max-length]\nline-length=20\n"],
      message: "Add the parser to the project\n", refused: true,
      expected: [Verdict(code: "T1", line: 1, column: 1, length: 29)]),
  ]

  /// The code-point place of 0-based `line` and UTF-8 byte `column` in `text`, as an offset from
  /// the start of the text (a line terminator is one code point).
  static func offset(line: Int, byteColumn: Int, in text: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var offset = 0
    for index in 0..<min(line, lines.count) { offset += lines[index].unicodeScalars.count + 1 }
    guard line < lines.count else { return offset }
    let bytes = Array(lines[line].utf8.prefix(byteColumn))
    return offset + String(decoding: bytes, as: UTF8.self).unicodeScalars.count
  }

  /// A verdict from a range given in 0-based lines and UTF-8 byte columns.
  static func verdict(
    _ code: String, from start: (line: Int, column: Int), to end: (line: Int, column: Int), in text: String
  ) -> Verdict {
    let begin = offset(line: start.line, byteColumn: start.column, in: text)
    return Verdict(
      code: code, line: start.line + 1,
      column: begin - offset(line: start.line, byteColumn: 0, in: text) + 1,
      length: offset(line: end.line, byteColumn: end.column, in: text) - begin)
  }

  /// `check --format github --column-unit byte` lines as verdicts: `::LEVEL
  /// line=L,endLine=E,col=C,endColumn=D,title=stabletext CODE[ in COMMIT]::MESSAGE`, 1-based
  /// lines and byte columns, `endColumn` just past the range, `endLine` only when it differs.
  static func checkVerdicts(_ output: String, text: String) -> [Verdict] {
    output.split(separator: "\n").compactMap { line -> Verdict? in
      guard line.hasPrefix("::") else { return nil }
      let properties = line.drop { $0 != " " }.dropFirst().components(separatedBy: "::")[0]
      var fields: [String: String] = [:]
      for pair in properties.split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
      }
      guard let title = fields["title"], title.hasPrefix("stabletext "),
        let startLine = fields["line"].flatMap({ Int($0) }),
        let startColumn = fields["col"].flatMap({ Int($0) }),
        let endColumn = fields["endColumn"].flatMap({ Int($0) })
      else {
        Issue.record("check printed \(line)")
        return nil
      }
      let code = String(title.dropFirst("stabletext ".count).prefix { $0 != " " })
      let endLine = fields["endLine"].flatMap { Int($0) } ?? startLine
      return verdict(code, from: (startLine - 1, startColumn - 1), to: (endLine - 1, endColumn - 1), in: text)
    }
  }

  @Test func hookCheckNeovimAndEmacsAgree() throws {
    var repositories: [GitCommitHook.Repository] = []
    var files: [String] = []
    var texts: [String: String] = [:]
    // What git and check said, by file: the hook's codes and lines, check's verdicts.
    var hookSaid: [String: [String]] = [:]
    var checkSaid: [String: [Verdict]] = [:]
    for item in Self.cases + Self.conventions {
      let repository = try GitCommitHook.Repository()
      repositories.append(repository)
      let work = repository.directory.appendingPathComponent("work")
      if let configuration = item.configuration {
        try configuration.write(
          to: work.appendingPathComponent(".stabletext.json"), atomically: true, encoding: .utf8)
      }
      for (name, text) in item.files {
        try text.write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
      }
      try repository.stageChange("base")
      _ = try repository.git(["add", "-A"])
      #expect(try repository.git(["commit", "-q", "--no-verify", "-m", "Start"]).status == 0)
      try repository.stageChange(item.name)
      let messageFile = repository.directory.appendingPathComponent("message")
      try item.message.write(to: messageFile, atomically: true, encoding: .utf8)
      let commit = try repository.git(["commit", "-F", messageFile.path])
      #expect((commit.status != 0) == item.refused, "\(item): the hook said \(commit.output)")
      let file = work.appendingPathComponent(".git/COMMIT_EDITMSG").path
      let text = try String(contentsOfFile: file, encoding: .utf8)
      #expect(text == item.message, "\(item): git wrote \(text.debugDescription)")
      files.append(file)
      texts[file] = text
      // The hook's own lines: "…COMMIT_EDITMSG:LINE:COLUMN: severity: message [code]".
      hookSaid[file] = commit.output.split(separator: "\n").compactMap { line in
        guard line.contains("COMMIT_EDITMSG:"), line.hasSuffix("]"),
          let code = line.split(separator: "[").last?.dropLast()
        else { return nil }
        let place = line.components(separatedBy: "COMMIT_EDITMSG:")[1].split(separator: ":")
        return "\(code) \(place[0])"
      }
      let arguments: [String]
      if item.refused {
        // Nothing was committed: check reads the bytes the hook refused.
        arguments = [file]
      } else {
        // CI over the history: the message as committed, the same bytes.
        let committed = try repository.git(["cat-file", "commit", "HEAD"]).output
        #expect(committed.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n") == text)
        arguments = ["--commits", "HEAD~1..HEAD"]
      }
      let check = try runCommand(
        [binaryPath, "check", "--format", "github", "--column-unit", "byte"] + arguments, in: work.path,
        environment: repository.environment)
      checkSaid[file] = Self.checkVerdicts(check.out, text: text)
      #expect(check.status == (item.refused ? 1 : 0), "\(item): check said \(check.out)\(check.err)")
    }

    // Each editor once, over every message, through its package.
    let list = files.joined(separator: "\n")
    let neovim = try runEditor(
      [
        "nvim", "--headless", "-i", "NONE", "-n", "-u", clientScript("neovim-setup.lua"),
        "-c", "luafile \(clientScript("neovim-verdicts.lua"))",
      ],
      environment: [
        "STABLETEXT_NVIM_PLUGIN": repositoryPath("editors/nvim"), "PATH": pathWithBinary(),
        "STABLETEXT_FILES": list,
      ])
    var neovimSaid: [String: [Verdict]] = [:]
    for line in neovim.result.split(separator: "\n") {
      let fields = line.split(separator: "\t").map(String.init)
      let numbers = fields.dropFirst(2).compactMap { Int($0) }
      guard fields.count == 6, numbers.count == 4, let text = texts[fields[0]] else {
        Issue.record("Neovim: \(line)")
        continue
      }
      neovimSaid[fields[0], default: []].append(
        Self.verdict(fields[1], from: (numbers[0], numbers[1]), to: (numbers[2], numbers[3]), in: text))
    }
    var emacsSaid: [String: [String: [Verdict]]] = [:]
    for client in ["eglot", "lsp-mode"] {
      let emacs = try runEditor(
        ["emacs", "--batch", "-q", "-l", clientScript("emacs-verdicts.el")],
        environment: [
          "STABLETEXT_CLIENT": client, "STABLETEXT_EMACS_DIR": repositoryPath("editors/emacs"),
          "PATH": pathWithBinary(), "STABLETEXT_FILES": list,
        ])
      for line in emacs.result.split(separator: "\n") {
        let fields = line.split(separator: "\t").map(String.init)
        guard fields.count == 5, let row = Int(fields[2]), let column = Int(fields[3]),
          let length = Int(fields[4])
        else {
          Issue.record("Emacs with \(client): \(line)")
          continue
        }
        emacsSaid[client, default: [:]][fields[0], default: []].append(
          Verdict(code: fields[1], line: row, column: column + 1, length: length))
      }
    }

    for (item, file) in zip(Self.cases + Self.conventions, files) {
      let said: [(String, [Verdict])] = [
        (item.refused ? "check FILE (the hook refused it)" : "check --commits", checkSaid[file] ?? []),
        ("Neovim", neovimSaid[file] ?? []),
        ("Emacs with eglot", emacsSaid["eglot"]?[file] ?? []),
        ("Emacs with lsp-mode", emacsSaid["lsp-mode"]?[file] ?? []),
      ]
      for (who, verdicts) in said {
        #expect(verdicts.sorted() == item.expected, "\(item): \(who) says \(verdicts.sorted())")
      }
      #expect(
        hookSaid[file] == item.expected.map { "\($0.code) \($0.line)" },
        "\(item): the hook printed \(hookSaid[file] ?? [])")
    }
  }
}
