import StableTextTransport

/// A client's frame (RFC 6455, 5.3): the server's form of the frame, with the mask bit set and
/// the payload masked with a fresh random key, as every frame a client sends must be.
enum ClientFrame {
  static func masked(_ opcode: WebSocket.Opcode, _ payload: [UInt8]) -> [UInt8] {
    var frame = WebSocket.frame(opcode, payload)
    // The server's form, then the mask bit, the key and the masked payload.
    let headerLength = frame.count - payload.count
    frame[1] |= 0x80
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    var masked = Array(frame[..<headerLength]) + mask
    masked.reserveCapacity(frame.count + 4)
    for (i, byte) in payload.enumerated() { masked.append(byte ^ mask[i & 3]) }
    return masked
  }
}
