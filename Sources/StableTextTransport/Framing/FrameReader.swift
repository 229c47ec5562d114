/// Splits the LSP base protocol's byte stream into message bodies.
///
/// Bytes arrive in reads of any size; a message may span many reads and a read may hold many
/// messages. A bad header is reported once and the reader skips ahead to the next
/// `Content-Length` header. A body over the size limit is reported and then discarded as it
/// arrives, never buffered whole.
public struct FrameReader {
  public enum Event: Equatable {
    /// A complete body, as a range of `buffer`; valid until the next `append`.
    case body(Range<Int>)
    /// The header block was unusable; the reader has begun resynchronising.
    case badHeader(String)
    /// The declared body is larger than the limit; it is being skipped.
    case oversized(length: Int)
    /// A skipped body held one of `watchedPhrases`: its first bytes (at most
    /// `keptPrefixBytes`), so the reader's owner can tell what was lost.
    case skippedWatched(prefix: [UInt8])
  }

  /// Phrases to look for in bodies that are skipped for their size (the server watches for
  /// `"textDocument/didChange"`: a change skipped unread must not pass silently). The whole
  /// body is searched as it streams past; only its first `keptPrefixBytes` are kept.
  public var watchedPhrases: [[UInt8]] = []
  public static let keptPrefixBytes = 64 * 1024
  private var skipScan = SkippedBodyScan()
  private var pendingSkipReport: [UInt8]?

  public let maxMessageBytes: Int
  /// A header block longer than this without its blank line is treated as garbage.
  public static let maxHeaderBytes = 8 * 1024
  /// The buffer's capacity kept between messages; more is given back once the message that
  /// needed it is consumed (`releaseSpareCapacity`).
  static let keptCapacity = 1 << 20

  public private(set) var buffer: [UInt8] = []
  private var position = 0
  private var state = State.headers(HeaderBlock(start: 0))

  private enum State {
    case headers(HeaderBlock)
    case body(start: Int, length: Int)
    case skipping(remaining: Int)
    case resynchronising
  }

  private struct HeaderBlock {
    var start: Int
    var contentLength: Int?
    var sawHeader = false
  }

  public init(maxMessageBytes: Int) {
    self.maxMessageBytes = maxMessageBytes
  }

  /// True when bytes of an unfinished message are buffered (useful to report a truncated
  /// stream at end of input).
  public var hasPartialMessage: Bool {
    switch state {
    case .headers(let block): return buffer.count > block.start
    case .body, .skipping: return true
    case .resynchronising: return false
    }
  }

  /// The bytes the last `badHeader` was about: from the bad block's start to the next
  /// `Content-Length` (or what is buffered), for a client to show what a server wrote that is
  /// not a message. Valid until the next `append`.
  public var badBytes: ArraySlice<UInt8> {
    guard badBlockStart < buffer.count else { return [] }
    let end = Self.find(contentLengthIn: buffer, from: badBlockStart + 1) ?? buffer.count
    return buffer[badBlockStart..<end]
  }
  private var badBlockStart = 0

  /// The bytes of the unfinished message (or header block) buffered now, for a stream that
  /// ends inside one.
  public var partialBytes: ArraySlice<UInt8> {
    switch state {
    case .headers(let block): return buffer[min(block.start, buffer.count)...]
    case .body(let start, _): return buffer[min(start, buffer.count)...]
    case .skipping, .resynchronising: return []
    }
  }

  /// Adds bytes read from the stream, first dropping what earlier events consumed.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    compact()
    if case .skipping(let remaining) = state {
      // Discard straight from the input without buffering.
      let skip = min(remaining, bytes.count)
      let rest = remaining - skip
      skipScan.feed(UnsafeRawBufferPointer(rebasing: bytes[..<skip]), phrases: watchedPhrases)
      if rest == 0 {
        state = .headers(HeaderBlock(start: position))
        finishSkip()
      } else {
        state = .skipping(remaining: rest)
      }
      buffer.append(contentsOf: bytes[skip...])
      return
    }
    buffer.append(contentsOf: bytes)
  }

  public mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  /// Once every body returned so far is consumed: drops the consumed bytes and, after a large
  /// message (a document opened whole), gives its space back rather than keep megabytes of
  /// capacity for the keystrokes that follow: the buffer of a 10 MB `didOpen` stayed allocated
  /// for good, as much resident memory again as the document's text (Protocol/README.md,
  /// "Limits").
  public mutating func releaseSpareCapacity() {
    compact()
    buffer.giveBackSpareCapacity(keeping: Self.keptCapacity)
  }

  private mutating func compact() {
    let keepFrom: Int
    switch state {
    case .headers(let block): keepFrom = block.start
    case .body(let start, _): keepFrom = start
    case .skipping, .resynchronising: keepFrom = position
    }
    guard keepFrom > 0 else { return }
    buffer.removeSubrange(0..<keepFrom)
    position -= keepFrom
    switch state {
    case .headers(var block):
      block.start -= keepFrom
      state = .headers(block)
    case .body(let start, let length):
      state = .body(start: start - keepFrom, length: length)
    default: break
    }
  }

  /// Ends a skip: a body that held a watched phrase is reported by the next `next()`.
  private mutating func finishSkip() {
    if skipScan.matched { pendingSkipReport = skipScan.prefix }
    skipScan = SkippedBodyScan()
  }

  /// The next event, or `nil` when more input is needed.
  public mutating func next() -> Event? {
    while true {
      // A skip that ended (in `append` or below) is reported before anything after it.
      if let prefix = pendingSkipReport {
        pendingSkipReport = nil
        return .skippedWatched(prefix: prefix)
      }
      switch state {
      case .skipping(let remaining):
        let available = buffer.count - position
        let skip = min(remaining, available)
        buffer.withUnsafeBytes {
          skipScan.feed(
            UnsafeRawBufferPointer(rebasing: $0[position..<position + skip]), phrases: watchedPhrases)
        }
        position += skip
        if skip < remaining {
          state = .skipping(remaining: remaining - skip)
          return nil
        }
        state = .headers(HeaderBlock(start: position))
        finishSkip()

      case .body(let start, let length):
        guard buffer.count - start >= length else { return nil }
        position = start + length
        state = .headers(HeaderBlock(start: position))
        return .body(start..<start + length)

      case .resynchronising:
        if let found = Self.find(contentLengthIn: buffer, from: position) {
          position = found
          state = .headers(HeaderBlock(start: found))
        } else {
          // Keep a tail that may be the start of a split "Content-Length".
          position = max(position, buffer.count - 13)
          return nil
        }

      case .headers(var block):
        guard let lineEnd = Self.findCRLF(in: buffer, from: position) else {
          if buffer.count - block.start > Self.maxHeaderBytes {
            return resynchronise(
              block, "header block longer than \(Self.maxHeaderBytes) bytes without an empty line")
          }
          return nil
        }
        // The block's size is judged the same whether it arrived in one read or many.
        if lineEnd + 2 - block.start > Self.maxHeaderBytes {
          position = lineEnd + 2
          return resynchronise(
            block, "header block longer than \(Self.maxHeaderBytes) bytes without an empty line")
        }
        let line = buffer[position..<lineEnd]
        position = lineEnd + 2
        if line.isEmpty {
          if !block.sawHeader {
            // Stray blank lines between messages are harmless.
            block.start = position
            state = .headers(block)
            continue
          }
          guard let length = block.contentLength else {
            return resynchronise(block, "missing Content-Length header")
          }
          if length > maxMessageBytes {
            state = .skipping(remaining: length)
            return .oversized(length: length)
          }
          state = .body(start: position, length: length)
          continue
        }
        block.sawHeader = true
        if let problem = Self.read(headerLine: line, into: &block) {
          return resynchronise(block, problem)
        }
        state = .headers(block)
      }
    }
  }

  /// Skips to the next `Content-Length` after the start of the bad block. Header lines of the
  /// bad block itself (a match at a line start before the current position) are passed over;
  /// a match inside a line of garbage is where the next message begins.
  private mutating func resynchronise(_ block: HeaderBlock, _ problem: String) -> Event {
    badBlockStart = block.start
    var from = block.start + 1
    while let found = Self.find(contentLengthIn: buffer, from: from), found < position {
      let atLineStart =
        found == block.start || (found >= 2 && buffer[found - 2] == 0x0D && buffer[found - 1] == 0x0A)
      if !atLineStart { break }
      from = found + 1
    }
    position = from
    state = .resynchronising
    return .badHeader(problem)
  }

  /// Applies one header line; returns what is wrong with it, if anything.
  private static func read(headerLine line: ArraySlice<UInt8>, into block: inout HeaderBlock) -> String? {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
      return "header line without a colon: \(quoted(line))"
    }
    let name = line[..<colon]
    guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
      return "invalid header name: \(quoted(name))"
    }
    let value = trimmed(line[(colon + 1)...])
    let lowerName = String(decoding: name, as: UTF8.self).lowercased()
    switch lowerName {
    case "content-length":
      guard !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        return "Content-Length is not a non-negative decimal number: \(quoted(value))"
      }
      // Leading zeros are still a decimal number; past 18 significant digits no body could fit.
      let digits = value.drop(while: { $0 == 0x30 })
      guard digits.count <= 18 else {
        return "Content-Length is too large: \(quoted(value))"
      }
      let length = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
      if let earlier = block.contentLength, earlier != length {
        return "conflicting Content-Length headers (\(earlier) and \(length))"
      }
      block.contentLength = length
    case "content-type":
      let text = String(decoding: value, as: UTF8.self)
      for parameter in text.split(separator: ";").dropFirst() {
        let parts = parameter.split(separator: "=", maxSplits: 1)
        guard parts.count == 2,
          parts[0].trimmingSpaces.lowercased() == "charset"
        else { continue }
        let charset = parts[1].trimmingSpaces.trimmingQuotes.lowercased()
        if charset != "utf-8" && charset != "utf8" {
          return "unsupported charset \(quoted(Array(charset.utf8)[...])); only utf-8 is accepted"
        }
      }
    default:
      break
    }
    return nil
  }

  /// RFC 9110 token characters: visible ASCII except separators.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    guard byte > 0x20 && byte < 0x7F else { return false }
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "@"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "\\"), UInt8(ascii: "\""),
      UInt8(ascii: "/"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "?"), UInt8(ascii: "="),
      UInt8(ascii: "{"), UInt8(ascii: "}"):
      return false
    default:
      return true
    }
  }

  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var result = bytes
    while let first = result.first, first == 0x20 || first == 0x09 { result = result.dropFirst() }
    while let last = result.last, last == 0x20 || last == 0x09 { result = result.dropLast() }
    return result
  }

  private static func quoted(_ bytes: ArraySlice<UInt8>) -> String {
    let text = String(decoding: bytes.prefix(60), as: UTF8.self)
    var escaped = ""
    for scalar in text.unicodeScalars {
      escaped += scalar.value < 0x20 ? scalar.escaped(asASCII: true) : String(scalar)
    }
    return "\"\(escaped)\(bytes.count > 60 ? "…" : "")\""
  }

  static func findCRLF(in buffer: [UInt8], from start: Int) -> Int? {
    guard buffer.count >= 2, start < buffer.count - 1 else { return nil }
    return buffer.withUnsafeBufferPointer { bytes in
      var i = start
      let last = bytes.count - 1
      while i < last {
        if bytes[i] == 0x0D && bytes[i + 1] == 0x0A { return i }
        i += 1
      }
      return nil
    }
  }

  /// Offset of the next case-insensitive `content-length`, if any.
  static func find(contentLengthIn buffer: [UInt8], from start: Int) -> Int? {
    let needle = Array("content-length".utf8)
    guard buffer.count >= needle.count, start <= buffer.count - needle.count else { return nil }
    return buffer.withUnsafeBufferPointer { bytes in
      var i = start
      while i <= bytes.count - needle.count {
        var matched = true
        for j in 0..<needle.count {
          var byte = bytes[i + j]
          if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
          if byte != needle[j] {
            matched = false
            break
          }
        }
        if matched { return i }
        i += 1
      }
      return nil
    }
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var result = self
    while result.first == " " || result.first == "\t" { result = result.dropFirst() }
    while result.last == " " || result.last == "\t" { result = result.dropLast() }
    return result
  }

  fileprivate var trimmingQuotes: Substring {
    var result = self
    if result.hasPrefix("\""), result.hasSuffix("\""), result.count >= 2 {
      result = result.dropFirst().dropLast()
    }
    return result
  }
}
