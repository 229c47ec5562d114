import StableTextSystem
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
  /// The server listens (`--websocket=0`, its port read from its stderr) and the client
  /// connects, one JSON-RPC message per text frame; a session's end is the server's close frame,
  /// whose reason carries the exit status.
  case websocket

  /// The client listens for the server (`pipe`, `socket`).
  var clientListens: Bool { self == .pipe || self == .socket }
}

/// The listening end of a `pipe` or `socket` transport.
final class ClientListener {
  let fd: Int32
  /// The argument that tells the server where to connect.
  let serverArgument: String
  private let path: String?

  typealias Failure = SocketConnector.Failure

  init(_ transport: ServerTransport) throws {
    switch transport {
    case .stdio, .websocket:
      throw Failure(description: "\(transport.rawValue) needs no listener")
    case .pipe:
      let path = FileSystem.join(
        FileSystem.temporaryDirectory,
        "stabletext-\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16)).sock")
      guard let address = SocketAddress(unixPath: path) else {
        throw Failure(description: "the socket path \(path) is too long")
      }
      fd = try Self.listen(on: address, naming: path)
      self.path = path
      serverArgument = "--pipe=\(path)"
    case .socket:
      fd = try Self.listen(on: SocketAddress(loopbackPort: 0), naming: "a loopback port")
      path = nil
      serverArgument = "--socket=\(SocketAddress.boundPort(of: fd))"
    }
  }

  /// A stream socket bound to `address` and listening (closed again when that fails).
  private static func listen(on address: SocketAddress, naming what: String) throws -> Int32 {
    let listening = address.makeSocket()
    guard listening >= 0, address.withSockaddr({ bind(listening, $0, $1) }) == 0,
      systemListen(listening, 1) == 0
    else {
      let code = errno
      if listening >= 0 { close(listening) }
      throw Failure(description: "cannot listen on \(what) (errno \(code))")
    }
    return listening
  }

  private static func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.listen(fd, backlog)
    #else
      Darwin.listen(fd, backlog)
    #endif
  }

  /// The server's connection, once it has connected (at most `timeout` seconds).
  /// Waits up to `timeout` seconds for the server to connect, looking every tenth of a second
  /// whether `waiting` still holds (a server that exited will never connect: no need to wait out
  /// the timeout).
  func accept(timeout: Double, while waiting: () -> Bool = { true }) throws -> Int32 {
    let deadline = MonotonicTime.after(seconds: timeout.isNaN ? 0 : min(max(0, timeout), 2e6))
    while true {
      // Fits: a small constant.
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, 100) > 0 { break }
      guard waiting() else { throw Failure(description: "the server ended before it connected") }
      guard !deadline.hasPassed else {
        throw Failure(description: "the server did not connect within \(timeout) s")
      }
    }
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
}
