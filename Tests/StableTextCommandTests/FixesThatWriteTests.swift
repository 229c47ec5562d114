import Foundation
import StableTextJSON
import StableTextSessionSupport
import Testing

/// The fixes that write (Protocol/README.md, "Code actions and hover": "Fixes that write"; "Command
/// line": `--fix`): the sign-off from git's identity, a commitlint type's case, full stops and the
/// header's white space, through the real binary, in a real repository whose identity the test
/// sets (HOME is an empty folder and the system's configuration is left out, so the machine's own
/// identity never leaks in).
@Suite struct FixesThatWrite {
  /// A git repository with `files` (path to text) and the identity given; without one git is told
  /// to use only its configuration (`user.useConfigOnly`), so it has none.
  static func repository(
    _ files: [String: String], name: String? = "Ada Lovelace", email: String? = "ada@example.org"
  )
    throws -> (root: URL, environment: [String: String])
  {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("st-fix-\(UUID().uuidString)")
    let home = root.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let environment = ["HOME": home.path, "GIT_CONFIG_NOSYSTEM": "1", "XDG_CONFIG_HOME": home.path]
    let work = root.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    var steps = [["init", "-q"], ["config", "user.useConfigOnly", "true"]]
    if let name { steps.append(["config", "user.name", name]) }
    if let email { steps.append(["config", "user.email", email]) }
    for arguments in steps {
      #expect(
        try runCommand(["/usr/bin/env", "git"] + arguments, in: work.path, environment: environment).status
          == 0)
    }
    for (path, text) in files {
      let file = work.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return (work, environment)
  }

  static let conventional = "{\"extends\": [\"@commitlint/config-conventional\"]}\n"
  static let signOff = "{\"rules\": {\"requiredTrailers\": [\"Signed-off-by\"]}}\n"

  /// Each case: the repository's files, the message, what `check --fix` prints, the file it
  /// leaves and its exit status.
  static let cases:
    [(
      name: String, files: [String: String], message: String, printed: [String], fixed: String, status: Int32
    )] = [
      (
        "sign-off, type case and subject full stop",
        [".commitlintrc.json": conventional, ".stabletext.json": signOff],
        "Feat: add the thing.\n\nBody text here.\n# a comment\n",
        ["3: fixed missing-trailer", "1: fixed subject-full-stop", "1: fixed type-case"],
        "feat: add the thing\n\nBody text here.\n\nSigned-off-by: Ada Lovelace <ada@example.org>\n# a comment\n",
        0
      ),
      (
        "sign-off appended to the trailer block, CRLF kept", [".stabletext.json": signOff],
        "Add it\r\n\r\nBody\r\n\r\nReviewed-by: Bo <bo@example.org>\r\n",
        ["5: fixed missing-trailer"],
        "Add it\r\n\r\nBody\r\n\r\nReviewed-by: Bo <bo@example.org>\r\nSigned-off-by: Ada Lovelace <ada@example.org>\r\n",
        0
      ),
      (
        "header trimmed", [".commitlintrc.json": conventional], "  fix: trim me\n", ["1: fixed header-trim"],
        "fix: trim me\n", 0
      ),
      (
        "header full stop",
        [".commitlintrc.json": "{\"rules\": {\"header-full-stop\": [2, \"never\", \".\"]}}\n"],
        "fix: a stop.\n", ["1: fixed header-full-stop"], "fix: a stop\n", 0
      ),
      (
        "type in upper case",
        [".commitlintrc.json": "{\"rules\": {\"type-case\": [2, \"always\", \"upper-case\"]}}\n"],
        "fix: x\n", ["1: fixed type-case"], "FIX: x\n", 0
      ),
      (
        "nothing with one answer: the error remains", [".commitlintrc.json": conventional], "foo: add it\n",
        [],
        "foo: add it\n", 1
      ),
    ]

  @Test(arguments: 0..<cases.count) func checkFixWritesEachFix(_ index: Int) throws {
    let test = Self.cases[index]
    let (root, environment) = try Self.repository(test.files)
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let message = root.appendingPathComponent(".git/COMMIT_EDITMSG").path
    try test.message.write(toFile: message, atomically: true, encoding: .utf8)
    #expect(chmod(message, 0o640) == 0)
    let run = try runCommand([binaryPath, "check", "--fix", message], environment: environment)
    let printed = run.out.split(separator: "\n").map(String.init).filter { $0.contains(": fixed ") }
    #expect(printed == test.printed.map { "\(message):\($0)" }, "\(test.name): \(run.out) \(run.err)")
    #expect(try String(contentsOfFile: message, encoding: .utf8) == test.fixed, "\(test.name)")
    #expect(run.status == test.status, "\(test.name): \(run.out)")
    let mode = try FileManager.default.attributesOfItem(atPath: message)[.posixPermissions] as? Int
    #expect(mode == 0o640, "\(test.name)")
    // What remains is what `check` says of the written file.
    let again = try runCommand([binaryPath, "check", message], environment: environment)
    #expect(again.status == test.status, "\(test.name): \(again.out)")
  }

  /// Without git's identity there is no sign-off to write, and the diagnostic says why.
  @Test func withoutAnIdentityTheMessageSaysWhy() throws {
    let (root, environment) = try Self.repository([".stabletext.json": Self.signOff], name: nil, email: nil)
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let message = root.appendingPathComponent(".git/COMMIT_EDITMSG").path
    try "Add it\n".write(toFile: message, atomically: true, encoding: .utf8)
    let run = try runCommand([binaryPath, "check", "--fix", message], environment: environment)
    #expect(
      run.out
        == "\(message):1:7: warning: missing trailer \"Signed-off-by:\" (no fix: git has no user.name/user.email) [missing-trailer]\n"
    )
    #expect(run.status == 0)
    #expect(try String(contentsOfFile: message, encoding: .utf8) == "Add it\n")
  }

  /// `--fix` writes files only: never commits, never standard input.
  @Test func fixRefusesCommitsAndStandardInput() throws {
    let commits = try runBinary(["check", "--fix", "--commits", "HEAD"])
    #expect(commits.status == 2)
    #expect(commits.err.hasPrefix("stabletext: --fix writes files; it never rewrites commits (--commits)\n"))
    let stdin = try runBinary(["check", "--fix", "-"], stdin: "x\n")
    #expect(stdin.status == 2)
    #expect(stdin.err.hasPrefix("stabletext: --fix writes files; standard input (-) is not one\n"))
  }

  /// The daemon offers the sign-off with the identity it learned from git's configuration, and
  /// without one says why in the diagnostic.
  @Test func theEditorOffersTheSignOff() throws {
    for identity in [true, false] {
      let (root, environment) = try Self.repository(
        [".stabletext.json": Self.signOff], name: identity ? "Ada Lovelace" : nil,
        email: identity ? "ada@example.org" : nil)
      defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
      let message = root.appendingPathComponent(".git/COMMIT_EDITMSG").path
      let text = "Add it\n\nBody\n"
      try text.write(toFile: message, atomically: true, encoding: .utf8)
      let session = try Session(options: ["defaults": "editor"], environment: environment)
      let uri = URL(fileURLWithPath: message).absoluteString
      session.open(uri, text, languageId: "gitcommit")
      let expected =
        identity
        ? "missing trailer \"Signed-off-by:\""
        : "missing trailer \"Signed-off-by:\" (no fix: git has no user.name/user.email)"
      // git answers after the first publish, which knows no identity yet.
      let deadline = Date().addingTimeInterval(10)
      var messages: [String] = []
      repeat {
        let published = try session.publish()
        messages = (published["diagnostics"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
      } while messages != [expected] && Date() < deadline
      #expect(messages == [expected])
      // The fix comes once git has answered (the message is the same before and after it).
      var actions: JSONValue = .null
      repeat {
        actions = try session.result(
          "textDocument/codeAction",
          [
            "textDocument": ["uri": .string(uri)], "range": range(0, 0, 2, 4),
            "context": ["diagnostics": []],
          ])
        if actions.arrayValue?.isEmpty == false || !identity { break }
        Thread.sleep(forTimeInterval: 0.05)
      } while Date() < deadline
      let titles = (actions.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
      if identity {
        #expect(titles == ["Add Signed-off-by: Ada Lovelace <ada@example.org>"])
        let edit = actions.arrayValue?.first?["edit"]?["changes"]?[uri]?.arrayValue?.first
        #expect(edit?["newText"]?.stringValue == "\n\nSigned-off-by: Ada Lovelace <ada@example.org>")
        #expect(edit?["range"] == range(2, 4, 2, 4))
      } else {
        #expect(titles.isEmpty)
      }
      try session.finish()
    }
  }

  /// The sign-off both fixes write is git's own identity, byte for byte what `git commit -s`
  /// writes: git strips its "crud" from either end of a name and an e-mail (`.`, `,`, `;`, quotes,
  /// spaces…) and `<`, `>` and line breaks inside (issue 55: the editor kept `Jr.`'s dot). The
  /// editor's fix and `check --fix` come from one function, `SignOffIdentity(ident:)` of `git var
  /// GIT_COMMITTER_IDENT`.
  @Test(arguments: [
    ("John Smith Jr.", "john@example.org"), ("  Ann, Example;  ", " <ann@example.org>, "),
    ("Ann <the> Example", "a\"b@example.com"), ("Dé 'Quote'", "d@example.com."), ("...Dots...", "x@y.z"),
  ])
  func bothFixesWriteGitsIdentity(_ name: String, _ email: String) throws {
    let (root, environment) = try Self.repository(
      [".stabletext.json": Self.signOff], name: name, email: email)
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    // What `git commit -s` signs with.
    let ident = try runCommand(
      ["/usr/bin/env", "git", "var", "GIT_COMMITTER_IDENT"], in: root.path, environment: environment
    ).out
    let git = "Signed-off-by: " + String(ident[..<ident.index(after: ident.lastIndex(of: ">")!)])
    if name == "John Smith Jr." {
      // Issue 55's case, written out: git drops the dot.
      #expect(git == "Signed-off-by: John Smith Jr <john@example.org>")
    }
    let message = root.appendingPathComponent(".git/COMMIT_EDITMSG").path
    try "Add it\n\nBody\n".write(toFile: message, atomically: true, encoding: .utf8)
    _ = try runCommand([binaryPath, "check", "--fix", message], environment: environment)
    #expect(try String(contentsOfFile: message, encoding: .utf8) == "Add it\n\nBody\n\n\(git)\n")
    let session = try Session(options: ["defaults": "editor"], environment: environment)
    defer { try? session.finish() }
    let uri = URL(fileURLWithPath: message).absoluteString
    session.open(uri, "Add it\n\nBody\n", languageId: "gitcommit")
    let deadline = Date().addingTimeInterval(10)
    var titles: [String] = []
    repeat {
      let actions = try session.result(
        "textDocument/codeAction",
        ["textDocument": ["uri": .string(uri)], "range": range(0, 0, 2, 4), "context": ["diagnostics": []]])
      titles = (actions.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
      if !titles.isEmpty { break }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    #expect(titles == ["Add " + git], "git var says \(ident)")
  }
}
