import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// Completion through the binary in a real repository (Protocol/README.md, "Completion"): scopes
/// and people from git's history (`.mailmap` applied, the committer first after `Signed-off-by`),
/// asked off the handler thread: while git is held up (a `git` first on `PATH` that waits until
/// the test lets it go), a keystroke is published and another document's hover answered, and git
/// is asked once however often completion is; no people outside a work tree.
@Suite struct CompletionSessions {
  /// A temporary folder with a repository of four commits (scopes `ui` twice, `api` once; Bob
  /// co-authoring twice, once under an old address the `.mailmap` maps), a folder outside any
  /// repository, and a `git` wrapper that waits for a gate file (or for the folder to be gone,
  /// so that a failed test leaves no wrapper waiting), logging each call.
  final class Fixture {
    let root: String
    var repository: String { root + "/repo" }
    var outside: String { root + "/outside" }
    var gate: String { root + "/gate" }
    var calls: String { root + "/git-calls" }
    var bin: String { root + "/bin" }

    init() throws {
      root =
        FileManager.default.temporaryDirectory.appendingPathComponent("st-completion-\(UUID().uuidString)")
        .path
      for folder in [repository, outside, bin] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      try git(["init", "-q", "-b", "main"])
      try git(["config", "user.name", "Ann Example"])
      try git(["config", "user.email", "ann@example.com"])
      try git(["config", "commit.gpgsign", "false"])
      try "Bob Builder <bob@example.com> <bob@old.example>\n".write(
        toFile: repository + "/.mailmap", atomically: true, encoding: .utf8)
      try git(["add", ".mailmap"])
      try git(["commit", "-q", "-m", "feat(ui): one", "-m", "Co-authored-by: bob <bob@old.example>"])
      try git([
        "commit", "-q", "--allow-empty", "-m", "fix(ui): two", "-m",
        "Co-authored-by: Bob Builder <bob@example.com>",
      ])
      try git([
        "commit", "-q", "--allow-empty", "--author", "Carol <carol@example.com>", "-m", "feat(api): three",
      ])
      try git(["commit", "-q", "--allow-empty", "-m", "docs: four"])
      let real = try runCommand(["/usr/bin/env", "sh", "-c", "command -v git"]).out
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let wrapper = """
        #!/bin/sh
        echo "$*" >> '\(calls)'
        while [ ! -e '\(gate)' ] && [ -d '\(root)' ]; do sleep 0.05; done
        exec '\(real)' "$@"

        """
      try wrapper.write(toFile: bin + "/git", atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/git")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The environment git runs in, here and in the daemon: no system or global configuration.
    var environment: [String: String] {
      ["HOME": root, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CEILING_DIRECTORIES": root]
    }

    func git(_ arguments: [String]) throws {
      let result = try runCommand(
        ["/usr/bin/env", "git"] + arguments, in: repository, environment: environment)
      #expect(result.status == 0, "git \(arguments): \(result.err)")
    }

    /// The calls the daemon made to git, by their first words after `-C folder`.
    func gitCalls() -> [String] {
      let text = (try? String(contentsOfFile: calls, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").map { line in
        line.split(separator: " ").dropFirst(2).prefix(1).joined()
      }
    }
  }

  static func completion(_ session: Session, _ uri: String, _ line: Int, _ character: Int) throws -> JSONValue
  {
    try session.result(
      CompletionRequest(TextDocumentIdentifier(uri), position: textPosition(line, character)))
  }

  static func labels(_ result: JSONValue) -> [String] {
    result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
  }

  /// Asks until the list is complete (git answered), at most `seconds`.
  static func complete(_ session: Session, _ uri: String, _ line: Int, _ character: Int, seconds: Double = 60)
    throws -> JSONValue
  {
    let end = Date().addingTimeInterval(seconds)
    while true {
      let result = try completion(session, uri, line, character)
      if result["isIncomplete"]?.boolValue == false || Date() > end { return result }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  @Test func historyWhileGitIsHeldUpAndOutsideAWorkTree() throws {
    let fixture = try Fixture()
    var environment = fixture.environment
    environment["PATH"] = fixture.bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let session = try Session(arguments: ["--log-level", "error"], environment: environment)
    // git is asked again once an answer is a minute old (the server's `GitHistories`), and never
    // while an ask is running: a run slowed past a minute (a loaded machine running every suite
    // at once) may see one more ask a minute once git answers, never more.
    let began = Date()
    func asksAllowed() -> Int { 1 + Int(Date().timeIntervalSince(began) / 60) }
    let message = "file://\(fixture.repository)/.git/COMMIT_EDITMSG"
    session.open(message, "feat(\n\nBody.\n\nCo-authored-by: \nSigned-off-by: \n", languageId: "git-commit")
    _ = try session.publish()
    let other = "file:///elsewhere/notes.txt"
    session.open(other, "안녕하세요 👋")
    _ = try session.publish()

    // git is held up: the first completion answers at once, knowing nothing yet.
    let first = try Self.completion(session, message, 0, 5)
    #expect(first["isIncomplete"]?.boolValue == true && Self.labels(first) == [])
    // A keystroke is published, another document's hover answered, completion answered again.
    session.change(message, version: 2, edit(range(2, 5, 2, 5), " More."))
    let published = try session.publish()
    #expect(published["version"]?.intValue == 2)
    let hover = try session.result(HoverRequest(TextDocumentIdentifier(other), position: textPosition(0, 3)))
    #expect(hover["contents"]?["value"]?.stringValue?.contains("07/150") == true)
    for _ in 0..<5 {
      #expect(try Self.completion(session, message, 4, 16)["isIncomplete"]?.boolValue == true)
    }
    // Still held up: git was asked for the history once (which repository the folder is in: `rev-parse`, which
    // the wrapper logs as it starts; waited for, as the thread that runs it may not have started
    // it yet), whatever was asked meanwhile. The wait is for a call other than `config`: the
    // repository's configuration is asked on a thread of its own, and under load its call was
    // logged first and ended the wait before `rev-parse` was.
    let started = Date().addingTimeInterval(60)
    while fixture.gitCalls().allSatisfy({ $0 == "config" }) && Date() < started {
      Thread.sleep(forTimeInterval: 0.02)
    }
    #expect(try Self.completion(session, message, 0, 5)["isIncomplete"]?.boolValue == true)
    // (`config` is the repository's configuration, "A repository's configuration", not history.)
    #expect(fixture.gitCalls().filter { $0 != "config" } == ["rev-parse"])
    #expect(!FileManager.default.fileExists(atPath: fixture.gate))

    #expect(FileManager.default.createFile(atPath: fixture.gate, contents: nil))
    let scopes = try Self.complete(session, message, 0, 5)
    #expect(Self.labels(scopes) == ["ui", "api"])
    #expect(
      scopes["items"]?.arrayValue?.first?["detail"]?.stringValue == "40 of 50 columns left",
      "feat(ui): is 10 of the preset's 50 columns")
    #expect(
      Self.labels(try Self.complete(session, message, 4, 16)) == [
        "Ann Example <ann@example.com>", "Bob Builder <bob@example.com>", "Carol <carol@example.com>",
      ])
    let signOff = try Self.complete(session, message, 5, 15)
    #expect(Self.labels(signOff).first == "Ann Example <ann@example.com>")
    #expect(signOff["items"]?.arrayValue?.first?["detail"]?.stringValue?.hasPrefix("you") == true)
    // Asked once a minute at most: one `rev-parse` and one `log` (in a run under a minute).
    let allowed = asksAllowed()
    #expect((1...allowed).contains(fixture.gitCalls().filter { $0 == "log" }.count))
    #expect((1...allowed).contains(fixture.gitCalls().filter { $0 == "rev-parse" }.count))
    // git's identity once, with the configuration, for the sign-off fix and completion alike.
    #expect((1...allowed).contains(fixture.gitCalls().filter { $0 == "var" }.count), "\(fixture.gitCalls())")

    // Outside a work tree: no scopes, no people, no committer.
    let lonely = "file://\(fixture.outside)/COMMIT_EDITMSG"
    session.open(lonely, "feat(\n\nCo-authored-by: \nSigned-off-by: \n", languageId: "git-commit")
    _ = try session.publish()
    let nobody = try Self.complete(session, lonely, 2, 16)
    #expect(nobody["isIncomplete"]?.boolValue == false && Self.labels(nobody) == [])
    #expect(Self.labels(try Self.complete(session, lonely, 3, 15)) == [])
    #expect(Self.labels(try Self.complete(session, lonely, 0, 5)) == [])
    try session.finish()
  }

  /// git is asked once per repository, not per folder or document: a repository's `.git` folder
  /// (git's message), a folder of its work tree and a second document there share one `git log`
  /// (each folder's repository found once, by `rev-parse`); another repository gets its own.
  @Test func oneHistoryPerRepository() throws {
    let fixture = try Fixture()
    #expect(FileManager.default.createFile(atPath: fixture.gate, contents: nil))
    let other = fixture.root + "/other"
    let sub = fixture.repository + "/sub"
    for folder in [other, sub] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    for arguments in [
      ["init", "-q", "-b", "main"], ["config", "user.name", "Dee"],
      ["config", "user.email", "dee@example.com"],
      ["commit", "-q", "--allow-empty", "-m", "fix(db): five"],
    ] {
      let result = try runCommand(
        ["/usr/bin/env", "git"] + arguments, in: other, environment: fixture.environment)
      #expect(result.status == 0, "git \(arguments): \(result.err)")
    }
    var environment = fixture.environment
    environment["PATH"] = fixture.bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let session = try Session(arguments: ["--log-level", "error"], environment: environment)
    let documents = [
      ("file://\(fixture.repository)/.git/COMMIT_EDITMSG", ["ui", "api"]),
      ("file://\(sub)/COMMIT_EDITMSG", ["ui", "api"]),
      ("file://\(sub)/MERGE_MSG", ["ui", "api"]),
      ("file://\(other)/.git/COMMIT_EDITMSG", ["db"]),
    ]
    var logs: [Int] = []
    var finds: [Int] = []
    for (uri, scopes) in documents {
      session.open(uri, "feat(\n", languageId: "git-commit")
      _ = try session.publish()
      #expect(Self.labels(try Self.complete(session, uri, 0, 5)) == scopes, "\(uri)")
      logs.append(fixture.gitCalls().filter { $0 == "log" }.count)
      finds.append(fixture.gitCalls().filter { $0 == "rev-parse" }.count)
    }
    #expect(logs == [1, 1, 1, 2])
    #expect(finds == [1, 2, 2, 3])
    try session.finish()
  }

  /// Bad input gets hover's errors: an unknown document names its URI, a negative line its
  /// field, a bad `context` its field; a position past the end is clamped, as hover's is.
  @Test func badInput() throws {
    let session = try Session(arguments: ["--log-level", "error"], inProcess: true)
    let uri = "file:///repo/.git/COMMIT_EDITMSG"
    session.open(uri, "fix: x\n\n", languageId: "git-commit")
    let unknown = try session.error(
      CompletionRequest(TextDocumentIdentifier("file:///nowhere"), position: textPosition(0, 0)))
    #expect(unknown["code"]?.intValue == -32602)
    #expect(unknown["message"]?.stringValue?.hasPrefix("params.textDocument.uri: unknown document") == true)
    let negative = try session.error(
      CompletionRequest.method,
      ["textDocument": ["uri": .string(uri)], "position": ["line": -1, "character": 0]])
    #expect(negative["message"]?.stringValue?.hasPrefix("params.position.line: ") == true)
    let context = try session.error(
      CompletionRequest.method,
      [
        "textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 0],
        "context": ["triggerKind": 7],
      ])
    #expect(context["message"]?.stringValue?.hasPrefix("params.context.triggerKind: ") == true)
    let past = try session.result(
      CompletionRequest(TextDocumentIdentifier(uri), position: textPosition(40, 99)))
    #expect(
      past["items"]?.arrayValue?.map { $0["label"]?.stringValue } ?? [] == [
        "Signed-off-by", "Co-authored-by", "Reviewed-by", "Acked-by", "Tested-by", "Reported-by", "Fixes",
        "Closes", "Refs",
      ])
  }
}
