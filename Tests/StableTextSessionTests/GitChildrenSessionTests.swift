import Foundation
import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// What the daemon takes from git, and what it leaves of git behind (Protocol/README.md,
/// "Completion"; docs/bounds.md): a history of huge subjects is read in bounded memory; names
/// with control or bidirectional characters, or not UTF-8, are never offered; a page over
/// WebSocket is given no people unless the daemon allows it; and no git the daemon started
/// outlives it, hung or not.
@Suite struct GitChildrenSessions {
  /// A temporary folder holding a repository made by `git fast-import` from what `write` writes.
  final class Repository {
    let root: String
    var work: String { root + "/repo" }
    var message: String { "file://\(work)/.git/COMMIT_EDITMSG" }
    var environment: [String: String] {
      ["HOME": root, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CEILING_DIRECTORIES": root]
    }

    convenience init(_ stream: [UInt8], committer: String = "Ann Example") throws {
      try self.init(committer: committer) { $0.write(Data(stream)) }
    }

    init(committer: String = "Ann Example", write: (FileHandle) -> Void) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("st-git-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
      for arguments in [
        ["init", "-q", "-b", "main"], ["config", "user.name", committer],
        ["config", "user.email", "ann@example.com"],
      ] {
        #expect(
          try runCommand(["/usr/bin/env", "git"] + arguments, in: work, environment: environment).status == 0)
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "fast-import", "--quiet"]
      process.currentDirectoryURL = URL(fileURLWithPath: work)
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      let input = Pipe()
      process.standardInput = input
      try process.run()
      write(input.fileHandleForWriting)
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// One commit of `fast-import`'s stream: `author` as raw bytes (any bytes but `<`, `>`, NUL,
    /// line feed), and `message`.
    static func commit(author: [UInt8], message: [UInt8], at time: Int) -> [UInt8] {
      let who = author + Array(" <a\(time)@example.com> \(1_700_000_000 + time) +0000\n".utf8)
      return Array("commit refs/heads/main\nauthor ".utf8) + who + Array("committer ".utf8) + who
        + Array("data \(message.count)\n".utf8) + message + [0x0A]
    }
  }

  static func labels(_ result: JSONValue) -> [String] {
    result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
  }

  /// Completion at `line`, `character` of `uri`, asked until git has answered.
  static func complete(_ session: Session, _ uri: String, _ line: Int, _ character: Int) throws -> JSONValue {
    let end = Date().addingTimeInterval(60)
    while true {
      let result = try session.result(
        CompletionRequest(TextDocumentIdentifier(uri), position: textPosition(line, character)))
      if result["isIncomplete"]?.boolValue == false || Date() > end { return result }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// People whose names hold CR, ESC, BEL, RLO, U+2028 or bytes that are not UTF-8 are not
  /// offered (nor is a committer holding one); the others are, as git wrote them.
  @Test func unsafeNamesAreNeverOffered() throws {
    let authors: [[UInt8]] = [
      Array("Plain Person".utf8), Array("Carriage\rReturn".utf8), Array("Escape \u{1B}[31mRed".utf8),
      Array("Bell\u{07}".utf8), Array("Right \u{202E}tfel".utf8), Array("Line\u{2028}Separator".utf8),
      Array("Latin".utf8) + [0xE9, 0x20, 0xFF], Array("Zoë Ünïcode".utf8),
    ]
    var stream: [UInt8] = []
    for (time, author) in authors.enumerated() {
      stream += Repository.commit(author: author, message: Array("feat(ui): change \(time)\n".utf8), at: time)
    }
    let repository = try Repository(stream, committer: "Me \u{1B}]0;title\u{07}")
    let session = try Session(arguments: ["--log-level", "error"], environment: repository.environment)
    session.open(repository.message, "fix: x\n\nSigned-off-by: \n", languageId: "git-commit")
    let people = Self.labels(try Self.complete(session, repository.message, 2, 15))
    #expect(people == ["Zoë Ünïcode <a7@example.com>", "Plain Person <a0@example.com>"])
    try session.finish()
  }

  /// Over WebSocket a page is given no people, scopes from history or identity, unless the
  /// daemon was started with `--allow-git-history`; the editor's own transports are.
  @Test(arguments: [(ServerTransport.websocket, false), (.websocket, true), (.stdio, false)])
  func webSocketPagesGetNoPeople(_ transport: ServerTransport, _ allowed: Bool) throws {
    let stream = Repository.commit(
      author: Array("Bob Builder".utf8), message: Array("feat(api): one\n".utf8), at: 1)
    let repository = try Repository(stream)
    let session = try Session(
      arguments: ["--log-level", "error"] + (allowed ? ["--allow-git-history"] : []), transport: transport,
      environment: repository.environment)
    session.open(repository.message, "feat(\n\nCo-authored-by: \n", languageId: "git-commit")
    let scopes = Self.labels(try Self.complete(session, repository.message, 0, 5))
    let people = Self.labels(try Self.complete(session, repository.message, 2, 16))
    let given = transport != .websocket || allowed
    #expect(scopes == (given ? ["api"] : []))
    #expect(people == (given ? ["Bob Builder <a1@example.com>"] : []))
    try session.finish()
  }

  /// Ten commits of 30 MB subjects (a 38 KiB pack) under a small one: completion's history is
  /// read a field at a time, each cut to 64 KiB, and git is stopped once it has printed 16 MiB,
  /// so the daemon stays small (579 MB before); what was read before is offered.
  @Test func hugeSubjectsAreReadInBoundedMemory() throws {
    let subject = Array("feat(core): ".utf8) + [UInt8](repeating: 0x78, count: 30_000_000) + [0x0A]
    let repository = try Repository { input in
      for time in 0..<10 {
        input.write(Data(Repository.commit(author: Array("Huge \(time)".utf8), message: subject, at: time)))
      }
      input.write(
        Data(Repository.commit(author: Array("Small".utf8), message: Array("fix(ui): small\n".utf8), at: 10)))
    }
    let session = try Session(arguments: ["--log-level", "error"], environment: repository.environment)
    session.open(repository.message, "feat(\n\nCo-authored-by: \n", languageId: "git-commit")
    // Newest first: the small commit whole, then the author of the first huge one, whose subject
    // git was stopped in.
    let people = Self.labels(try Self.complete(session, repository.message, 2, 16))
    #expect(people == ["Small <a10@example.com>", "Huge 9 <a9@example.com>"])
    #expect(Self.labels(try Self.complete(session, repository.message, 0, 5)) == ["ui"])
    // The daemon's peak resident memory, from Linux's /proc.
    let status = try String(
      contentsOfFile: "/proc/\(session.server.processIdentifier)/status", encoding: .utf8)
    let peak =
      status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
      .flatMap { Int($0.split(separator: " ")[1]) } ?? .max
    #expect(peak < 150 * 1024, "peak \(peak) kB")
    try session.finish()
  }

  /// A git that hangs is killed at its deadline while the daemon runs, and a git still running
  /// when the daemon exits goes with it.
  @Test func noGitOutlivesTheDaemon() throws {
    let repository = try Repository([])
    let bin = repository.root + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let pids = repository.root + "/git-pids"
    // A git that says who it is, then never answers.
    try "#!/bin/sh\necho $$ >> '\(pids)'\nexec sleep 3600\n".write(
      toFile: bin + "/git", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/git")
    var environment = repository.environment
    environment["PATH"] = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    func started() -> [Int32] {
      ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
        Int32($0)
      }
    }
    func alive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }
    func waitFor(_ done: () -> Bool, seconds: Double) -> Bool {
      let end = Date().addingTimeInterval(seconds)
      while !done() && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
      return done()
    }
    let session = try Session(arguments: ["--log-level", "error"], environment: environment)
    session.open(repository.message, "feat(\n\nBody.\n", languageId: "git-commit")
    _ = try session.result(
      CompletionRequest(TextDocumentIdentifier(repository.message), position: textPosition(0, 5)))
    #expect(waitFor({ !started().isEmpty }, seconds: 30))
    let first = started()
    // Each ask may take 10 s: past it, the hung git is killed though the daemon runs on.
    #expect(
      waitFor({ first.allSatisfy { !alive($0) } }, seconds: 60), "still running: \(first.filter(alive))")
    #expect(session.server.isRunning)
    // Asked again (for another folder); the daemon is ended as soon as that git starts, and the
    // git goes with it, well before its own deadline of 10 s.
    let other = "file://\(repository.root)/other/.git/COMMIT_EDITMSG"
    try FileManager.default.createDirectory(
      atPath: repository.root + "/other/.git", withIntermediateDirectories: true)
    let before = started().count
    session.open(other, "fix: y\n", languageId: "git-commit")
    #expect(waitFor({ started().count > before }, seconds: 30))
    let second = started().dropFirst(before).filter(alive)
    #expect(!second.isEmpty)
    kill(session.server.processIdentifier, SIGTERM)
    _ = try? session.server.waitForExit(timeout: 10)
    #expect(
      waitFor({ second.allSatisfy { !alive($0) } }, seconds: 3),
      "outlived the daemon: \(second.filter(alive))")
  }
}
