import StableTextJSON
import StableTextProtocol
import StableTextServer
import StableTextSystem
import StableTextTransport

extension Benchmarks {
  /// Opening 10,000 small `file:` documents in one folder, in process (framing, JSON and the
  /// server, as `pipeline`): with a `.stabletext.json` and an `.editorconfig` above them, and with
  /// none. Prints the time and how many configuration files were read and stat'ed: each file is
  /// read once, however many documents are under it.
  func configurations() {
    let count = Self.countOverride ?? (quick ? 2_000 : 10_000)
    var times: [String: Double] = [:]
    for withFiles in [true, false] {
      guard let folder = FileSystem.makeTemporaryFolder(prefix: "st-bench-configs-") else {
        report("configurations: cannot make a temporary folder")
        return
      }
      defer { FileSystem.removeTree(folder) }
      if withFiles {
        _ = FileSystem.write(
          Array(
            #"{"rules": {"maxLength": 72}, "overrides": [{"pattern": "/docs/*.md", "rules": {"unit": "columns"}}]}"#
              .utf8),
          to: FileSystem.join(folder, ".stabletext.json"))
        _ = FileSystem.write(
          Array("root = true\n[*.md]\nmax_line_length = 60\n".utf8),
          to: FileSystem.join(folder, ".editorconfig"))
      }
      _ = FileSystem.makeFolders(FileSystem.join(folder, "docs"))
      let session = InProcessSession(maxMessageBytes: 64 << 20, readsBack: false)
      session.feed(
        MessageWriter.frame(InitializeRequest().message(id: 1)))
      session.feed(MessageWriter.frame(InitializedNotification().message))
      var frames: [UInt8] = []
      for n in 0..<count {
        frames += MessageWriter.frame(
          Self.didOpen(
            "file://\(folder)/docs/note\(n).md", "A short note, number \(n), of one line\n",
            languageId: "markdown"))
      }
      let start = Self.now()
      session.feed(frames)
      let elapsed = Self.now() - start
      _ = session.takeOutputBodies()
      let name = withFiles ? "with .stabletext.json and .editorconfig" : "with no configuration file"
      times[name] = elapsed
      report(
        "configurations: \(count) documents opened \(name) in \(String(format: "%.0f", elapsed * 1000)) ms (\(String(format: "%.1f", elapsed * 1e6 / Double(count))) µs each), \(session.server.configurationFileReads) configuration files read, \(session.server.configurationFileStats) stats"
      )
    }
    if let with = times["with .stabletext.json and .editorconfig"],
      let without = times["with no configuration file"]
    {
      report("configurations: with files vs without: \(String(format: "%.2f", with / without))×")
    }
  }
}
