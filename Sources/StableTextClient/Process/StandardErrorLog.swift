import StableTextSystem

/// What a server writes to stderr, read by a thread of its own as it comes: its logs for a
/// report, and where a WebSocket server says it listens.
final class StandardErrorLog: @unchecked Sendable {
  private let condition = ConditionLock()
  private var bytes: [UInt8] = []
  private var closed = false

  /// Reads `fd` to its end on a thread that holds this log, and `owner` (what keeps `fd` open).
  func start(reading fd: Int32, of owner: ChildProcess) {
    SystemThread.detach(name: "st-client-err") { [self] in
      withExtendedLifetime(owner) {
        readPieces(fd) { data in
          condition.withLock { bytes.append(contentsOf: data) }
        }
      }
      condition.lock()
      closed = true
      condition.broadcast()
      condition.unlock()
    }
  }

  var text: String { condition.withLock { String(decoding: bytes, as: UTF8.self) } }

  /// Waits until stderr ended or `deadline` passed.
  func waitUntilClosed(deadline: MonotonicTime) {
    condition.lock()
    defer { condition.unlock() }
    while !closed && !deadline.hasPassed { condition.wait(until: deadline) }
  }

  /// The port of the server's `listening on ws://127.0.0.1:PORT/` line, once written; throws
  /// when stderr ends, `deadline` passes or `running` no longer holds first.
  func listeningPort(deadline: MonotonicTime, running: () -> Bool) throws -> Int {
    condition.lock()
    defer { condition.unlock() }
    while true {
      let text = String(decoding: bytes, as: UTF8.self)
      if let range = text.firstRange(of: "listening on ws://127.0.0.1:"),
        let port = Int(text[range.upperBound...].prefix { $0.isNumber })
      {
        return port
      }
      if closed || deadline.hasPassed || !running() {
        throw ServerProcess.StartFailure(
          description: "the server did not say where it listens (listening on ws://127.0.0.1:PORT/)")
      }
      _ = condition.wait(until: .after(seconds: 0.05))
    }
  }
}
