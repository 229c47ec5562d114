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
  }

  /// A connected Unix domain socket to `path`.
  public static func connect(unixPath path: String) throws(Failure) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard !bytes.isEmpty, bytes.count < capacity else {
      throw Failure(
        description: "the pipe name must be a path of 1 to \(capacity - 1) bytes, got \(bytes.count)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    #if canImport(Darwin)
      address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
    #endif
    let fd = socket(AF_UNIX, Int32(socketStream), 0)
    guard fd >= 0 else { throw Failure(description: "cannot create a socket (errno \(errno))") }
    let result = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        retrying { systemConnect(fd, generic, socklen_t(MemoryLayout<sockaddr_un>.size)) }
      }
    }
    guard result == 0 else {
      let code = errno
      close(fd)
      throw Failure(description: "cannot connect to the pipe \(path) (errno \(code))")
    }
    return fd
  }

  /// A connected TCP socket to `port` on 127.0.0.1.
  public static func connect(loopbackPort port: Int) throws(Failure) -> Int32 {
    guard (1...65535).contains(port) else {
      throw Failure(description: "the port must be from 1 to 65535, got \(port)")
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001 as UInt32).bigEndian
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    let fd = socket(AF_INET, Int32(socketStream), 0)
    guard fd >= 0 else { throw Failure(description: "cannot create a socket (errno \(errno))") }
    let result = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        retrying { systemConnect(fd, generic, socklen_t(MemoryLayout<sockaddr_in>.size)) }
      }
    }
    guard result == 0 else {
      let code = errno
      close(fd)
      throw Failure(description: "cannot connect to port \(port) on 127.0.0.1 (errno \(code))")
    }
    // Keystrokes are small and a reply should not wait for more to send.
    var on: Int32 = 1
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    return fd
  }

  private static var socketStream: Int32 {
    #if canImport(Glibc)
      Int32(SOCK_STREAM.rawValue)
    #else
      SOCK_STREAM
    #endif
  }

  private static func retrying(_ call: () -> Int32) -> Int32 {
    while true {
      let result = call()
      if result == 0 || errno != EINTR { return result }
    }
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
