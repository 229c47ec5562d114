import StableTextSystem
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The daemon's frame writer against a WebSocket peer that stops reading (issue 39: such peers
/// held their sessions, and the port, for good).
enum WebSocketPeerCheck {
  /// How long the writer waits for a peer that takes nothing: short, so that an input costs
  /// milliseconds; a writer that waited for good is the fuzzer's hang.
  static let stallSeconds = 0.002

  /// The input's first byte says how many bytes the peer reads at most (then it stops, but stays
  /// connected); each later byte is a text frame of that many KiB (and a byte more), sent in
  /// order. Invariants: a send that failed fails every later one; what the peer can read
  /// afterwards is the frames whose sends succeeded, whole and in order, then at most a prefix
  /// of the one that failed; and what waited for it is bounded by the socket's buffer.
  static func stalledPeer(_ input: [UInt8]) -> String? {
    guard let first = input.first, let (server, peer) = SocketPair.make() else { return nil }
    defer {
      close(server)
      close(peer)
    }
    _ = fcntl(peer, F_SETFL, O_NONBLOCK)
    var allowance = [0, 1, 125, 4_096, 65_536, 300_000, 1 << 20, Int.max][Int(first) % 8]
    let sender = WebSocketFrameSender(fd: server, stallSeconds: stallSeconds)
    var received: [UInt8] = []
    var sent: [[UInt8]] = []
    var failedFrame: [UInt8]?
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { buffer.deallocate() }
    /// The peer reads what its allowance lets it (`all`: everything there, whatever it allows).
    func read(all: Bool) {
      while all || allowance > 0 {
        let want = all ? buffer.count : min(buffer.count, allowance)
        guard
          let count = FileDescriptorIO.readSome(
            peer, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want])),
          count > 0
        else { return }
        if !all { allowance -= count }
        received += UnsafeRawBufferPointer(rebasing: buffer[0..<count])
      }
    }
    for (index, size) in input.dropFirst().prefix(64).enumerated() {
      // Fits: a letter's code (0x61 + at most 25), and a byte's size in KiB.
      let payload = [UInt8](repeating: UInt8(0x61 + index % 26), count: Int(size) * 1024 + 1)
      let ok = sender.send(WebSocket.frame(.text, payload))
      if ok {
        guard failedFrame == nil else { return "a send succeeded after one failed" }
        sent.append(payload)
      } else if failedFrame == nil {
        failedFrame = WebSocket.frame(.text, payload)
        guard sender.failed else { return "a send failed without the sender failing" }
      }
      read(all: false)
    }
    // Everything that waited for the peer, as it reads again.
    let before = received.count
    read(all: true)
    let queued = received.count - before
    // Linux keeps twice the buffer asked for, and a Unix socket's counts its own overhead.
    if queued > 4 * Int(WebSocketFrameSender.sendBufferBytes) + (1 << 16) {
      return "\(queued) bytes waited for a peer that read nothing, past the socket's buffer"
    }
    var parser = WebSocketFrameParser(maxMessageBytes: 1 << 20, readsClientFrames: false)
    received.withUnsafeBytes { parser.append($0) }
    var frames: [[UInt8]] = []
    while let event = parser.next() {
      guard case .text(let body) = event else { return "the peer read a frame that was not text: \(event)" }
      frames.append(body)
    }
    guard frames == sent else {
      return "the peer read \(frames.count) frames, not the \(sent.count) whose sends succeeded"
    }
    let whole = sent.reduce(0) { $0 + WebSocket.frame(.text, $1).count }
    let tail = received[whole...]
    if let failedFrame {
      guard failedFrame.starts(with: tail), tail.count < failedFrame.count else {
        return
          "after the frames sent, the peer read \(tail.count) bytes that are not a prefix of the one that failed"
      }
    } else if !tail.isEmpty {
      return "the peer read \(tail.count) bytes after the frames sent"
    }
    return nil
  }
}
