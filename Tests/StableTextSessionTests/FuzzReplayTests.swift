import Foundation
import StableTextClient
import StableTextFuzzing
import StableTextJSON
import StableTextServer
import StableTextSessionSupport
import StableTextTransport
import Testing

/// Every conformance session's bytes, and every kept fuzz regression, through the in-process
/// pipeline the fuzzer drives: no crash, and the document's kept counts equal a fresh count.
@Suite struct FuzzReplay {
  static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Fuzz/regressions").path

  /// Every conformance session's bytes and every kept regression, through the fuzz target's
  /// own checks (no crash; valid, finite output; kept counts equal fresh counts).
  @Test func conformanceBytesAndRegressionsReplay() throws {
    var inputs: [(String, [UInt8])] = []
    for session in try ConformanceRunner.load([conformanceDirectory]) {
      var bytes: [UInt8] = []
      for (_, step) in session.steps {
        switch step {
        case .send(let message):
          let body = JSONSerializer.bytes(message)
          bytes += MessageWriter.frame(body)
        case .raw(let raw): bytes += raw
        case .repeated(let raw, let count): bytes += [[UInt8]](repeating: raw, count: count).joined()
        default: break
        }
      }
      inputs.append((session.name, bytes))
    }
    let kept = try FileManager.default.contentsOfDirectory(atPath: Self.regressions)
    #expect(kept.count >= 19)
    for name in kept {
      inputs.append(
        (name, Array(FileManager.default.contents(atPath: Self.regressions + "/" + name) ?? Data())))
    }
    #expect(inputs.count >= 145)
    for (name, bytes) in inputs {
      let problem = bytes.withUnsafeBytes { FuzzTarget.check($0) }
      #expect(problem == nil, "\(name)")
    }
  }

  /// Frames for WebSocket peers that read a little and then stop (the fuzzer's `0xFC` inputs),
  /// from a fixed seed: the writer never blocks for good, fails for good once it failed, and
  /// what the peer reads is the frames sent whole, then a prefix of the one that failed.
  @Test func stalledWebSocketPeersNeverHoldTheWriter() {
    var rng = SplitMix(seed: 39)
    var failures: [String] = []
    for round in 0..<60 {
      let input =
        [FuzzTarget.stalledPeerMarker] + (0..<1 + rng.next(upTo: 12)).map { _ in UInt8(rng.next(upTo: 256)) }
      if let problem = input.withUnsafeBytes({ FuzzTarget.check($0) }) {
        failures.append("round \(round) \(input): \(problem)")
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  /// Generated programs (the fuzzer's structured inputs) from a fixed seed: the generator's
  /// messages reach every handler, and every invariant holds after each message.
  @Test func generatedProgramsKeepEveryInvariant() {
    var rng = SplitMix(seed: 1_111)
    var failures: [String] = []
    for round in 0..<400 {
      let program =
        [FuzzTarget.structuredMarker] + (0..<rng.next(upTo: 600)).map { _ in UInt8(rng.next(upTo: 256)) }
      if let problem = program.withUnsafeBytes({ FuzzTarget.check($0) }) {
        failures.append("round \(round): \(problem)")
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }
}

/// Keystrokes read straight from their bytes (`DidChangeTextDocumentNotification`) and keystrokes the scanner declines
/// (here every third one has an escaped key, so jansson reads it) keep their order and their
/// error handling.
@Test func scannedAndParsedKeystrokesKeepOrderAndErrors() {
  let session = InProcessSession()
  func frame(_ body: String) -> [UInt8] { MessageWriter.frame(Array(body.utf8)) }
  func change(_ version: Int, _ character: Int, _ text: String) -> [UInt8] {
    let key = version % 3 == 0 ? "te\\u0078t" : "text"
    return frame(
      "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":{\"uri\":\"file:///d.txt\",\"version\":\(version)},\"contentChanges\":[{\"range\":{\"start\":{\"line\":0,\"character\":\(character)},\"end\":{\"line\":0,\"character\":\(character)}},\"\(key)\":\"\(text)\"}]}}"
    )
  }
  var input = frame(
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}")
  input += frame(
    "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"file:///d.txt\",\"languageId\":\"t\",\"version\":1,\"text\":\"\"}}}"
  )
  for (n, letter) in "abcdefghij".enumerated() { input += change(n + 2, n, String(letter)) }
  session.feed(input)
  #expect(session.server.text(of: "file:///d.txt") == "abcdefghij")
  #expect(session.server.version(of: "file:///d.txt") == 11)
  _ = session.takeOutput()
  // Three bodies that are not UTF-8: each answered -32700, the document out of sync once.
  var bad: [UInt8] = []
  for n in 0..<3 {
    let body =
      Array(
        "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":{\"uri\":\"file:///d.txt\",\"version\":\(20 + n)},\"contentChanges\":[{\"text\":\""
          .utf8) + [0xC3, 0x28] + Array("\"}]}}".utf8)
    bad += MessageWriter.frame(body)
  }
  session.feed(bad)
  let output = session.takeOutput()
  #expect(output.filter { $0["error"]?["code"] == -32700 }.count == 3)
  #expect(output.filter { $0["method"] == "window/showMessage" }.count == 1)
  #expect(session.server.text(of: "file:///d.txt") == "abcdefghij")
}
