import Testing

@testable import StableTextJSON
@testable import StableTextTransport

/// Feeds `input` in chunks of `chunk` bytes and records what comes out, bodies as text.
func frames(_ input: String, chunk: Int = .max, max: Int = 1000) -> [String] {
  var reader = FrameReader(maxMessageBytes: max)
  return feed(&reader, Array(input.utf8), chunk: chunk).events
}

/// Feeds `bytes` in chunks, returning the events and the largest the buffer grew.
func feed(_ reader: inout FrameReader, _ bytes: [UInt8], chunk: Int) -> (events: [String], peak: Int) {
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
