import Testing

@testable import StableTextJSON
@testable import StableTextTransport

/// Feeds `input` in chunks of `chunk` bytes and records what comes out, bodies as text.
func frames(_ input: String, chunk: Int = .max, max: Int = 1000) -> [String] {
  var reader = FrameReader(maxMessageBytes: max)
  return feed(&reader, Array(input.utf8), chunk: chunk).events
}

/// Feeds `bytes` in chunks, returning the events and the largest the buffer grew (either framing).
func feed<Framing: MessageFraming>(_ reader: inout Framing, _ bytes: [UInt8], chunk: Int) -> (
  events: [String], peak: Int
) {
  var events: [String] = []
  var peak = 0
  var start = 0
  while start < bytes.count {
    let end = Swift.min(bytes.count, start + chunk)
    reader.append(Array(bytes[start..<end]))
    peak = Swift.max(peak, reader.buffer.count)
    start = end
    while let event = reader.next() {
      switch event {
      case .body(let range): events.append(String(decoding: reader.buffer[range], as: UTF8.self))
      case .badHeader(let problem): events.append("bad: \(problem)")
      case .oversized(let length): events.append("oversized: \(length)")
      case .skippedWatched(let prefix): events.append("watched: \(String(decoding: prefix, as: UTF8.self))")
      }
    }
  }
  return (events, peak)
}

@Test(arguments: [1, 2, 3, 7, 1000])
func splitAndJoinedReads(chunk: Int) {
  let input = "Content-Length: 2\r\n\r\n{}content-length: 3\r\nX-Other: y\r\n\r\n[1]CONTENT-LENGTH:1\r\n\r\n7"
  #expect(frames(input, chunk: chunk) == ["{}", "[1]", "7"])
}

@Test func contentTypeCharsets() {
  #expect(
    frames("Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\n\r\n{}") == ["{}"])
  #expect(
    frames("Content-Type: application/json; charset=\"UTF-8\"\r\nContent-Length: 2\r\n\r\n{}") == ["{}"])
  #expect(
    frames(
      "Content-Length: 2\r\nContent-Type: text/plain; charset=latin1\r\n\r\n{}Content-Length: 1\r\n\r\n1")
      == [
        "bad: unsupported charset \"latin1\"; only utf-8 is accepted", "1",
      ])
}

@Test(arguments: [
  ("Content-Length 2\r\n\r\n{}", "bad: header line without a colon: \"Content-Length 2\""),
  ("Content-Length: two\r\n\r\n{}", "bad: Content-Length is not a non-negative decimal number: \"two\""),
  ("Content-Length: -2\r\n\r\n{}", "bad: Content-Length is not a non-negative decimal number: \"-2\""),
  ("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", "bad: conflicting Content-Length headers (2 and 3)"),
  ("Content-Type: x\r\n\r\n{}", "bad: missing Content-Length header"),
  ("garbage\r\n", "bad: header line without a colon: \"garbage\""),
])
func badHeadersResynchronise(header: String, expected: String) {
  let next = "Content-Length: 4\r\n\r\nnull"
  #expect(frames(header + next) == [expected, "null"])
  #expect(frames(header + next, chunk: 1) == [expected, "null"])
}

@Test func garbageBeforeAHeaderOnTheSameLine() {
  #expect(
    frames("{\"jsonrpc\":\"2.0\"}Content-Length: 1\r\n\r\n1") == [
      "bad: invalid header name: \"{\"jsonrpc\"\"", "1",
    ])
}

@Test func duplicateEqualContentLengthIsAccepted() {
  #expect(frames("Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}") == ["{}"])
}

@Test(arguments: [1, 5, 4096])
func oversizedBodiesAreSkippedWithoutBuffering(chunk: Int) {
  let big = String(repeating: "x", count: 5000)
  let input = "Content-Length: 5000\r\n\r\n\(big)Content-Length: 2\r\n\r\n{}"
  var reader = FrameReader(maxMessageBytes: 100)
  let (events, peak) = feed(&reader, Array(input.utf8), chunk: chunk)
  #expect(events == ["oversized: 5000", "{}"])
  #expect(peak <= chunk + 64)
}

@Test func headerWithoutEndIsGarbageAfterLimit() {
  let junk = String(repeating: "a", count: FrameReader.maxHeaderBytes * 3)
  #expect(
    frames(junk + "\r\nContent-Length: 1\r\n\r\n1", chunk: 512, max: 10).first?.hasPrefix(
      "bad: header block longer") == true)
  #expect(frames(junk + "\r\nContent-Length: 1\r\n\r\n1", chunk: 512, max: 10).last == "1")
}

/// A skipped body is searched for the watched phrases as it streams past, wherever the reads
/// split it (the phrase here straddles many of them at chunk 1 and 5); its first bytes are kept.
@Test(arguments: [1, 5, 4096, 1 << 20])
func skippedBodiesAreSearchedForWatchedPhrases(chunk: Int) {
  let body = "{\"uri\":\"file:///a\"," + String(repeating: "y", count: 5000) + "\"method\":\"watch me\"}"
  let other = String(repeating: "z", count: 300)
  let input =
    "Content-Length: \(body.utf8.count)\r\n\r\n\(body)Content-Length: 300\r\n\r\n\(other)Content-Length: 2\r\n\r\n{}"
  var reader = FrameReader(maxMessageBytes: 100)
  reader.watchedPhrases = [Array("\"watch me\"".utf8), Array("never".utf8)]
  let (events, _) = feed(&reader, Array(input.utf8), chunk: chunk)
  #expect(events == ["oversized: \(body.utf8.count)", "watched: \(body)", "oversized: 300", "{}"])
}

/// After a large message is consumed the reader gives its space back: a 4 MB body read in
/// 256 KiB pieces grows the buffer past 4 MB, and once the body is taken the buffer keeps at
/// most `keptCapacity`, holding what it has read of the next message's body. Small
/// messages keep their space, and a body not yet taken is never dropped.
@Test func aLargeMessageGivesItsSpaceBack() {
  var reader = FrameReader(maxMessageBytes: 8 << 20)
  let body = "[" + String(repeating: "1,", count: 2 << 20) + "1]"
  let input = Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)Content-Length: 2\r\n\r\n{".utf8)
  let (events, peak) = feed(&reader, input, chunk: 256 << 10)
  #expect(events.count == 1 && events[0].utf8.count == body.utf8.count)
  #expect(peak > 4 << 20)
  #expect(reader.buffer.capacity > 4 << 20)
  reader.releaseSpareCapacity()
  #expect(reader.buffer.capacity <= FrameReader.keptCapacity)
  // The next message's headers were read: its body's first byte is kept.
  #expect(String(decoding: reader.buffer, as: UTF8.self) == "{")
  // The rest of the next message still comes out whole.
  reader.append(Array("}".utf8))
  #expect(
    reader.next().map { event -> String in
      guard case .body(let range) = event else { return "not a body" }
      return String(decoding: reader.buffer[range], as: UTF8.self)
    } == "{}")

  // A small message's buffer is left as it is.
  var small = FrameReader(maxMessageBytes: 1000)
  small.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
  _ = small.next()
  let capacity = small.buffer.capacity
  small.releaseSpareCapacity()
  #expect(small.buffer.isEmpty && small.buffer.capacity == capacity)
}
