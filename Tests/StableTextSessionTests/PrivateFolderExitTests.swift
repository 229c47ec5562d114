import Foundation
import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextSystem
import Testing

/// The daemon's private folder (`$TMPDIR/stabletext-editorconfig-XXXXXX`, the EditorConfig
/// mirror) is gone however the daemon ends (Protocol/README.md, "A repository's
/// configuration"): through the real binary, with a `TMPDIR` of the test's own.
@Suite struct PrivateFolderOnExit {
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
    let server = try ServerProcess(
      executable: binaryPath, arguments: ["--log-level", "info"],
      environment: ProcessScope.environment(adding: ["TMPDIR": temporary]))
    defer { server.terminate() }
    _ = try server.request(InitializeRequest(positionEncodings: []))
    server.send(InitializedNotification())
    server.send(
      DidOpenTextDocumentNotification(
        TextDocumentItem(
          uri: "file://\(temporary)/repo/a.txt", languageId: "plaintext", version: 1, text: "longer than five")))
    let published = try server.notification("textDocument/publishDiagnostics")
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
}
