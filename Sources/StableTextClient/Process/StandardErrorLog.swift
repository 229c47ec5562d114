import StableTextSystem

/// What a server writes to stderr, read by a thread of its own as it comes: its logs for a
/// report, and where a WebSocket server says it listens. What is kept is bounded, whatever a
/// server writes: its first `keptBytes` (where it says where it listens) and its last (what a
/// report quotes); what lies between is counted, not kept.
final class StandardErrorLog: @unchecked Sendable {
  /// The bytes kept of each end.
  static let keptBytes = 64 << 10

  private let condition = ConditionLock()
  /// The first bytes written.
  private var bytes: [UInt8] = []
  /// The last bytes written after the first `keptBytes`, at most twice `keptBytes` (cut back to
  /// `keptBytes` when full), and how many were dropped between the two.
  private var tail: [UInt8] = []
  private var dropped = 0
  private var closed = false

  /// Reads `fd` to its end on a thread that holds this log, and `owner` (what keeps `fd` open).
  func start(reading fd: Int32, of owner: ChildProcess) {
    SystemThread.detach(name: "st-client-err") { [self] in
      withExtendedLifetime(owner) {
        readPieces(fd) { data in
          condition.withLock { keep(data) }
        }
      }
      condition.lock()
      closed = true
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Keeps `data`'s bytes as the bound allows (called under the lock).
  private func keep(_ data: UnsafeRawBufferPointer) {
    let head = min(data.count, Self.keptBytes - bytes.count)
    bytes.append(contentsOf: data[..<head])
    tail.append(contentsOf: data[head...])
    if tail.count > 2 * Self.keptBytes {
      let cut = tail.count - Self.keptBytes
      dropped += cut
      tail.removeFirst(cut)
    }
  }

  /// What was kept: the first bytes, `[… N bytes …]` for those dropped, the last bytes.
  var text: String {
    condition.withLock {
      let between = dropped > 0 ? "\n[… \(dropped) bytes of stderr not kept …]\n" : ""
      return String(decoding: bytes, as: UTF8.self) + between + String(decoding: tail, as: UTF8.self)
    }
  }

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
      // The line comes first: the first bytes are all there is to search.
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
