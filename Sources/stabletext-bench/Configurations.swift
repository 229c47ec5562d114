import StableTextCore
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
    deepConfigurations()
  }
}

extension Benchmarks {
  /// Configuration lookups for one document at a depth ten times the red team's (1,000, 10,000
  /// and 50,000 folders, below a real folder with a `.stabletext.json`, the rest not there), in
  /// process, and the override globs of `pathologicalGlobsAnswer` matched against the same
  /// paths: both linear in the path, so the time per folder stays flat. Then an `.editorconfig`
  /// with a section of 10,000 `**/` (ten times the red team's), refused before libeditorconfig
  /// reads it.
  func deepConfigurations() {
    guard let folder = FileSystem.makeTemporaryFolder(prefix: "st-bench-deep-") else {
      report("configurations: cannot make a temporary folder")
      return
    }
    defer { FileSystem.removeTree(folder) }
    _ = FileSystem.write(
      Array(#"{"rules": {"maxLength": 72}}"#.utf8), to: FileSystem.join(folder, ".stabletext.json"))
    let globs = [
      RuleOverride(pattern: "**/**/**/**/**/**/**/**/*a", rules: RulePatch()),
      RuleOverride(pattern: "*a*a*a*a*a*a*a*a*b", rules: RulePatch()),
    ]
    for depth in [1_000, 10_000, 50_000] {
      let uri = "file://\(folder)" + String(repeating: "/a", count: depth) + "/x.md"
      let session = InProcessSession(maxMessageBytes: 64 << 20, readsBack: false)
      session.feed(MessageWriter.frame(InitializeRequest().message(id: 1)))
      session.feed(MessageWriter.frame(InitializedNotification().message))
      let frame = MessageWriter.frame(Self.didOpen(uri, "text\n", languageId: "markdown"))
      let start = Self.now()
      session.feed(frame)
      let elapsed = Self.now() - start
      _ = session.takeOutputBodies()
      let globStart = Self.now()
      var matched = 0
      for glob in globs where glob.matches(uri: uri, languageId: "markdown") { matched += 1 }
      let globElapsed = Self.now() - globStart
      report(
        "configurations: one document \(depth) folders deep opened in \(String(format: "%.1f", elapsed * 1000)) ms (\(String(format: "%.2f", elapsed * 1e6 / Double(depth))) µs a folder), \(session.server.configurationFileStats) stats; its override globs matched in \(String(format: "%.1f", globElapsed * 1000)) ms (\(String(format: "%.2f", globElapsed * 1e6 / Double(depth))) µs a folder, \(matched) matched)"
      )
    }
    let runs = 10_000
    _ = FileSystem.write(
      Array(("[" + String(repeating: "**/", count: runs) + "*a]\nmax_line_length = 4\n").utf8),
      to: FileSystem.join(folder, ".editorconfig"))
    let session = InProcessSession(maxMessageBytes: 64 << 20, readsBack: false)
    session.feed(MessageWriter.frame(InitializeRequest().message(id: 1)))
    session.feed(MessageWriter.frame(InitializedNotification().message))
    let frame = MessageWriter.frame(
      Self.didOpen("file://\(folder)" + String(repeating: "/q", count: 100) + "/a", "text\n", languageId: "text"))
    let start = Self.now()
    session.feed(frame)
    let elapsed = Self.now() - start
    let refused = session.takeOutputBodies().contains {
      String(decoding: $0, as: UTF8.self).contains("more than 2")
    }
    report(
      "configurations: an .editorconfig section of \(runs) `**/` answered in \(String(format: "%.1f", elapsed * 1000)) ms (\(refused ? "refused, named" : "not refused"))"
    )
  }
}
