#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An address of LSP's socket transports, a Unix domain socket's path or a port on the loopback
/// address: the one place that fills in `sockaddr`s, for the server that connects
/// (`SocketConnector`) and for a client that listens.
public struct SocketAddress {
  private enum Storage {
    case unix(sockaddr_un)
    case loopback(sockaddr_in)
  }

  private var storage: Storage

  /// The address of a Unix domain socket at `path`; `nil` when the path is empty or longer than
  /// a `sockaddr_un` holds (`maxPathBytes`).
  public init?(unixPath path: String) {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count <= Self.maxPathBytes else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    #if canImport(Darwin)
      // Fits: the structure is 106 bytes.
      address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
    #endif
    storage = .unix(address)
  }

  /// The longest path a Unix domain socket's address holds, in bytes.
  public static var maxPathBytes: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

  /// Port `port` on 127.0.0.1 (0: any free port, for a listener).
  public init(loopbackPort port: UInt16) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(port.bigEndian)
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001 as UInt32).bigEndian
    #if canImport(Darwin)
      // Fits: the structure is 16 bytes.
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    storage = .loopback(address)
  }

  /// A new stream socket of the address's family, or -1.
  public func makeSocket() -> Int32 {
    switch storage {
    case .unix: socket(AF_UNIX, Self.stream, 0)
    case .loopback: socket(AF_INET, Self.stream, 0)
    }
  }

  /// Calls `body` with the address as a `sockaddr` and its length.
  public func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
    func generic<Address>(_ address: Address) -> Result {
      withUnsafePointer(to: address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          body($0, socklen_t(MemoryLayout<Address>.size))
        }
      }
    }
    switch storage {
    case .unix(let address): return generic(address)
    case .loopback(let address): return generic(address)
    }
  }

  /// The port a loopback socket `fd` is bound to (the one the system chose for port 0).
  public static func boundPort(of fd: Int32) -> UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
  }

  private static var stream: Int32 {
    #if canImport(Glibc)
      // Fits: a small constant.
      Int32(SOCK_STREAM.rawValue)
    #else
      SOCK_STREAM
    #endif
  }
}
