import Testing

@testable import StableTextTransport

/// MCP's framing (`LineFraming`, Protocol/README.md, "MCP": "Framing"): a message a line, cut
/// the same whatever the reads, white-space lines passed over, an over-long line skipped
/// unbuffered and reported with its length, the next line read as usual.
@Suite struct LineFramingTests {
  /// Feeds `input` in reads of `chunk` bytes; the events as text, and the largest the buffer grew.
  static func lines(_ input: String, chunk: Int = .max, max: Int = 1000, watching: [String] = [])
    -> (events: [String], peak: Int)
  {
    var reader = LineFraming(maxMessageBytes: max)
    reader.watchedPhrases = watching.map { Array($0.utf8) }
    let found = feed(&reader, Array(input.utf8), chunk: chunk)
    return (found.events + (reader.hasPartialMessage ? ["partial"] : []), found.peak)
  }

  @Test(arguments: [1, 2, 3, 7, 1000])
  func everyReadSizeCutsTheSameLines(chunk: Int) {
    let input = "{\"a\":1}\n\n  \t\r\n{\"b\":\"x y\"}\r\n[1]\n{\"c\":"
    #expect(Self.lines(input, chunk: chunk).events == ["{\"a\":1}", "{\"b\":\"x y\"}\r", "[1]", "partial"])
  }

  @Test(arguments: [1, 5, 64, 100_000])
  func anOverLongLineIsSkippedAndTheNextRead(chunk: Int) {
    let long = String(repeating: "x", count: 5_000)
    let found = Self.lines("{}\n" + long + "\n{\"after\":1}\n", chunk: chunk, max: 100)
    #expect(found.events == ["{}", "oversized: 5000", "{\"after\":1}"])
    // Skipped as it streamed: never buffered whole (one read may hold it all).
    if chunk < 5_000 { #expect(found.peak <= 100 + chunk) }
  }

  @Test func aWatchedPhraseInASkippedLineIsReported() {
    let long = "{\"method\":\"tools/call\"," + String(repeating: " ", count: 300) + "}"
    let found = Self.lines(long + "\nnext\n", chunk: 16, max: 50, watching: ["tools/call"])
    #expect(found.events.count == 3)
    #expect(found.events[0] == "oversized: \(long.utf8.count)")
    #expect(found.events[1].hasPrefix("watched: {\"method\":\"tools/call\""))
    #expect(found.events[2] == "next")
  }

  @Test func aLineAtTheLimitIsAMessage() {
    let body = "[" + String(repeating: "1,", count: 48) + "11]"
    #expect(body.utf8.count == 100)
    #expect(Self.lines(body + "\n", max: 100).events == [body])
    #expect(Self.lines(body + " \n", max: 100).events == ["oversized: 101"])
  }

  @Test func writtenAsALine() {
    #expect(LineFraming.prefix(forBodyOf: 10).isEmpty)
    #expect(LineFraming.suffix == [0x0A])
  }
}
