import StableTextSystem
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The base protocol over a byte stream: a child's stdin and stdout, or one socket both ways
/// (LSP's pipe and socket transports). What is sent is written as it is; what comes back is cut
/// into bodies by `Content-Length` and handed to the conversation by a thread of its own.
final class StreamConnection: ServerConnection, @unchecked Sendable {
  let conversation: Conversation
  private let lock = ConditionLock()
  private let writing = ConditionLock()
  private let output: Int32
  private var inputClosed = false
  private let endInput: @Sendable () -> Void
  /// What keeps the descriptors open while the reading thread reads them (the child process).
  private let owner: ChildProcess?
  /// A socket this connection closes when it goes.
  private let ownedSocket: Int32?
  /// How long a write waits for the server to take a byte (`ConnectionLimits`).
  private let limits: ConnectionLimits

  let framing: any MessageFraming.Type

  /// A child's pipes: writes to `input`, reads `output`; `closeInput` closes the child's input.
  init(
    child: ChildProcess, conversation: Conversation, limits: ConnectionLimits,
    framing: any MessageFraming.Type = FrameReader.self
  ) {
    self.conversation = conversation
    self.limits = limits
    self.framing = framing
    output = child.standardInput
    owner = child
    ownedSocket = nil
    endInput = { child.closeInput() }
    // The writing end is this process's own: non-blocking, so a write waits only as long as
    // `limits` allow (the child's end is untouched).
    if limits.sendStallSeconds != nil { FileDescriptorIO.makeNonBlocking(output) }
    start(reading: child.standardOutput)
  }

  /// A connected socket, read and written both ways and closed when this connection goes;
  /// `closeInput` shuts down its writing half (the answers can still come back).
  init(socket: Int32, conversation: Conversation, limits: ConnectionLimits) {
    self.conversation = conversation
    self.limits = limits
    framing = FrameReader.self
    output = socket
    owner = nil
    ownedSocket = socket
    // Fits: a small constant.
    endInput = { _ = shutdown(socket, Int32(SHUT_WR)) }
    start(reading: socket)
  }

  deinit {
    if let ownedSocket { close(ownedSocket) }
  }

  /// The reading thread holds this connection (and its descriptors) until the stream ends.
  private func start(reading fd: Int32) {
    let framing = framing
    SystemThread.detach(name: "st-client-out") { [self] in read(fd, framing) }
  }

  /// Cuts what the server writes into bodies with its protocol's framing; the base protocol's
  /// bad headers and unfinished messages are reported with what was written there. An announced
  /// length past the limit is skipped as it comes, never buffered.
  private func read<Framing: MessageFraming>(_ fd: Int32, _ type: Framing.Type) {
    var reader = Framing(maxMessageBytes: limits.maxMessageBytes)
    readPieces(fd) { data in
      reader.append(data)
      var received = conversation.batch()
      while let event = reader.next() {
        switch event {
        case .body(let range): received.body(reader.buffer[range])
        case .badHeader(let problem):
          let bytes = (reader as? FrameReader)?.badBytes ?? []
          received.problem("bad header: \(problem); what it wrote there: \(StrayBytes.shown(bytes))")
        case .oversized(let length): conversation.exceeded(limits.oversized(length))
        case .skippedWatched: break
        }
      }
      conversation.deliver(received)
    }
    if reader.hasPartialMessage {
      let bytes = (reader as? FrameReader)?.partialBytes ?? reader.buffer[...]
      conversation.report("the output ended inside a message: \(StrayBytes.shown(bytes))")
    }
    conversation.close()
  }

  /// Written outside the lock: a write that blocks (a server that stops reading) must not
  /// hold up the thread that ends the session.
  /// Each send is written whole before another starts (a client answering the server's requests
  /// from another thread must not cut into a message being written): a lock of its own, which
  /// ending the session does not take.
  /// A server that takes no byte for `limits.sendStallSeconds` stopped reading: the write
  /// gives up, the input is closed, and the conversation says so (`Conversation.overLimit`).
  func sendRaw(_ bytes: [UInt8]) {
    guard !lock.withLock({ inputClosed }) else { return }
    let outcome = writing.withLock { () -> FileDescriptorIO.TimedWrite in
      guard let stall = limits.sendStallSeconds else {
        return FileDescriptorIO.writeAll(output, bytes) ? .written : .failed
      }
      return FileDescriptorIO.writeAll(output, bytes, stallSeconds: stall, socket: ownedSocket != nil)
    }
    guard outcome != .written else { return }
    if outcome == .stalled {
      conversation.exceeded(limits.stalled(bytes.count))
      closeInput()
    }
    lock.withLock { inputClosed = true }
  }

  func closeInput() {
    lock.withLock {
      guard !inputClosed else { return }
      inputClosed = true
      endInput()
    }
  }
}
