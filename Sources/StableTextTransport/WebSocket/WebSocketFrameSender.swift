import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes frames to a WebSocket from two threads (the session's replies, the bridge's pongs,
/// pings and close) one whole frame at a time; nothing after the close frame.
///
/// A peer that reads nothing cannot hold a thread, nor make the daemon queue without end: the
/// socket's send buffer is `sendBufferBytes`, each write waits for room at most `stallSeconds`
/// since the peer last took a byte (`--send-seconds`), and then the sender fails for good: the
/// bridge ends the session. A peer that is gone fails it at once.
public final class WebSocketFrameSender: @unchecked Sendable {
  /// The kernel's send buffer of a session's socket (Linux keeps twice this): with the frame
  /// being written and the socket pair's buffer, all that waits for a peer.
  public static let sendBufferBytes: Int32 = 128 << 10

  private let fd: Int32
  private let stallSeconds: Double
  private let lock = ConditionLock()
  private var closed = false
  public private(set) var failed = false

  public init(fd: Int32, stallSeconds: Double) {
    self.fd = fd
    self.stallSeconds = stallSeconds
    var size = Self.sendBufferBytes
    // Fits: the structure is one word.
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
  }

  /// False once the peer is gone, stalled, or the close is sent.
  @discardableResult
  public func send(_ frame: [UInt8]) -> Bool {
    lock.withLock {
      guard !closed, !failed else { return false }
      if !Self.write(fd, frame, stallSeconds: stallSeconds) { failed = true }
      return !failed
    }
  }

  public func close(code: UInt16, reason: String) {
    lock.withLock {
      guard !closed else { return }
      closed = true
      if !failed {
        failed = !Self.write(fd, WebSocket.closeFrame(code: code, reason: reason), stallSeconds: stallSeconds)
      }
    }
  }

  /// Writes all of `bytes` to the socket `fd` without blocking in the kernel: when its buffer is
  /// full, waits for room, but never `stallSeconds` after the last byte the peer took. False when
  /// the peer is gone or stalled that long.
  static func write(_ fd: Int32, _ bytes: [UInt8], stallSeconds: Double) -> Bool {
    FileDescriptorIO.writeAll(fd, bytes, stallSeconds: stallSeconds, socket: true) == .written
  }
}
