/// RFC 6455's vocabulary as the daemon speaks it: one JSON-RPC message per text frame (the
/// convention of browser LSP clients), the frames a server sends (never masked, never
/// fragmented), and the close codes it ends a connection with.
public enum WebSocket {
  /// RFC 6455 §5.2's opcodes (3–7 and 11–15 are reserved: a frame with one is a protocol error).
  public enum Opcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    var isControl: Bool { rawValue & 0x8 != 0 }
  }

  /// RFC 6455 §7.4.1's status codes that the daemon sends.
  public enum CloseCode: UInt16, Sendable {
    case normal = 1000
    case goingAway = 1001
    case protocolError = 1002
    case unsupportedData = 1003
    case invalidPayload = 1007
    case policyViolation = 1008
    case messageTooBig = 1009
    case internalError = 1011
  }

  /// Whether a peer may send `code` in a close frame (RFC 6455 §7.4: 1000–1003 and 1007–1011
  /// are defined, 1004–1006 and 1015 are never sent, 3000–4999 belong to libraries and
  /// applications; the rest are reserved).
  public static func isValidReceived(_ code: UInt16) -> Bool {
    switch code {
    case 1000...1003, 1007...1011, 3000...4999: return true
    default: return false
    }
  }

  /// A server's frame: final, unmasked, its length in the shortest form.
  public static func frame(_ opcode: Opcode, _ payload: UnsafeRawBufferPointer) -> [UInt8] {
    var frame: [UInt8] = [0x80 | opcode.rawValue]
    frame.reserveCapacity(payload.count + 10)
    let count = payload.count
    if count < 126 {
      // Fits: below 126.
      frame.append(UInt8(count))
    } else if count <= 0xFFFF {
      frame.append(126)
      // Fits: each is one byte of a 16-bit length.
      frame += [UInt8(count >> 8), UInt8(count & 0xFF)]
    } else {
      frame.append(127)
      // Fits: each is one byte of the length, most significant first.
      for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((count >> shift) & 0xFF)) }
    }
    frame += payload
    return frame
  }

  public static func frame(_ opcode: Opcode, _ payload: [UInt8]) -> [UInt8] {
    payload.withUnsafeBytes { frame(opcode, $0) }
  }

  /// A close frame: the code, then the reason cut to fit a control frame's 125 bytes (at a
  /// scalar's end).
  public static func closeFrame(_ code: CloseCode, reason: String) -> [UInt8] {
    closeFrame(code: code.rawValue, reason: reason)
  }

  /// A close frame with any code (a client's own, echoed).
  public static func closeFrame(code: UInt16, reason: String) -> [UInt8] {
    var reasonBytes: [UInt8] = []
    for scalar in reason.unicodeScalars {
      let encoded = Array(String(scalar).utf8)
      if reasonBytes.count + encoded.count > 123 { break }
      reasonBytes += encoded
    }
    // Fits: each is one byte of the 16-bit code.
    return frame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + reasonBytes)
  }
}
