import StableTextJSON
import StableTextProtocol
import StableTextServer
import StableTextTransport

extension Benchmarks {
  /// The daemon's own share of a keystroke, without pipes or threads: each `didChange` frame
  /// goes through the same framing, decoding, dispatch and server as over stdio, and its publish
  /// is computed and serialized, one keystroke at a time (what the latency benchmark waits for,
  /// less the pipe and the wake-ups).
  func pipeline() {
    let uri = "file:///bench/doc.txt"
    for (name, size) in Self.sizes {
      let session = InProcessSession(maxMessageBytes: 64 << 20, readsBack: false)
      var setup: [UInt8] = []
      setup += MessageWriter.frame(InitializeRequest().message(id: 0))
      setup += MessageWriter.frame(InitializedNotification().message)
      let text = Corpus.document(bytes: size)
      setup += MessageWriter.frame(Self.didOpen(uri, text))
      session.feed(setup)
      _ = session.takeOutputBodies()
      let lines = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
      let cursor = TextShapeCursor(line: lines / 2, character: 0)
      let count = Self.countOverride ?? (quick ? 20_000 : 100_000)
      let frames = (0..<count).map { n -> [UInt8] in
        let (line, character, _, key) = cursor.type(Corpus.key(n))
        return MessageWriter.frame(
          Self.insertion(uri: uri, version: n + 2, line: line, character: character, text: key))
      }
      var published = 0
      let start = Self.now()
      for frame in frames {
        session.feed(frame)
        published += session.takeOutputBodies().count
      }
      let elapsed = Self.now() - start
      report(
        "pipeline at \(name): \(String(format: "%.2f", elapsed * 1e6 / Double(count))) µs per keystroke with its publish (\(published) publishes for \(count) didChange)"
      )
    }
  }
}
