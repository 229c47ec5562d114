import StableTextCore
import StableTextJSON
import StableTextProject
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
  /// Configuration lookups for one file at a depth ten times the red team's (1,000, 10,000 and
  /// 50,000 folders, below a real folder with a `.stabletext.json`, the rest not there), and the
  /// override globs of `pathologicalGlobsAnswer` matched against the same paths: both linear in
  /// the path, so the time per folder stays flat. Then the daemon opening a document as deep as a
  /// URI of at most 64 KiB allows, and `.editorconfig` sections of runs of `**/` ten times the
  /// red team's (not honoured), and the most work a file within its budget costs.
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
      let path = folder + String(repeating: "/a", count: depth) + "/x.md"
      let configurations = ProjectConfigurations()
      let start = Self.now()
      let layers = configurations.layers(forFile: path)
      let elapsed = Self.now() - start
      let uri = "file://" + path
      let globStart = Self.now()
      var matched = 0
      for glob in globs where glob.matches(uri: uri, languageId: "markdown") { matched += 1 }
      let globElapsed = Self.now() - globStart
      report(
        "configurations: lookup for a file \(depth) folders deep in \(String(format: "%.1f", elapsed * 1000)) ms (\(String(format: "%.2f", elapsed * 1e6 / Double(depth))) µs a folder, \(configurations.stats) stats, maxLength \(layers.projectRules.map { $0.setsLimit ? $0.limitSet.map(String.init) ?? "null" : "none" } ?? "none")); override globs in \(String(format: "%.1f", globElapsed * 1000)) ms (\(String(format: "%.2f", globElapsed * 1e6 / Double(depth))) µs a folder, \(matched) matched)"
      )
    }
    let depth = (ServerLimits.maxURIBytes - "file://".utf8.count - folder.utf8.count - 16) / 2
    let uri = "file://\(folder)" + String(repeating: "/a", count: depth) + "/x.md"
    let opened = time(opening: uri, languageId: "markdown")
    report(
      "configurations: the daemon opened a document \(depth) folders deep (a URI of 64 KiB) in \(String(format: "%.1f", opened.seconds * 1000)) ms"
    )
    // Runs of `**/` ten times the red team's thousand: ten sections of 1,300 (about the longest
    // run a section name the library takes, 4,096 bytes, can hold), one after another.
    let section = "[" + String(repeating: "**/", count: 1_300) + "*a]\nmax_line_length = 4\n"
    _ = FileSystem.write(
      Array(String(repeating: section, count: 10).utf8), to: FileSystem.join(folder, ".editorconfig"))
    let refused = time(opening: "file://\(folder)/q/a", languageId: "text")
    report(
      "configurations: an .editorconfig of 10 sections of 1,300 `**/` answered in \(String(format: "%.1f", refused.seconds * 1000)) ms: \(refused.said ?? "nothing said")"
    )
    // The most a file within the bounds costs: as many properties as the file's budget allows
    // under a section whose two wildcards backtrack against each other (with the `**/` put
    // before it), for a document whose path is the longest the library is asked about, its
    // last name 255 bytes of the letter the section asks for.
    let each = EditorConfigGlob(section: Array("*a*b".utf8), folder: []).cost(
      pathBytes: EditorConfigSections.pathBytes)
    let properties = Int(EditorConfigSections.maxFileCost / each)
    _ = FileSystem.write(
      Array(("[*a*b]\n" + (0..<properties).map { "p\($0) = 1\n" }.joined()).utf8),
      to: FileSystem.join(folder, ".editorconfig"))
    let name = "/b" + String(repeating: "a", count: 253)
    let longest =
      folder + String(repeating: "/a", count: (EditorConfigMirror.maxPathBytes - folder.utf8.count - 256) / 2)
      + name
    let budget = time(opening: "file://" + longest, languageId: "text")
    report(
      "configurations: an .editorconfig at its budget (\(properties) properties under [*a*b]) for a path of \(longest.utf8.count) bytes answered in \(String(format: "%.1f", budget.seconds * 1000)) ms"
    )
  }

  /// The time the in-process daemon takes to open one document, and the first message it shows.
  private func time(opening uri: String, languageId: String) -> (seconds: Double, said: String?) {
    let session = InProcessSession(maxMessageBytes: 64 << 20, readsBack: false)
    session.feed(MessageWriter.frame(InitializeRequest().message(id: 1)))
    session.feed(MessageWriter.frame(InitializedNotification().message))
    _ = session.takeOutputBodies()
    let frame = MessageWriter.frame(Self.didOpen(uri, "text\n", languageId: languageId))
    let start = Self.now()
    session.feed(frame)
    let elapsed = Self.now() - start
    let said = session.takeOutputBodies().lazy.map { String(decoding: $0, as: UTF8.self) }.first {
      $0.contains(ShowMessageNotification.method)
    }
    return (elapsed, said)
  }
}
