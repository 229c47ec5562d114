import Foundation
import StableTextJSON
import StableTextSystem
import StableTextTransport
import Testing

@testable import StableTextClient

/// `WebSocketClient` on its own, against a scripted server on a loopback port: the opening
/// handshake is checked as RFC 6455 says a client must, the client's frames are masked, the
/// server's text frames are messages and its close frame's reason gives the exit status.
@Suite struct WebSocketClientTests {
  /// A server that accepts one connection, reads the request head, answers with what `reply`
  /// makes of the client's key, then, when it `reads`, reads the client's frames until its close
  /// (or the end); else it closes the connection.
  final class ScriptedServer: @unchecked Sendable {
    let port: Int
    private let listener: ClientListener
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var frames: [WebSocketFrameParser.Event] = []
    private var head = ""

    init(reads: Bool = true, reply: @escaping @Sendable (_ key: String) -> [UInt8]) throws {
      listener = try ClientListener(.socket)
      port = Int(listener.serverArgument.dropFirst("--socket=".count))!
      DispatchQueue.global().async { [self] in
        defer { done.signal() }
        guard let fd = try? listener.accept(timeout: 10) else { return }
        defer { close(fd) }
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { buffer.deallocate() }
        while HTTPRequestHead.end(in: bytes) == nil {
          guard let count = FileDescriptorIO.readSome(fd, into: buffer), count > 0 else { return }
          bytes += UnsafeRawBufferPointer(rebasing: buffer[..<count])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let key =
          text.split(separator: "\r\n").first { $0.hasPrefix("Sec-WebSocket-Key: ") }
          .map { String($0.dropFirst("Sec-WebSocket-Key: ".count)) } ?? ""
        lock.withLock { head = text }
        let answer = reply(key)
        FileDescriptorIO.writeAll(fd, answer)
        guard reads else { return }
        var parser = WebSocketFrameParser(maxMessageBytes: 1 << 20, readsClientFrames: true)
        while let count = FileDescriptorIO.readSome(fd, into: buffer), count > 0 {
          parser.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
          while let event = parser.next() {
            lock.withLock { frames.append(event) }
            switch event {
            case .close, .failure: return
            default: break
            }
          }
        }
      }
    }

    /// The request head and the client's frames, once the server is done.
    func finish() -> (head: String, frames: [WebSocketFrameParser.Event]) {
      done.wait()
      return lock.withLock { (head, frames) }
    }
  }

  static func accepting(_ key: String) -> [UInt8] {
    Array(
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: key))\r\n\r\n"
        .utf8)
  }

  /// Handshakes a client must refuse, and what it says.
  @Test(arguments: [
    ("HTTP/1.1 403 Forbidden\r\n\r\n", "the WebSocket handshake was refused: HTTP/1.1 403 Forbidden\r\n\r\n"),
    (
      "HTTP/1.1 101 Switching Protocols\r\nSec-WebSocket-Accept: d3Jvbmc=\r\n\r\n",
      "the WebSocket handshake was refused: HTTP/1.1 101 Switching Protocols\r\nSec-WebSocket-Accept: d3Jvbmc=\r\n\r\n"
    ),
    ("HTTP/1.1 101 Switch", "the server closed the connection during the WebSocket handshake"),
  ])
  func refusedHandshakes(reply: String, message: String) throws {
    let server = try ScriptedServer(reads: false) { _ in Array(reply.utf8) }
    let error = #expect(throws: WebSocketClient.Failure.self) {
      _ = try WebSocketClient(port: server.port)
    }
    #expect(error?.description == message)
    _ = server.finish()
  }

  /// The server's first frames may come with its handshake answer: a text frame is a message,
  /// the close frame's reason gives the exit status, and what the client sends arrives as masked
  /// text frames, a body each, then its close (1000).
  @Test func framesBothWays() throws {
    let server = try ScriptedServer { key in
      Self.accepting(key) + WebSocket.frame(.text, Array(#"{"jsonrpc":"2.0","method":"hello"}"#.utf8))
        + WebSocket.closeFrame(code: 1000, reason: "exit status 3")
    }
    let client = try WebSocketClient(port: server.port)
    #expect(try client.notification("hello")["method"] == "hello")
    #expect(try client.collectUntilExit() == [])
    #expect(client.closeStatus == 3)
    let id = client.sendRequest("shutdown")
    client.notify("exit")
    client.closeInput()
    let (head, frames) = server.finish()
    #expect(head.hasPrefix("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"))
    #expect(head.contains("\r\nSec-WebSocket-Version: 13\r\n"))
    #expect(
      frames == [
        .text(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#.utf8)),
        .text(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8)),
        .close(code: 1000, reason: ""),
      ])
    #expect(client.protocolErrors.isEmpty)
  }
}
