#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The socket transports of LSP's "server-side command line arguments": the client listens,
/// and the server connects, then speaks the base protocol over the one socket in both
/// directions. `--pipe=NAME` is a Unix domain socket at the path NAME (what
/// `vscode-languageclient` creates for `TransportKind.pipe` on Linux and macOS); `--socket=PORT`
/// (and `--port=PORT`) a TCP connection to that port on the loopback address.
public enum SocketConnector {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
  }

  /// A connected Unix domain socket to `path`.
  public static func connect(unixPath path: String) throws(Failure) -> Int32 {
    guard let address = SocketAddress(unixPath: path) else {
      throw Failure(
        description:
          "the pipe name must be a path of 1 to \(SocketAddress.maxPathBytes) bytes, got \(path.utf8.count)")
    }
    return try connect(to: address, naming: "the pipe \(path)")
  }

  /// A connected TCP socket to `port` on 127.0.0.1.
  public static func connect(loopbackPort port: Int) throws(Failure) -> Int32 {
    guard let port = UInt16(exactly: port), port > 0 else {
      throw Failure(description: "the port must be from 1 to 65535, got \(port)")
    }
    let fd = try connect(to: SocketAddress(loopbackPort: port), naming: "port \(port) on 127.0.0.1")
    // Keystrokes are small and a reply should not wait for more to send.
    var on: Int32 = 1
    // Fits: a small constant.
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    return fd
  }

  /// A stream socket connected to `address` (closed again when connecting fails).
  private static func connect(to address: SocketAddress, naming what: String) throws(Failure) -> Int32 {
    let fd = address.makeSocket()
    guard fd >= 0 else { throw Failure(description: "cannot create a socket (errno \(errno))") }
    var result: Int32
    repeat {
      result = address.withSockaddr { systemConnect(fd, $0, $1) }
    } while result != 0 && errno == EINTR
    guard result == 0 else {
      let code = errno
      close(fd)
      throw Failure(description: "cannot connect to \(what) (errno \(code))")
    }
    return fd
  }

  private static func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t)
    -> Int32
  {
    #if canImport(Glibc)
      Glibc.connect(fd, address, length)
    #elseif canImport(Darwin)
      Darwin.connect(fd, address, length)
    #endif
  }
}
