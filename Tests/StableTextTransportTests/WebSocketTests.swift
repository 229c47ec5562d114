import Testing

@testable import StableTextTransport

/// A client's frame, masked with a fixed key; `length` writes another length (64-bit form).
private func frame(
  _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true, length: UInt64? = nil
)
  -> [UInt8]
{
  var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
  let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
  let bit: UInt8 = masked ? 0x80 : 0
  if let length {
    bytes.append(bit | 127)
    // Fits: each is one byte of the length.
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8((length >> UInt64(shift)) & 0xFF))
    }
  } else if payload.count < 126 {
    // Fits: below 126.
    bytes.append(bit | UInt8(payload.count))
  } else {
    // Fits: the tests' payloads are under 65,536 bytes.
    bytes += [bit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
  }
  guard masked else { return bytes + payload }
  return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
}

private func text(_ string: String) -> [UInt8] { Array(string.utf8) }

/// The events of `bytes`, fed whole and a byte at a time (they must agree).
private func events(_ bytes: [UInt8], limit: Int = 1_000) -> [WebSocketFrameParser.Event] {
  func run(_ pieces: Int) -> [WebSocketFrameParser.Event] {
    var parser = WebSocketFrameParser(maxMessageBytes: limit)
    var events: [WebSocketFrameParser.Event] = []
    var start = 0
    repeat {
      let end = min(bytes.count, start + pieces)
      bytes[start..<end].withUnsafeBytes { parser.append($0) }
      while let event = parser.next() { events.append(event) }
      start = end
    } while start < bytes.count
    return events
  }
  let whole = run(max(1, bytes.count))
  #expect(run(1) == whole)
  return whole
}

/// RFC 6455's frames as a client sends them, well and badly: each row's bytes and the events
/// the parser gives, whole and byte by byte.
@Test func framesGiveTheirEvents() {
  let rows: [(String, [UInt8], [WebSocketFrameParser.Event])] = [
    ("1️⃣ a masked text frame", frame(1, text("{\"a\":1}")), [.text(text("{\"a\":1}"))]),
    (
      "2️⃣ fragments with a ping between, a scalar split across them",
      frame(1, Array(text("한")[0..<1]), fin: false) + frame(9, text("hi")) + frame(0, Array(text("한")[1...])),
      [.ping(text("hi")), .text(text("한"))]
    ),
    (
      "3️⃣ 16-bit length", frame(1, Array(repeating: 0x61, count: 300)),
      [.text(Array(repeating: 0x61, count: 300))]
    ),
    (
      "4️⃣ a pong, then a close with code and reason", frame(10, []) + frame(8, [0x03, 0xE8] + text("bye")),
      [
        .pong, .close(code: 1000, reason: "bye"),
      ]
    ),
    ("5️⃣ nothing after the close", frame(8, []) + frame(1, text("x")), [.close(code: nil, reason: "")]),
    (
      "6️⃣ unmasked", frame(1, text("x"), masked: false),
      [.failure(.protocolError, "an unmasked frame (a client must mask every frame)")]
    ),
    (
      "7️⃣ 2^63", frame(1, [], length: 1 << 63),
      [.failure(.protocolError, "a frame length with its most significant bit set")]
    ),
    (
      "8️⃣ 2^62", frame(1, [], length: 1 << 62),
      [.failure(.messageTooBig, "a message of more than 1000 bytes (--max-message-bytes)")]
    ),
    (
      "9️⃣ fragments that add up past the limit",
      frame(1, Array(repeating: 0x61, count: 600), fin: false) + frame(0, Array(repeating: 0x61, count: 600)),
      [.failure(.messageTooBig, "a message of more than 1000 bytes (--max-message-bytes)")]
    ),
    (
      "🔟 a continuation first", frame(0, text("x")),
      [.failure(.protocolError, "a continuation frame with no message begun")]
    ),
    (
      "binary", frame(2, [1]),
      [.failure(.unsupportedData, "a binary message: send each JSON-RPC message as a text frame")]
    ),
    ("not UTF-8", frame(1, [0xC3]), [.failure(.invalidPayload, "a text message that is not UTF-8")]),
    (
      "a long ping", frame(9, Array(repeating: 0, count: 126)),
      [.failure(.protocolError, "a control frame of 126 bytes (at most 125)")]
    ),
    ("a fragmented ping", frame(9, [], fin: false), [.failure(.protocolError, "a fragmented control frame")]),
    ("opcode 3", frame(3, []), [.failure(.protocolError, "a frame with the reserved opcode 3")]),
    (
      "RSV1", [0xC1, 0x80, 0, 0, 0, 0],
      [.failure(.protocolError, "a frame with reserved bits set (no extension was agreed)")]
    ),
    ("a close of one byte", frame(8, [3]), [.failure(.protocolError, "a close frame with a one-byte code")]),
    (
      "a close with 1006", frame(8, [0x03, 0xEE]),
      [.failure(.protocolError, "a close frame with the code 1006, which may not be sent")]
    ),
    ("a close with 4000 is a library's", frame(8, [0x0F, 0xA0]), [.close(code: 4000, reason: "")]),
    (
      "a message inside another", frame(1, text("{"), fin: false) + frame(1, text("}")),
      [
        .failure(.protocolError, "a new message began before the last one ended")
      ]
    ),
  ]
  for (name, bytes, expected) in rows {
    #expect(events(bytes) == expected, "\(name)")
  }
}

/// The server's frames: unmasked, final, the shortest length form; a close reason cut to the
/// 125 bytes of a control frame at a scalar's end.
@Test func serverFramesAreShortestAndCloseReasonsFit() {
  #expect(WebSocket.frame(.text, text("hi")) == [0x81, 2] + text("hi"))
  #expect(Array(WebSocket.frame(.text, Array(repeating: 0, count: 126)).prefix(4)) == [0x81, 126, 0, 126])
  #expect(
    Array(WebSocket.frame(.text, Array(repeating: 0, count: 65_536)).prefix(10)) == [
      0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0,
    ])
  let close = WebSocket.closeFrame(.protocolError, reason: String(repeating: "한", count: 60))
  #expect(close.count == 2 + 2 + 123)
  #expect(Array(close.prefix(4)) == [0x88, 125, 0x03, 0xEA])
  #expect(String(validating: close[4...], as: UTF8.self) == String(repeating: "한", count: 41))
}

/// RFC 6455 §1.3's own example key and answer (nettle's SHA-1 and base64), and the checks of
/// who may connect.
@Test func handshakeAnswersAndRefuses() {
  #expect(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  func head(_ fields: [(String, String)], method: String = "GET", target: String = "/") -> HTTPRequestHead {
    let base: [(String, String)] = [
      ("Host", "127.0.0.1:9"), ("Upgrade", "websocket"), ("Connection", "keep-alive, Upgrade"),
      ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Sec-WebSocket-Version", "13"),
    ]
    var merged = base.filter { b in !fields.contains { $0.0 == b.0 } } + fields.filter { !$0.1.isEmpty }
    merged.sort { $0.0 < $1.0 }
    let text = "\(method) \(target) HTTP/1.1\r\n" + merged.map { "\($0.0): \($0.1)\r\n" }.joined()
    return try! HTTPRequestHead.parse(Array(text.utf8)[...]).get()
  }
  func status(_ decision: WebSocketHandshake.Decision) -> Int {
    switch decision {
    case .upgrade: return 101
    case .page: return 200
    case .refuse(let status, _): return status
    }
  }
  let rows: [([(String, String)], String, [String], Int)] = [
    ([], "GET", [], 101),
    ([("Origin", "http://localhost:5173")], "GET", [], 101),
    ([("Origin", "https://[::1]:8443")], "GET", [], 101),
    ([("Origin", "http://127.8.9.10")], "GET", [], 101),
    ([("Origin", "file://")], "GET", [], 101),
    ([("Origin", "https://app.example")], "GET", [], 403),
    ([("Origin", "https://app.example")], "GET", ["https://APP.example"], 101),
    ([("Origin", "null")], "GET", [], 403),
    ([("Origin", "http://localhost.evil.example")], "GET", [], 403),
    ([("Host", "localhost")], "GET", [], 101),
    ([("Host", "127.0.0.1.evil.example")], "GET", [], 403),
    ([("Host", "127.0.0.1:anything")], "GET", [], 400),
    ([("Host", "[::1]evil.example")], "GET", [], 400),
    ([("Sec-WebSocket-Version", "8")], "GET", [], 426),
    ([("Sec-WebSocket-Key", "c2hvcnQ=")], "GET", [], 400),
    ([("Connection", "keep-alive")], "GET", [], 400),
    ([("Upgrade", ""), ("Connection", "")], "GET", [], 200),
    ([("Upgrade", ""), ("Connection", "")], "POST", [], 405),
    ([], "POST", [], 405),
  ]
  for (fields, method, allowed, expected) in rows {
    #expect(
      status(WebSocketHandshake.decide(head(fields, method: method), allowedOrigins: allowed)) == expected,
      "\(fields) \(method)")
  }
  #expect(
    status(
      WebSocketHandshake.decide(
        head([("Upgrade", ""), ("Connection", "")], target: "/x"), allowedOrigins: [])) == 404)
  #expect(
    HTTPRequestHead.parse(Array("GET /\r\n".utf8)[...])
      == .failure(HTTPRequestError("a request line that is not METHOD TARGET HTTP/VERSION")))
  #expect(
    HTTPRequestHead.parse(Array("GET / HTTP/1.1\r\nno colon\r\n".utf8)[...])
      == .failure(HTTPRequestError("a header field line without a name and a colon")))
}

/// Host fields as RFC 9110 §7.2 writes them and browsers send them: one host (a name, a dotted
/// IPv4 address, an IPv6 address in brackets), then an optional port of digits from 1 to
/// 65535. Only loopback ones are served (403 for another host); one that is not a Host at all,
/// or a second Host, is 400.
@Test(arguments: [
  ("127.0.0.1", 101), ("127.0.0.1:8150", 101), ("127.255.0.9:1", 101), ("localhost:65535", 101),
  ("LocalHost", 101), ("[::1]", 101), ("[::1]:8150", 101), ("[0:0:0:0:0:0:0:1]:80", 101),
  ("127.0.0.1:<anything>", 400), ("127.0.0.1:", 400), ("127.0.0.1:0", 400), ("127.0.0.1:65536", 400),
  ("127.0.0.1:99999", 400), ("127.0.0.1:+80", 400), ("127.0.0.1:８０", 400), ("127.0.0.1:80:80", 400),
  ("127.0.0.01", 400), ("127.0.0.256", 400), ("127.1", 400), ("[::1]evil.example", 400), ("[::1", 400),
  ("[::1]:", 400), ("[evil]", 400), ("", 400), ("user@127.0.0.1", 400), ("127.0.0.1/x", 400),
  ("localhost.", 403), ("evil.example", 403), ("evil.example:8150", 403), ("[::2]", 403),
  ("128.0.0.1", 403), ("localhost.evil.example", 403), ("xn--lcalhost-k0a", 403),
])
func hostFieldsAreReadAsRFC9110WritesThem(host: String, status: Int) {
  #expect(handshakeStatus(["Host: \(host)"]) == status, "Host: \(host)")
}

/// Origins as RFC 6454 §7 writes them: null (refused), `file://`, or one scheme://host[:port];
/// a list, a path or a malformed port is 400, as are two Origin fields and two Host fields.
@Test(arguments: [
  (["Origin: http://127.0.0.1:8150"], 101), (["Origin: HTTPS://LOCALHOST"], 101),
  (["Origin: http://[::1]:5173"], 101), (["Origin: file://"], 101), (["Origin: null"], 403),
  (["Origin: https://evil.example"], 403), (["Origin: ftp://127.0.0.1"], 403),
  (["Origin: http://127.0.0.1:x"], 400), (["Origin: http://[::1]evil.example"], 400),
  (["Origin: http://127.0.0.1/"], 400), (["Origin: http://127.0.0.1 http://evil.example"], 400),
  (["Origin: 127.0.0.1"], 400), (["Origin: http://127.0.0.1", "Origin: https://evil.example"], 400),
  (["Host: 127.0.0.1"], 400), (["Host: evil.example"], 400),
])
func originsAndRepeatedFieldsAreRefused(extra: [String], status: Int) {
  #expect(handshakeStatus(["Host: 127.0.0.1:8150"] + extra) == status, "\(extra)")
}

/// The status a handshake with these fields (and the usual others) gets.
private func handshakeStatus(_ fields: [String]) -> Int {
  let text =
    "GET / HTTP/1.1\r\n"
    + (fields + [
      "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      "Sec-WebSocket-Version: 13",
    ]).map { $0 + "\r\n" }.joined()
  switch WebSocketHandshake.decide(
    try! HTTPRequestHead.parse(Array(text.utf8)[...]).get(), allowedOrigins: [])
  {
  case .upgrade: return 101
  case .page: return 200
  case .refuse(let status, _): return status
  }
}

/// A head is at most 8,192 bytes with its blank line, whether it came in one read or many:
/// past that it is 431 as soon as the bytes show it, ended or not.
@Test func headsOver8KiBAreTooLargeHoweverTheyArrive() {
  func head(_ size: Int) -> [UInt8] {
    let start = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ".utf8)
    return start + Array(repeating: 0x70, count: size - start.count - 4) + Array("\r\n\r\n".utf8)
  }
  let rows: [(Int, [UInt8], HTTPRequestHead.Progress)] = [
    (8_192, head(8_192), .complete(end: 8_192)),
    (8_193, head(8_193), .tooLarge),
    (65_000, head(65_000), .tooLarge),
    (65_000, head(65_000) + Array("GET".utf8), .tooLarge),
    (8_193, Array(head(20_000).prefix(8_193)), .tooLarge),
    (8_192, Array(head(20_000).prefix(8_192)), .incomplete),
  ]
  for (size, bytes, expected) in rows {
    #expect(HTTPRequestHead.progress(bytes) == expected, "\(size)")
    // Read a byte at a time, scanning only what is new: the same answer at the end.
    var seen: [UInt8] = []
    var last = HTTPRequestHead.Progress.incomplete
    for byte in bytes where last == .incomplete {
      let before = seen.count
      seen.append(byte)
      last = HTTPRequestHead.progress(seen, from: before)
    }
    #expect(last == expected, "\(size) a byte at a time")
  }
}

/// The page may not be framed by another site.
@Test func thePageForbidsFraming() {
  let response = String(
    decoding: WebSocketHandshake.response(
      status: 200, contentType: "text/html; charset=utf-8", body: [], fields: WebSocketHandshake.pageFields),
    as: UTF8.self)
  #expect(response.contains("\r\nX-Frame-Options: DENY\r\n"))
  #expect(response.contains("\r\nContent-Security-Policy: frame-ancestors 'none'\r\n"))
}
