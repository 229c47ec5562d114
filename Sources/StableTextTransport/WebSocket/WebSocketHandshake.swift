import CNettle
import StableTextJSON

/// The server's side of RFC 6455 §4's opening handshake, and the rest of what the WebSocket
/// port answers: the page at `/`, and clear refusals for anything else.
public enum WebSocketHandshake {
  /// What a request gets.
  public enum Decision: Equatable, Sendable {
    /// Switch protocols: the 101 response to write, then frames.
    case upgrade(response: [UInt8])
    /// `GET /`: the page.
    case page
    /// A refusal: the status and why (sent as the body, and logged).
    case refuse(status: Int, reason: String)
  }

  /// The origins a handshake is accepted from besides loopback ones and `file://`
  /// (`--allow-origin`), compared case-insensitively and exactly.
  public static func decide(_ head: HTTPRequestHead, allowedOrigins: [String]) -> Decision {
    guard head.version == "HTTP/1.1" else {
      return .refuse(status: 505, reason: "only HTTP/1.1 is spoken here, got \(head.version)")
    }
    // RFC 9112 §3.2: exactly one Host, a well-formed one, else 400.
    let hosts = head.values("host")
    guard hosts.count == 1, let authority = HTTPAuthority(hosts[0][...]) else {
      return .refuse(
        status: 400,
        reason: hosts.count > 1
          ? "\(hosts.count) Host fields: a request has exactly one"
          : "the Host must be a host and an optional port of 1 to 65535 (RFC 9110), got \(hosts.first.map { Echo.clipped($0, to: Echo.maxQuotedBytes) } ?? "none")"
      )
    }
    // DNS rebinding: a page of another site that its DNS points at 127.0.0.1 names itself here.
    guard authority.isLoopback else {
      return .refuse(
        status: 403,
        reason:
          "the Host must be a loopback address (127.0.0.1, localhost, [::1]), got \(Echo.clipped(hosts[0], to: Echo.maxQuotedBytes))"
      )
    }
    let upgrade = head.field("upgrade", lists: "websocket")
    guard upgrade else {
      guard head.method == "GET" || head.method == "HEAD" else {
        return .refuse(
          status: 405,
          reason: "\(head.method) is not answered here: GET / for the page, or a WebSocket handshake")
      }
      guard head.target == "/" || head.target.hasPrefix("/?") else {
        return .refuse(status: 404, reason: "nothing at \(head.target): the page is at /")
      }
      return .page
    }
    guard head.method == "GET" else {
      return .refuse(status: 405, reason: "a WebSocket handshake must be a GET, got \(head.method)")
    }
    guard head.field("connection", lists: "upgrade") else {
      return .refuse(status: 400, reason: "a WebSocket handshake needs Connection: Upgrade")
    }
    guard head.field("sec-websocket-version") == "13" else {
      return .refuse(
        status: 426, reason: "only WebSocket version 13 is spoken here (Sec-WebSocket-Version: 13)")
    }
    guard let key = head.field("sec-websocket-key"), decodedLength(ofBase64: key) == 16 else {
      return .refuse(status: 400, reason: "Sec-WebSocket-Key must be 16 bytes in base64")
    }
    let origins = head.values("origin")
    guard origins.count <= 1 else {
      return .refuse(status: 400, reason: "\(origins.count) Origin fields: a browser sends one")
    }
    if let origin = origins.first {
      guard let parsed = HTTPOrigin(origin) else {
        return .refuse(
          status: 400,
          reason:
            "the Origin must be null or one scheme://host[:port] (RFC 6454), got \(Echo.clipped(origin, to: Echo.maxQuotedBytes))"
        )
      }
      guard isAllowed(origin: origin, parsed, allowedOrigins) else {
        return .refuse(
          status: 403,
          reason:
            "the origin \(Echo.clipped(origin, to: Echo.maxQuotedBytes)) may not connect: only loopback pages, file:// and --allow-origin ones may"
        )
      }
    }
    let response =
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(acceptValue(for: key))\r\n\r\n"
    return .upgrade(response: Array(response.utf8))
  }

  /// RFC 6455 §4.2.2: base64 of the SHA-1 of the key and the protocol's GUID (nettle's SHA-1
  /// and base64).
  public static func acceptValue(for key: String) -> String {
    let input = Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)
    var context = sha1_ctx()
    nettle_sha1_init(&context)
    nettle_sha1_update(&context, input.count, input)
    var digest = [UInt8](repeating: 0, count: 20)
    nettle_sha1_digest(&context, digest.count, &digest)
    return base64(digest)
  }

  /// `bytes` in base64, padded (nettle's encoder).
  static func base64(_ bytes: [UInt8]) -> String {
    var encoded = [CChar](repeating: 0, count: (bytes.count + 2) / 3 * 4)
    encoded.withUnsafeMutableBufferPointer { nettle_base64_encode_raw($0.baseAddress, bytes.count, bytes) }
    return String(decoding: encoded.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A client's Sec-WebSocket-Key: 16 random bytes in base64.
  public static func randomKey() -> String {
    base64((0..<16).map { _ in UInt8.random(in: 0...255) })
  }

  /// How many bytes `text` decodes to as base64, or nil when it is not base64 (nettle's decoder).
  static func decodedLength(ofBase64 text: String) -> Int? {
    let source = Array(text.utf8).map { CChar(bitPattern: $0) }
    var context = base64_decode_ctx()
    nettle_base64_decode_init(&context)
    var output = [UInt8](repeating: 0, count: (source.count + 1) * 6 / 8 + 1)
    var length = output.count
    guard nettle_base64_decode_update(&context, &length, &output, source.count, source) == 1,
      nettle_base64_decode_final(&context) == 1
    else { return nil }
    return length
  }

  /// A loopback page (`http://127.0.0.1:PORT`, `http://localhost`, `https://[::1]`…), `file://`,
  /// or one named by `--allow-origin` (compared as written, case-insensitively). `null` (a
  /// sandboxed frame of any site sends it) is not.
  static func isAllowed(origin: String, _ parsed: HTTPOrigin, _ allowed: [String]) -> Bool {
    if allowed.contains(where: { $0.lowercased() == origin.lowercased() }) { return true }
    switch parsed {
    case .opaque: return false
    case .file: return true
    case .tuple(let scheme, let authority):
      return (scheme == "http" || scheme == "https") && authority.isLoopback
    }
  }

  /// The page's own fields: no other site may frame it (clickjacking), in the old header and
  /// in CSP's.
  public static let pageFields = ["X-Frame-Options: DENY", "Content-Security-Policy: frame-ancestors 'none'"]

  /// An HTTP response: the status line, the fields, and the body.
  public static func response(
    status: Int, contentType: String = "text/plain; charset=utf-8", body: [UInt8], head: Bool = false,
    fields: [String] = []
  ) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n"
    text += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
    text += "Cache-Control: no-store\r\nConnection: close\r\n"
    for field in fields { text += field + "\r\n" }
    text += "\r\n"
    return Array(text.utf8) + (head ? [] : body)
  }

  static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 101: return "Switching Protocols"
    case 200: return "OK"
    case 400: return "Bad Request"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 408: return "Request Timeout"
    case 426: return "Upgrade Required"
    case 429: return "Too Many Requests"
    case 431: return "Request Header Fields Too Large"
    case 505: return "HTTP Version Not Supported"
    default: return "Error"
    }
  }
}
