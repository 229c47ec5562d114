import Foundation
import StableTextClient
import StableTextJSON
import StableTextSessionSupport
import StableTextTransport
import Testing

/// Runtime-internal reports memcheck makes about Swift itself (see the file's comment).
let valgrindSuppressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Valgrind/swift-runtime.supp").path

/// A storm of messages through the daemon under valgrind's memcheck, three runs at once (so each
/// runs under the others' load, where an exit-path race once lost a block in one run of four):
/// no definite leaks, jansson values included (every message is parsed and serialized by
/// jansson), with a client process watched (a thread started by `initialize`) and the malformed
/// framing and JSON of the conformance suite among them.
@Suite struct LeakCheck {
  @Test func messageStormHasNoDefiniteLeaks() throws {
    // Every message of a broad set of conformance sessions, then a clean shutdown.
    var input: [UInt8] = []
    func frame(_ message: JSONValue) {
      let body = JSONSerializer.bytes(message)
      input += MessageWriter.frame(body)
    }
    frame([
      "jsonrpc": "2.0", "id": "init", "method": "initialize",
      "params": [
        "processId": .int(Int(ProcessInfo.processInfo.processIdentifier)), "capabilities": [:],
        "initializationOptions": ["stateNotifications": true],
      ],
    ])
    let sessions = try ConformanceRunner.load([conformanceDirectory]).filter {
      $0.name.hasPrefix("ext-") || $0.name.hasPrefix("scroll-") || $0.name.hasPrefix("sync-")
        || $0.name.hasPrefix("json")
        || $0.name.hasPrefix("rules-") || $0.name.hasPrefix("codeaction") || $0.name.hasPrefix("framing-")
        || $0.name.hasPrefix("core-")
    }
    for session in sessions {
      for (_, step) in session.steps {
        switch step {
        case .send(let message):
          if message["method"] == "exit" || message["method"] == "shutdown"
            || message["method"] == "initialize"
          {
            continue
          }
          frame(message)
        case .raw(let bytes): input += bytes
        case .repeated(let bytes, let count): input += [[UInt8]](repeating: bytes, count: count).joined()
        default: break
        }
      }
    }
    frame(["jsonrpc": "2.0", "id": "bye", "method": "shutdown"])
    frame(["jsonrpc": "2.0", "method": "exit"])
    let inputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "leak-\(UUID().uuidString).bin"
    ).path
    try Data(input).write(to: URL(fileURLWithPath: inputPath))
    defer { try? FileManager.default.removeItem(atPath: inputPath) }

    let runs = (0..<3).map { _ in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "valgrind", "--leak-check=full", "--show-leak-kinds=definite", "--errors-for-leak-kinds=definite",
        "--error-exitcode=99", "--suppressions=\(valgrindSuppressions)", binaryPath, "--stdio", "--log-level",
        "error",
      ]
      process.standardInput = FileHandle(forReadingAtPath: inputPath)
      process.standardOutput = FileHandle.nullDevice
      let errors = Pipe()
      process.standardError = errors
      return (process, errors)
    }
    for (process, _) in runs { try process.run() }
    for (process, errors) in runs {
      let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "valgrind report:\n\(report.suffix(3000))")
      #expect(
        report.contains("definitely lost: 0 bytes in 0 blocks")
          || report.contains("All heap blocks were freed")
      )
      #expect(report.contains("ERROR SUMMARY: 0 errors"))
    }
  }
}
