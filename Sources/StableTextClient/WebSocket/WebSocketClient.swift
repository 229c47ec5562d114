import StableTextSystem
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A WebSocket client of a language server (RFC 6455): one JSON-RPC message per text frame,
/// each frame masked as a client's must be. It connects to a server listening on a loopback
/// port (`stabletext --websocket=PORT`), makes the opening handshake, and reads the server's
/// frames on a thread of its own; the server's close frame ends the session, its reason giving
/// the exit status (`closeStatus`).
public final class WebSocketClient: ServerConnection, @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public let conversation: Conversation
  private let fd: Int32
  private let lock = ConditionLock()
  /// The base-protocol frames the caller sends, cut into bodies for text frames.
  private var framer = FrameReader(maxMessageBytes: Int.max)
  /// The exit status the server's close frame gave, once it came.
  private var status: Int32?
  /// No more frames are sent: the session's close was sent, or a write failed.
  private var closed = false
  private var inputClosed = false
  /// The longest message read, and how long a write waits for the server to take a byte.
  private let limits: ConnectionLimits

  /// Connects to 127.0.0.1:`port` and makes the opening handshake; a refused connection or
  /// handshake throws.
  public convenience init(port: Int, skipsNotifications: Bool = false) throws {
    try self.init(
      port: port, conversation: Conversation(skipsNotifications: skipsNotifications), limits: .init())
  }

  init(port: Int, conversation: Conversation, limits: ConnectionLimits) throws {
    // A server that closed its end makes the next write fail with EPIPE: an answer, not a
    // signal that ends the caller's process.
    signal(SIGPIPE, SIG_IGN)
    self.conversation = conversation
    self.limits = limits
    let connected: Int32
    do {
      connected = try SocketConnector.connect(loopbackPort: port)
    } catch {
      throw Failure(description: "\(error)")
    }
    let leftover: [UInt8]
    do {
      leftover = try Self.handshake(connected, port: port)
    } catch {
      close(connected)
      throw error
    }
    fd = connected
    SystemThread.detach(name: "st-client-out") { [self] in read(leftover: leftover) }
  }

  deinit { close(fd) }

  /// The exit status the server's close frame gave (`exit status N` in its reason), once it
  /// came; nil before, or when its reason gave none.
  public var closeStatus: Int32? { lock.withLock { status } }

  // MARK: - Receiving

  /// The server's frames: each text frame a message; its close ends the output, with the exit
  /// status its reason gives. The reading thread holds this client until then.
  private func read(leftover: [UInt8]) {
    var parser = WebSocketFrameParser(maxMessageBytes: limits.maxMessageBytes, readsClientFrames: false)
    leftover.withUnsafeBytes { parser.append($0) }
    var over = false
    func drain() {
      var received = conversation.batch()
      while let event = parser.next() {
        switch event {
        case .text(let body): received.body(body[...])
        case .ping(let payload): write(ClientFrame.masked(.pong, payload))
        case .pong: break
        case .close(_, let reason):
          if let range = reason.firstRange(of: "exit status ") {
            // Fits: Int32's own parser, nil past its range.
            let exit = Int32(reason[range.upperBound...].prefix { $0.isNumber || $0 == "-" })
            lock.withLock { status = exit }
          }
          over = true
        case .failure(.messageTooBig, _):
          // Its length is told by its frames' headers as they come: what was read is dropped.
          conversation.exceeded(
            "the server sent a message of more than the \(limits.maxMessageBytes) bytes a message may have (--max-message-bytes): not read"
          )
          over = true
        case .failure(let code, let reason):
          received.problem("the server broke the WebSocket protocol (\(code.rawValue)): \(reason)")
          over = true
        }
      }
      conversation.deliver(received)
    }
    drain()
    if !over {
      readPieces(fd) { data in
        guard !over else { return }
        parser.append(data)
        drain()
      }
    }
    conversation.close()
  }

  // MARK: - Sending

  /// A server that takes no byte for `limits.sendStallSeconds` stopped reading: no more is
  /// sent, and the conversation says so.
  private func write(_ bytes: [UInt8]) {
    lock.lock()
    defer { lock.unlock() }
    guard !closed else { return }
    guard let stall = limits.sendStallSeconds else {
      if !FileDescriptorIO.writeAll(fd, bytes) { closed = true }
      return
    }
    switch FileDescriptorIO.writeAll(fd, bytes, stallSeconds: stall, socket: true) {
    case .written: break
    case .failed: closed = true
    case .stalled:
      closed = true
      conversation.exceeded(limits.stalled(bytes.count))
    }
  }

  /// The caller's base-protocol bytes as text frames, a body each; a header a frame cannot
  /// carry is reported as a protocol error.
  public func sendRaw(_ bytes: [UInt8]) {
    var problems: [String] = []
    let frames: [UInt8]? = lock.withLock {
      guard !inputClosed else { return nil }
      bytes.withUnsafeBytes { framer.append($0) }
      var bodies: [[UInt8]] = []
      while let event = framer.next() {
        switch event {
        case .body(let range): bodies.append(Array(framer.buffer[range]))
        case .badHeader(let problem):
          problems.append(
            "a header WebSocket cannot carry (\(problem)): the base protocol's framing is not sent over WebSocket"
          )
        case .oversized, .skippedWatched: break
        }
      }
      return bodies.flatMap { ClientFrame.masked(.text, $0) }
    }
    for problem in problems { conversation.report(problem) }
    // One write for what the caller sent in one, as over a byte stream (a request and its
    // cancellation sent together arrive together).
    if let frames { write(frames) }
  }

  /// The session's end of input: a close frame (1000); the server's close answers it.
  public func closeInput() {
    let first = lock.withLock {
      defer { inputClosed = true }
      return !inputClosed
    }
    guard first else { return }
    write(ClientFrame.masked(.close, [0x03, 0xE8]))
    lock.withLock { closed = true }
  }
}
