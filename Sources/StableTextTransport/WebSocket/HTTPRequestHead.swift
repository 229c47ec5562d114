/// The head of an HTTP/1.1 request (RFC 9112): its request line and header fields, read from
/// the bytes before the first blank line. The WebSocket port reads one per connection: the
/// opening handshake, or a request for the page.
public struct HTTPRequestHead: Equatable, Sendable {
  public var method: String
  public var target: String
  public var version: String
  /// Field names lower-cased, values trimmed, in order.
  public var fields: [(name: String, value: String)]

  /// The head is at most this long, its blank line included; a longer one is refused (431).
  public static let maxBytes = 8 * 1024

  public static func == (a: Self, b: Self) -> Bool {
    a.method == b.method && a.target == b.target && a.version == b.version
      && a.fields.elementsEqual(b.fields) { $0.name == $1.name && $0.value == $1.value }
  }

  /// The value of the field `name` (lower case); several are joined with commas (RFC 9110 §5.3).
  public func field(_ name: String) -> String? {
    let values = fields.filter { $0.name == name }.map(\.value)
    return values.isEmpty ? nil : values.joined(separator: ", ")
  }

  /// Every value of the field `name` (lower case), in order: a field that may appear once is
  /// refused when it comes twice.
  public func values(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

  /// Whether the field `name` lists `token` (comma-separated, case-insensitive).
  public func field(_ name: String, lists token: String) -> Bool {
    guard let value = field(name) else { return false }
    return value.split(separator: ",").contains { $0.trimmed.lowercased() == token }
  }

  /// How far a head has come in the bytes read so far.
  public enum Progress: Equatable, Sendable {
    /// No blank line yet, and at most `maxBytes`: read on.
    case incomplete
    /// The head ends here (just past its blank line), within `maxBytes`.
    case complete(end: Int)
    /// Over `maxBytes` with or without its end: 431, however the bytes came (in one read or
    /// many).
    case tooLarge
  }

  /// Where the head in `bytes` stands; `from`: how many bytes an earlier call saw (the blank
  /// line is looked for only where it may have arrived since, so a head sent a byte at a time
  /// is scanned once).
  public static func progress(_ bytes: [UInt8], from: Int = 0) -> Progress {
    if let end = end(in: bytes, from: from) { return end <= maxBytes ? .complete(end: end) : .tooLarge }
    return bytes.count > maxBytes ? .tooLarge : .incomplete
  }

  /// Where the head ends in `bytes` (just past its blank line), if it has arrived.
  public static func end(in bytes: [UInt8], from: Int = 0) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for i in max(3, from)..<bytes.count
    where bytes[i] == 0x0A && bytes[i - 1] == 0x0D && bytes[i - 2] == 0x0A && bytes[i - 3] == 0x0D {
      return i + 1
    }
    return nil
  }

  /// Parses a head (without its blank line), or says what is wrong with it.
  public static func parse(_ bytes: ArraySlice<UInt8>) -> Result<HTTPRequestHead, HTTPRequestError> {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return .failure(HTTPRequestError("the request head is not UTF-8"))
    }
    var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last == "" { lines.removeLast() }
    guard let requestLine = lines.first else { return .failure(HTTPRequestError("an empty request")) }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/") else {
      return .failure(HTTPRequestError("a request line that is not METHOD TARGET HTTP/VERSION"))
    }
    var head = HTTPRequestHead(
      method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), fields: [])
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
        !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
      else {
        return .failure(HTTPRequestError("a header field line without a name and a colon"))
      }
      head.fields.append((line[..<colon].lowercased(), String(line[line.index(after: colon)...].trimmed)))
    }
    return .success(head)
  }
}

/// What is wrong with a request head.
public struct HTTPRequestError: Error, Equatable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

extension StringProtocol {
  /// Without the spaces and tabs around it.
  var trimmed: Substring {
    let s = Substring(self)
    guard let first = s.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
    let last = s.lastIndex(where: { $0 != " " && $0 != "\t" })!
    return s[first...last]
  }
}
