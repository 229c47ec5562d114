import Foundation
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// Memory is bounded by the options whatever the client does (Protocol/README.md, "Limits"): a
/// client that stops reading the daemon's replies while it goes on sending large requests
/// finds its writes blocked once the daemon's queue of unread input is full, and the daemon's
/// memory stays under the ceiling docs/daemon.md gives for its options.
@Suite struct Backpressure {
  /// `VmHWM` (peak resident memory) of a process, in bytes.
  static func peakMemory(of pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return (Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0) * 1024
    }
    return 0
  }

  @Sendable static func frame(_ message: JSONValue) -> Data {
    let body = message.serialized
    return Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
  }

  @Test func aClientThatStopsReadingCannotFillTheDaemonsMemory() throws {
    let maxTotal = 5_000_000
    let maxMessage = 1_200_000
    let maxQueued = 4 << 20
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binaryPath)
    process.arguments = [
      "--log-level", "error", "--max-total-bytes", String(maxTotal), "--max-message-bytes",
      String(maxMessage),
      "--max-queued-bytes", String(maxQueued),
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let uri = "file:///backpressure.txt"
    let frame = Self.frame
    let opening =
      frame([
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": [
          "processId": nil, "capabilities": [:], "initializationOptions": ["rules": ["maxLength": 1_000_000]],
        ],
      ])
      + frame(
        DidOpenTextDocumentNotification(
          TextDocumentItem(uri: uri, languageId: "plaintext", version: 1, text: "hello")
        )
        .message)
    try input.fileHandleForWriting.write(contentsOf: opening)
    // Requests of 1 MiB whose answers are nearly as large (`fitting`, the prefix that fits under
    // the limit of 1,000,000), and nobody reads them: 48 of them are 50 MB of input, twelve times
    // the queue's budget.
    let count = 48
    let paste = String(repeating: "x", count: 1 << 20)
    let request = { @Sendable (id: Int) in
      frame(
        StableTextShouldChangeTextRequest(
          TextDocumentIdentifier(uri), range: textRange(0, 5, 0, 5), text: paste
        )
        .message(id: .int(id)))
    }
    let written = DispatchSemaphore(value: 0)
    let writer = input.fileHandleForWriting
    DispatchQueue.global().async {
      for id in 1...count { try? writer.write(contentsOf: request(id)) }
      try? writer.write(contentsOf: frame(ShutdownRequest().message(id: 999)))
      try? writer.write(contentsOf: frame(ExitNotification().message))
      try? writer.close()
      written.signal()
    }
    // While nothing is read, the writes block and the daemon's memory levels off.
    let pid = process.processIdentifier
    var peak = 0
    for _ in 0..<40 {
      Thread.sleep(forTimeInterval: 0.1)
      peak = max(peak, Self.peakMemory(of: pid))
    }
    #expect(written.wait(timeout: .now()) == .timedOut, "every write went through: nothing pushed back")
    // docs/daemon.md's ceiling for these options: a base of 64 MiB, 1.5 times --max-total-bytes, twice
    // --max-queued-bytes, and six messages of --max-message-bytes in the making.
    let ceiling = 64 << 20 + maxTotal * 3 / 2 + 2 * maxQueued + 6 * maxMessage
    #expect(peak < ceiling, "peak RSS \(peak >> 20) MiB, ceiling \(ceiling >> 20) MiB")
    print("backpressure: peak RSS \(peak >> 20) MiB while not reading, ceiling \(ceiling >> 20) MiB")
    // Reading again, every request is answered and the daemon exits cleanly after shutdown.
    let replies = output.fileHandleForReading.readDataToEndOfFile()
    #expect(written.wait(timeout: .now() + 30) == .success)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    var answered = 0
    var searched = replies.startIndex
    let marker = Data(#""allowed":false"#.utf8)
    while let found = replies.range(of: marker, in: searched..<replies.endIndex) {
      answered += 1
      searched = found.upperBound
    }
    #expect(answered == count)
  }
}
