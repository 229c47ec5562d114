import Foundation
import StableTextClient
import StableTextJSON
import StableTextServer
import Testing

/// Every conformance session's bytes, and every kept fuzz regression, through the in-process
/// pipeline the fuzzer drives: no crash, and the document's kept counts equal a fresh count.
@Suite struct FuzzReplay {
  static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Fuzz/regressions").path

  @Test func conformanceBytesAndRegressionsReplay() throws {
    var inputs: [(String, [UInt8])] = []
    for session in try ConformanceRunner.load([conformanceDirectory]) {
      var bytes: [UInt8] = []
      for (_, step) in session.steps {
        switch step {
        case .send(let message):
          let body = JSONSerializer.bytes(message)
          bytes += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        case .raw(let raw): bytes += raw
        default: break
        }
      }
      inputs.append((session.name, bytes))
    }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: Self.regressions)) ?? [] {
      inputs.append(
        (name, Array(FileManager.default.contents(atPath: Self.regressions + "/" + name) ?? Data())))
    }
    #expect(inputs.count >= 126)
    for (name, bytes) in inputs {
      let session = InProcessSession(maxMessageBytes: 1 << 16)
      let prelude =
        "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"file:///fuzz.txt\",\"languageId\":\"t\",\"version\":1,\"text\":\"안녕 👋🏽\\r\\nline\"}}}"
      session.feed(bytes)
      session.feed(Array("Content-Length: \(prelude.utf8.count)\r\n\r\n\(prelude)".utf8))
      _ = session.takeOutput()
      #expect(session.server.consistencyProblem("file:///fuzz.txt") == nil, "\(name)")
      #expect(session.server.consistencyProblem("file:///conformance/doc.txt") == nil, "\(name)")
    }
  }
}
