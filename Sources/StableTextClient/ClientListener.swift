import Foundation
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a client and a server are joined: LSP's standard transports. For `pipe` and `socket` the
/// client listens and passes the server the argument that tells it where to connect
/// (`--pipe=NAME`, `--socket=PORT`), as `vscode-languageclient` does.
public enum ServerTransport: String, Sendable, CaseIterable {
  case stdio, pipe, socket
}

/// The listening end of a `pipe` or `socket` transport.
final class ClientListener {
  let fd: Int32
  /// The argument that tells the server where to connect.
  let serverArgument: String
  private let path: String?

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(_ transport: ServerTransport) throws {
    switch transport {
    case .stdio:
      throw Failure(description: "stdio needs no listener")
    case .pipe:
      let path =
        FileManager.default.temporaryDirectory.appendingPathComponent(
          "stabletext-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        ).path
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      let bytes = Array(path.utf8)
      guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        throw Failure(description: "the socket path \(path) is too long")
      }
      withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
      }
      let listening = socket(AF_UNIX, Self.stream, 0)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(listening, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      guard listening >= 0, bound == 0, listen(listening, 1) == 0 else {
        let code = errno
        if listening >= 0 { close(listening) }
        throw Failure(description: "cannot listen on \(path) (errno \(code))")
      }
      fd = listening
      self.path = path
      serverArgument = "--pipe=\(path)"
    case .socket:
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = 0
      address.sin_addr.s_addr = in_addr_t(0x7F00_0001 as UInt32).bigEndian
      let listening = socket(AF_INET, Self.stream, 0)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(listening, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard listening >= 0, bound == 0, listen(listening, 1) == 0 else {
        let code = errno
        if listening >= 0 { close(listening) }
        throw Failure(description: "cannot listen on a loopback port (errno \(code))")
      }
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) }
      }
      fd = listening
      path = nil
      serverArgument = "--socket=\(UInt16(bigEndian: address.sin_port))"
    }
  }

  /// The server's connection, once it has connected (at most `timeout` seconds).
  func accept(timeout: Double) throws -> Int32 {
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, Int32(timeout * 1000))
    guard ready > 0 else { throw Failure(description: "the server did not connect within \(timeout) s") }
    #if canImport(Glibc)
      let connection = Glibc.accept(fd, nil, nil)
    #else
      let connection = Darwin.accept(fd, nil, nil)
    #endif
    guard connection >= 0 else { throw Failure(description: "accept failed (errno \(errno))") }
    return connection
  }

  deinit {
    close(fd)
    if let path { unlink(path) }
  }

  private static var stream: Int32 {
    #if canImport(Glibc)
      Int32(SOCK_STREAM.rawValue)
    #else
      SOCK_STREAM
    #endif
  }
}
