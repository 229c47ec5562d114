import StableTextSystem
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension WebSocketClient {
  /// The opening handshake on the connected `fd` (RFC 6455, 4.1): the upgrade request with a
  /// fresh key, and the server's `101` whose `Sec-WebSocket-Accept` answers it. Returns what
  /// came after the response head (the server's first frames may come with it).
  static func handshake(_ fd: Int32, port: Int) throws -> [UInt8] {
    let key = WebSocketHandshake.randomKey()
    let request =
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
    FileDescriptorIO.writeAll(fd, request)
    var bytes: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    defer { buffer.deallocate() }
    while HTTPRequestHead.end(in: bytes) == nil {
      guard let count = FileDescriptorIO.readSome(fd, into: buffer), count > 0, bytes.count < 16_384 else {
        throw Failure(description: "the server closed the connection during the WebSocket handshake")
      }
      bytes += UnsafeRawBufferPointer(rebasing: buffer[..<count])
    }
    let end = HTTPRequestHead.end(in: bytes)!
    let head = String(decoding: bytes[..<end], as: UTF8.self)
    guard head.hasPrefix("HTTP/1.1 101 "),
      head.contains("Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: key))\r\n")
    else {
      throw Failure(description: "the WebSocket handshake was refused: \(head.prefix(200))")
    }
    return Array(bytes[end...])
  }
}
