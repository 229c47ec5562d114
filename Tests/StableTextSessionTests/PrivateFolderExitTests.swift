import Foundation
import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import StableTextSystem
import Testing

/// The daemon's private folder (`$TMPDIR/stabletext-editorconfig-XXXXXX`, the EditorConfig
/// mirror) is gone however the daemon ends (Protocol/README.md, "A repository's
/// configuration"): through the real binary, with a `TMPDIR` of the test's own.
@Suite struct PrivateFolderOnExit {
  /// The daemon with `temporary` as its TMPDIR, initialized, with `uri` open ("longer than
  /// five", so a 5-column EditorConfig limit reports it); the process and its first publish.
  static func daemon(temporary: String, opening uri: String) throws -> (ServerProcess, JSONValue) {
    let server = try ServerProcess(
      executable: binaryPath, arguments: ["--log-level", "info"],
      environment: ProcessScope.environment(adding: ["TMPDIR": temporary]))
    do {
      _ = try server.request(InitializeRequest(positionEncodings: []))
      server.send(InitializedNotification())
      server.send(
        DidOpenTextDocumentNotification(
          TextDocumentItem(uri: uri, languageId: "plaintext", version: 1, text: "longer than five")))
      return (server, try server.notification("textDocument/publishDiagnostics"))
    } catch {
      server.terminate()
      throw error
    }
  }

  enum Ending: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case shutdownAndExit, endOfInput, sigterm, sigint, sighup
    var testDescription: String { rawValue }
  }

  @Test(arguments: Ending.allCases)
  func theMirrorIsRemoved(_ ending: Ending) throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-tmpdir-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: temporary + "/repo", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    try "root = true\n[*]\nmax_line_length = 5\n".write(
      toFile: temporary + "/repo/.editorconfig", atomically: false, encoding: .utf8)
    let (server, published) = try Self.daemon(temporary: temporary, opening: "file://\(temporary)/repo/a.txt")
    defer { server.terminate() }
    #expect(published["params"]?["diagnostics"]?.arrayValue?.count == 1)
    let mirrors = { () throws -> [String] in
      try FileManager.default.contentsOfDirectory(atPath: temporary).filter {
        $0.hasPrefix("stabletext-editorconfig-")
      }
    }
    #expect(try mirrors().count == 1)
    switch ending {
    case .shutdownAndExit:
      _ = try server.request("shutdown")
      server.notify("exit")
      #expect(try server.waitForExit() == 0)
    case .endOfInput:
      server.closeInput()
      _ = try server.waitForExit()
    case .sigterm, .sigint, .sighup:
      let signal = ending == .sigterm ? SIGTERM : ending == .sigint ? SIGINT : SIGHUP
      kill(server.processIdentifier, signal)
      #expect(try server.waitForExit() == 128 + signal)
    }
    #expect(try mirrors() == [], "\(ending)")
  }

  /// A `file:` URI that climbs with `..` (past `/`, through a symbolic link) and repeats `/` is
  /// made normal before anything is read: the repository's `.editorconfig` applies as to the
  /// plain path, and nothing is written but the private folder's copy (the private folder's
  /// path with the URI's `..` after it led back to the real file, which was written over).
  @Test func dotDotURIsAreMadeNormal() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-tmpdir-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(
      atPath: temporary + "/repo/sub", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    try "root = true\n[*]\nmax_line_length = 5\n".write(
      toFile: temporary + "/repo/.editorconfig", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: temporary + "/repo/link", withDestinationPath: "/")
    // Written, the real file would have a new modification time.
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes(
      [.modificationDate: old], ofItemAtPath: temporary + "/repo/.editorconfig")
    let climbing =
      "file://" + String(repeating: "/..", count: 12) + temporary + "/repo/link/..//sub/./../a.txt"
    let (server, published) = try Self.daemon(temporary: temporary, opening: climbing)
    defer { server.terminate() }
    #expect(published["params"]?["diagnostics"]?.arrayValue?.map { $0["code"] } == ["line-too-long"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: temporary + "/repo").sorted() == [
        ".editorconfig", "link", "sub",
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary + "/repo/sub") == [])
    let attributes = try FileManager.default.attributesOfItem(atPath: temporary + "/repo/.editorconfig")
    #expect(attributes[.modificationDate] as? Date == old)
    _ = try server.request("shutdown")
    server.notify("exit")
    #expect(try server.waitForExit() == 0)
  }

  /// `check` too: when it ends, and when a signal ends it (here while it waits on standard
  /// input, its first file's configuration read).
  @Test func checkRemovesItsPrivateFolder() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-tmpdir-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: temporary + "/repo", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    try "root = true\n[*]\nmax_line_length = 5\n".write(
      toFile: temporary + "/repo/.editorconfig", atomically: false, encoding: .utf8)
    try "longer than five\n".write(toFile: temporary + "/repo/a.txt", atomically: false, encoding: .utf8)
    let mirrors = { () throws -> [String] in
      try FileManager.default.contentsOfDirectory(atPath: temporary).filter {
        $0.hasPrefix("stabletext-editorconfig-")
      }
    }
    let ended = try runCommand(
      [binaryPath, "check", "a.txt"], in: temporary + "/repo", environment: ["TMPDIR": temporary])
    #expect(ended.status == 0)
    #expect(ended.out == "a.txt:1:6: warning: 16/5 columns: 11 over the limit [line-too-long]\n")
    #expect(try mirrors() == [])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binaryPath)
    process.arguments = ["check", "a.txt", "-"]
    process.currentDirectoryURL = URL(fileURLWithPath: temporary + "/repo")
    process.environment = ProcessScope.environment(adding: ["TMPDIR": temporary])
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    while try mirrors().isEmpty && Date() < deadline { usleep(10_000) }
    #expect(try mirrors().count == 1)
    kill(process.processIdentifier, SIGTERM)
    // A child may inherit a mask that blocks SIGTERM: only a `check` that waits for it ends.
    let ending = Date().addingTimeInterval(10)
    while process.isRunning && Date() < ending { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    try? input.fileHandleForWriting.close()
    #expect(process.terminationStatus == 128 + SIGTERM)
    #expect(try mirrors() == [])
  }

  /// libeditorconfig opens `.editorconfig` in every folder above the path it is given: given the
  /// private folder's own path, it would open `$TMPDIR/.editorconfig`, which anyone can make a
  /// FIFO on a shared `/tmp` (and wait on it for good). The daemon never opens it: a watcher that
  /// opens the FIFO's other end whenever someone reads it (which would free the reader) finds
  /// nobody, and the document is answered.
  @Test func aFIFOAboveThePrivateFolderIsNeverOpened() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-tmpdir-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: temporary + "/repo", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    #expect(mkfifo(temporary + "/.editorconfig", 0o600) == 0)
    try "[*]\nmax_line_length = 5\n".write(
      toFile: temporary + "/repo/.editorconfig", atomically: false, encoding: .utf8)
    let watcher = FIFOWatcher(path: temporary + "/.editorconfig")
    let (server, published) = try Self.daemon(temporary: temporary, opening: "file://\(temporary)/repo/a.txt")
    defer { server.terminate() }
    #expect(published["params"]?["diagnostics"]?.arrayValue?.count == 1)
    #expect(watcher.stop() == 0)
    _ = try server.request("shutdown")
    server.notify("exit")
    #expect(try server.waitForExit() == 0)
  }
}

/// Opens a FIFO's writing end whenever a reader waits on it (which frees the reader), counting
/// how many times it did.
final class FIFOWatcher: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false
  private var opened = 0

  init(path: String) {
    // The thread holds the watcher until it is stopped.
    Thread.detachNewThread { [self] in
      while !lock.withLock({ stopped }) {
        let fd = open(path, O_WRONLY | O_NONBLOCK)
        if fd >= 0 {
          lock.withLock { opened += 1 }
          close(fd)
        }
        usleep(5_000)
      }
    }
  }

  /// Stops watching: how many times a reader was found.
  func stop() -> Int {
    lock.withLock { stopped = true }
    return lock.withLock { opened }
  }
}
