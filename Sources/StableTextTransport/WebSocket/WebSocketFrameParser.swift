/// Reads a client's WebSocket frames (RFC 6455 §5) from bytes as they arrive, and gives whole
/// text messages, pings, pongs and the close, or the close code the connection must end with.
/// (The conformance runner's client reads a server's frames with it too, unmasked.)
///
/// A client's frames must be masked; fragments of one message may have control frames between
/// them; a message's length is checked against the limit as each frame header arrives, so a
/// frame that announces 2^62 bytes is refused before any of it is kept. After a close or a
/// failure the parser gives nothing more: the connection is over.
public struct WebSocketFrameParser: Sendable {
  public enum Event: Equatable, Sendable {
    /// A whole text message (UTF-8, unmasked, its fragments joined).
    case text([UInt8])
    /// A ping, whose payload the pong must echo.
    case ping([UInt8])
    case pong
    /// The client's close, with its code (nil when it gave none) and reason.
    case close(code: UInt16?, reason: String)
    /// The client broke the protocol: close with this code; the reason says what it did.
    case failure(WebSocket.CloseCode, String)
  }

  /// The largest message accepted (`--max-message-bytes`); a larger one ends the connection
  /// with 1009.
  public let maxMessageBytes: Int
  private var buffer: [UInt8] = []
  private var position = 0
  /// The fragments of the message begun and not yet ended.
  private var message: [UInt8]?
  private var finished = false

  /// True on the server's side (a client masks every frame); false on a client's, reading a
  /// server's frames (never masked).
  public let readsClientFrames: Bool

  public init(maxMessageBytes: Int, readsClientFrames: Bool = true) {
    self.maxMessageBytes = maxMessageBytes
    self.readsClientFrames = readsClientFrames
  }

  /// Whether the bytes so far end inside a frame or a fragmented message.
  public var hasPartialMessage: Bool { position < buffer.count || message != nil }

  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard !finished else { return }
    if position > 0 && position >= buffer.count / 2 {
      buffer.removeSubrange(0..<position)
      position = 0
    }
    buffer += bytes
  }

  public mutating func next() -> Event? {
    guard !finished else { return nil }
    while true {
      guard let header = readHeader() else { return nil }
      switch header {
      case .failure(let code, let reason):
        finished = true
        return .failure(code, reason)
      case .frame(let opcode, let fin, let start, let length, let mask):
        guard buffer.count - start >= length else { return nil }
        var payload = Array(buffer[start..<start + length])
        for i in payload.indices { payload[i] ^= mask[i & 3] }
        position = start + length
        if let event = handle(opcode, fin: fin, payload) { return event }
      }
    }
  }

  private enum Header {
    case frame(WebSocket.Opcode, fin: Bool, start: Int, length: Int, mask: [UInt8])
    case failure(WebSocket.CloseCode, String)
  }

  /// The next frame's header, when all of it has arrived; its checks come first, so that a
  /// hostile length is refused as soon as it is read.
  private func readHeader() -> Header? {
    let available = buffer.count - position
    guard available >= 2 else { return nil }
    let first = buffer[position]
    let second = buffer[position + 1]
    guard first & 0x70 == 0 else {
      return .failure(.protocolError, "a frame with reserved bits set (no extension was agreed)")
    }
    guard let opcode = WebSocket.Opcode(rawValue: first & 0x0F) else {
      return .failure(.protocolError, "a frame with the reserved opcode \(first & 0x0F)")
    }
    let fin = first & 0x80 != 0
    let masked = second & 0x80 != 0
    guard masked == readsClientFrames else {
      return .failure(
        .protocolError,
        masked
          ? "a masked frame (a server never masks)" : "an unmasked frame (a client must mask every frame)")
    }
    var headerLength = 2
    var length = Int(second & 0x7F)
    if length == 126 {
      guard available >= 4 else { return nil }
      length = Int(buffer[position + 2]) << 8 | Int(buffer[position + 3])
      headerLength = 4
    } else if length == 127 {
      guard available >= 10 else { return nil }
      guard buffer[position + 2] & 0x80 == 0 else {
        return .failure(.protocolError, "a frame length with its most significant bit set")
      }
      var value = 0
      for k in 2..<10 { value = value << 8 | Int(buffer[position + k]) }
      length = value
      headerLength = 10
    }
    if opcode.isControl {
      guard fin else { return .failure(.protocolError, "a fragmented control frame") }
      guard length <= 125 else {
        return .failure(.protocolError, "a control frame of \(length) bytes (at most 125)")
      }
    } else {
      switch (opcode, message) {
      case (.continuation, nil):
        return .failure(.protocolError, "a continuation frame with no message begun")
      case (.text, .some), (.binary, .some):
        return .failure(.protocolError, "a new message began before the last one ended")
      case (.binary, nil):
        return .failure(.unsupportedData, "a binary message: send each JSON-RPC message as a text frame")
      default: break
      }
      let sofar = message?.count ?? 0
      // Compared without adding: `length` may be near 2^63.
      guard length <= maxMessageBytes - sofar else {
        return .failure(
          .messageTooBig,
          "a message of more than \(maxMessageBytes) bytes (--max-message-bytes)")
      }
    }
    let maskLength = masked ? 4 : 0
    guard available >= headerLength + maskLength else { return nil }
    let maskStart = position + headerLength
    return .frame(
      opcode, fin: fin, start: maskStart + maskLength, length: length,
      mask: masked ? Array(buffer[maskStart..<maskStart + 4]) : [0, 0, 0, 0])
  }

  private mutating func handle(_ opcode: WebSocket.Opcode, fin: Bool, _ payload: [UInt8]) -> Event? {
    switch opcode {
    case .ping: return .ping(payload)
    case .pong: return .pong
    case .close:
      finished = true
      if payload.isEmpty { return .close(code: nil, reason: "") }
      guard payload.count >= 2 else { return .failure(.protocolError, "a close frame with a one-byte code") }
      // Fits: two bytes widened into 16 bits.
      let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
      guard WebSocket.isValidReceived(code) else {
        return .failure(.protocolError, "a close frame with the code \(code), which may not be sent")
      }
      guard let reason = String(validating: payload[2...], as: UTF8.self) else {
        return .failure(.invalidPayload, "a close reason that is not UTF-8")
      }
      return .close(code: code, reason: reason)
    case .text, .continuation:
      var whole = (message ?? []) + payload
      guard fin else {
        message = whole
        return nil
      }
      message = nil
      guard String(validating: whole, as: UTF8.self) != nil else {
        finished = true
        whole = []
        return .failure(.invalidPayload, "a text message that is not UTF-8")
      }
      return .text(whole)
    case .binary:
      // Refused at its header.
      return nil
    }
  }
}
