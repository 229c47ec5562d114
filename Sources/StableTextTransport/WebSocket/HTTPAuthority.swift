#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A host and an optional port, as a `Host` field (RFC 9110 §7.2: `uri-host [ ":" port ]`) and an
/// origin's serialization (RFC 6454 §6.2: `scheme "://" host [ ":" port ]`) write them, and as
/// browsers send them: a name, a dotted IPv4 address, or an IPv6 address in brackets, then
/// `:` and a port of digits only from 1 to 65535. Anything else (`127.0.0.1:x`,
/// `[::1]evil.example`, `127.0.0.01`, an empty port) is not an authority.
public struct HTTPAuthority: Equatable, Sendable {
  public enum Host: Equatable, Sendable {
    /// A registered name, lower-cased (names are case-insensitive).
    case name(String)
    case ipv4([UInt8])
    case ipv6([UInt8])
  }

  public var host: Host
  public var port: Int?

  /// The authority `text` writes, or nil when it is not one.
  public init?(_ text: Substring) {
    var hostText: Substring
    var rest: Substring
    if text.first == "[" {
      // An IP literal: an IPv6 address (RFC 3986 §3.2.2), which inet_pton reads exactly.
      guard let close = text.firstIndex(of: "]") else { return nil }
      hostText = text[text.index(after: text.startIndex)..<close]
      guard let address = Self.ipv6(hostText) else { return nil }
      host = .ipv6(address)
      rest = text[text.index(after: close)...]
    } else {
      let colon = text.firstIndex(of: ":") ?? text.endIndex
      hostText = text[..<colon]
      rest = text[colon...]
      guard let parsed = Self.hostName(hostText) else { return nil }
      host = parsed
    }
    if rest.isEmpty {
      port = nil
      return
    }
    // After the host only `:port` may come: digits, at most five, from 1 to 65535.
    guard rest.first == ":" else { return nil }
    let digits = rest.dropFirst()
    guard (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), (1...65535).contains(number)
    else { return nil }
    port = number
  }

  /// 127.0.0.0/8, `localhost` and `::1`: what a page served here, and nothing else, names.
  public var isLoopback: Bool {
    switch host {
    case .name(let name): return name == "localhost"
    case .ipv4(let octets): return octets[0] == 127
    case .ipv6(let octets): return octets == Array(repeating: 0, count: 15) + [1]
    }
  }

  /// A dotted IPv4 address (four decimal numbers up to 255, no leading zeros: `127.0.0.01` is
  /// octal to some readers), or a registered name of RFC 3986's characters. A host of digits
  /// and dots that is not an address is neither (a browser refuses it too).
  private static func hostName(_ text: Substring) -> Host? {
    guard !text.isEmpty else { return nil }
    if text.allSatisfy({ $0 == "." || ($0.isASCII && $0.isNumber) }) {
      let parts = text.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 4 else { return nil }
      var octets: [UInt8] = []
      for part in parts {
        // Fits: a string read as a number is failable (nil past 255).
        guard (1...3).contains(part.count), part == "0" || part.first != "0", let value = UInt8(part) else {
          return nil
        }
        octets.append(value)
      }
      return .ipv4(octets)
    }
    // reg-name = *( unreserved / pct-encoded / sub-delims )
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=")
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "%" {
        let hex = text[text.index(after: index)...].prefix(2)
        guard hex.count == 2, hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        index = text.index(index, offsetBy: 3)
        continue
      }
      guard allowed.contains(character) else { return nil }
      index = text.index(after: index)
    }
    return .name(text.lowercased())
  }

  /// The 16 bytes of an IPv6 address in any of its textual forms (`::1`, `0:0:0:0:0:0:0:1`).
  private static func ipv6(_ text: Substring) -> [UInt8]? {
    // inet_pton stops at a NUL: one inside the text would cut it short.
    guard !text.contains("\0"), text.count <= 45 else { return nil }
    var address = in6_addr()
    let parsed = String(text).withCString { inet_pton(AF_INET6, $0, &address) }
    guard parsed == 1 else { return nil }
    return withUnsafeBytes(of: &address) { Array($0) }
  }
}

/// An `Origin` field (RFC 6454 §7): `null`, or one serialized origin.
public enum HTTPOrigin: Equatable, Sendable {
  /// `null`: an opaque origin (a sandboxed frame of any site, a `data:` page).
  case opaque
  /// `file://`, as some browsers write a local page's origin.
  case file
  /// A scheme (lower-cased) and its authority.
  case tuple(scheme: String, authority: HTTPAuthority)

  /// The origin `text` writes, or nil when it is not one (a list of several, a path, a user).
  public init?(_ text: String) {
    if text == "null" {
      self = .opaque
      return
    }
    guard let colon = text.firstIndex(of: ":"), text[text.index(after: colon)...].hasPrefix("//") else {
      return nil
    }
    let scheme = text[..<colon]
    guard let first = scheme.first, first.isASCII && first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    let rest = text[text.index(colon, offsetBy: 3)...]
    if rest.isEmpty && scheme.lowercased() == "file" {
      self = .file
      return
    }
    guard let authority = HTTPAuthority(rest) else { return nil }
    self = .tuple(scheme: scheme.lowercased(), authority: authority)
  }
}
