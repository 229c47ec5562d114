import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextTransport

/// The measurements. Each prints `name: value unit` lines.
struct Benchmarks {
  let quick: Bool
  let sourcekit: String?

  static let sizes: [(String, Int)] = [("10KB", 10_000), ("1MB", 1_000_000), ("10MB", 10_000_000)]
  /// `--count N`: keystrokes for the core and scroll runs (profiling under callgrind).
  nonisolated(unsafe) static var countOverride: Int?

  func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// The daemon to measure: `--daemon PATH` (a packaged build, say), else the one built beside
  /// this executable.
  nonisolated(unsafe) static var daemonOverride: String?

  var daemon: String {
    if let path = Self.daemonOverride { return path }
    let exe =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("stabletext").path
  }

  static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  // MARK: - Core

  /// Typing into documents of each size through `StableTextField` (no I/O): edit, then every
  /// figure a publish needs (length, limit cut, blank check).
  func core() {
    for (name, size) in Self.sizes {
      var field = StableTextField(text: Corpus.document(bytes: size), rules: Rules(maxLength: 150))
      let count = Self.countOverride ?? (quick ? 20_000 : 200_000)
      var offset = field.text.lineStart(field.text.lineCount / 2)
      var sink = 0
      let start = Self.now()
      for n in 0..<count {
        let key = Corpus.key(n)
        field.text.replace(offset..<offset, with: key)
        offset += key.utf8.count
        sink &+= field.length &+ (field.firstClusterOverLimit ?? 0) &+ (field.isEmptyAfterTrim ? 1 : 0)
      }
      let elapsed = Self.now() - start
      report(
        "core edits/s at \(name): \(Int(saturating: Double(count) / elapsed)) (\(String(format: "%.2f", elapsed * 1e6 / Double(count))) µs per edit with diagnostics figures; checksum \(sink % 1000))"
      )
    }
    // The LSP keystroke, in ns and (where valgrind is installed) in instructions.
    keystrokes()
  }

  /// Scroll answers after an edit on a 10 MB document with wrapping on.
  func scroll() {
    var field = StableTextField(text: Corpus.document(bytes: 10_000_000), rules: Rules(maxLength: nil))
    let viewport = Viewport(
      height: 40, wrap: WrapOptions(columns: 50, wrap: .word), margin: VerticalInsets(top: 2, bottom: 2))
    let setup = Self.now()
    _ = field.scroll(ScrollRequest(offset: 0, viewport: viewport))
    report(
      "scroll first layout of 10MB (once per viewport width): \(String(format: "%.1f", (Self.now() - setup) * 1000)) ms"
    )
    var offset = field.text.lineStart(field.text.lineCount / 2)
    var scrollOffset = 0.0
    var times: [Double] = []
    let count = quick ? 2_000 : 20_000
    for n in 0..<count {
      let key = Corpus.key(n)
      field.text.replace(offset..<offset, with: key)
      let splice = TextSplice(range: offset..<offset, insertedCount: key.utf8.count)
      offset += key.utf8.count
      let start = Self.now()
      let answer = field.scroll(
        ScrollRequest(caret: offset, offset: scrollOffset, viewport: viewport), after: [splice], anchor: nil)
      times.append(Self.now() - start)
      scrollOffset = answer.offset
    }
    times.sort()
    report(
      "scroll answer after an edit at 10MB: p50 \(String(format: "%.1f", times[times.count / 2] * 1e6)) µs, p99 \(String(format: "%.1f", times[times.count * 99 / 100] * 1e6)) µs"
    )
  }

  // MARK: - Over stdio

  /// A server under measurement, with what it needs to be fed.
  struct Peer {
    var name: String
    var command: String
    var uri: String
    var languageId: String
  }

  func peers(directory: String) -> [Peer] {
    var list = [
      Peer(
        name: "stabletext", command: "exec '\(daemon)' --stdio --log-level error",
        uri: "file://\(directory)/doc.txt", languageId: "plaintext")
    ]
    if let sourcekit {
      list.append(
        Peer(
          name: "sourcekit-lsp", command: "exec '\(sourcekit)'", uri: "file://\(directory)/Doc.swift",
          languageId: "swift"))
    }
    return list
  }

  static func workspace() -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stabletext-bench-\(getpid())"
    ).path
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Starts a peer for a throughput run. Its notifications are skipped unparsed: what is
  /// measured is the server, and parsing a publish of tens of thousands of diagnostics costs
  /// the client more than writing it costs the server.
  func start(_ peer: Peer, directory: String, options: JSONValue? = nil) throws -> ServerProcess {
    let server = try ServerProcess(command: peer.command, skipsNotifications: true)
    // sourcekit-lsp wants a root; StableText reads none (the request type writes what it reads,
    // and `rootUri` is added for the peer).
    guard case .object(var params) = InitializeRequest(processId: Int(getpid())).json else { return server }
    params["rootUri"] = .string("file://\(directory)")
    params["capabilities"] = ["textDocument": ["publishDiagnostics": ["versionSupport": true]]]
    if let options { params["initializationOptions"] = options }
    _ = try server.request(InitializeRequest.method, .object(params), timeout: 60)
    server.send(InitializedNotification())
    return server
  }

  /// A `didChange` inserting `text` at one position: the keystroke every benchmark sends.
  static func insertion(uri: String, version: Int, line: Int, character: Int, text: String) -> JSONValue {
    change(uri: uri, version: version, line: line, from: character, to: character, text: text)
  }

  /// A `didChange` replacing characters `from..<to` of one line with `text`.
  static func change(uri: String, version: Int, line: Int, from: Int, to: Int, text: String) -> JSONValue {
    let range = TextRange(
      start: TextPosition(line: line, character: from), end: TextPosition(line: line, character: to))
    return DidChangeTextDocumentNotification(
      uri: uri, version: version, changes: [ContentChange(range: range, text: text)]
    ).message
  }

  /// Edits per second for a scripted typing session of `count` keystrokes, measured from the
  /// first change sent to the answer of a request sent after the last one, and how many
  /// notifications (publishes, mostly) the server sent meanwhile.
  /// `barrier` is the request sent after the last keystroke, whose answer stops the clock.
  func typing(
    _ peer: Peer, text: String, count: Int, directory: String,
    barrier: any Barrier.Type = DocumentDiagnosticRequest.self, options: JSONValue? = nil
  ) throws -> (rate: Double, notifications: Int) {
    let server = try start(peer, directory: directory, options: options)
    defer { server.terminate() }
    try openAndSettle(server, peer, text, timeout: 120)
    let lines = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    let cursor = TextShapeCursor(line: lines / 2, character: 0)
    var frames: [UInt8] = []
    frames.reserveCapacity(count * 260)
    for n in 0..<count {
      let (line, character, _, key) = cursor.type(Corpus.key(n))
      frames += MessageWriter.frame(
        Self.insertion(uri: peer.uri, version: n + 2, line: line, character: character, text: key))
    }
    frames += MessageWriter.frame(barrier.init(TextDocumentIdentifier(peer.uri)).message(id: "done"))
    _ = server.drain()
    let before = server.skippedNotifications
    let start = Self.now()
    server.sendRaw(frames)
    _ = try server.response(id: "done", timeout: 600)
    let elapsed = Self.now() - start
    _ = server.drain()
    return (Double(count) / elapsed, server.skippedNotifications - before)
  }

  /// Keystrokes into a commit-like document with the `gitCommit` preset (by language id) and
  /// without line rules (plain text), over stdio: the cost of the line checks.
  func lines() {
    // In process first: keystrokes alone (the index kept in step), then one publish's diagnostics.
    for (name, size) in Self.sizes where size >= 1_000_000 {
      for (shape, text, presets) in [
        ("", Corpus.commitDocument(bytes: size), [false, true]),
        (" (all trailers)", Corpus.trailerDocument(bytes: size), [true]),
      ] {
        for preset in presets {
          let rules = RuleConfiguration().resolve(
            uri: "file:///x/\(preset ? "COMMIT_EDITMSG" : "message.txt")", languageId: "text")
          var field = StableTextField(text: text, rules: rules)
          var offset = field.text.lineStart(field.text.lineCount / 2)
          let count = Self.countOverride ?? (quick ? 2_000 : 20_000)
          let start = Self.now()
          for n in 0..<count {
            let key = Corpus.key(n)
            field.text.replace(offset..<offset, with: key)
            offset += key.utf8.count
          }
          field.catchUp()
          let typing = Self.now() - start
          // The median of 21 publishes: one is a few hundred microseconds, too short to time once.
          var publishes: [Double] = []
          var diagnostics: [FieldDiagnostic] = []
          for _ in 0..<21 {
            let publishStart = Self.now()
            diagnostics = field.diagnostics
            publishes.append(Self.now() - publishStart)
          }
          let publish = publishes.sorted()[10]
          report(
            "lines core at \(name)\(shape), \(preset ? "gitCommit" : "no line rules"): \(String(format: "%.2f", typing * 1e6 / Double(count))) µs per keystroke, diagnostics of one publish \(String(format: "%.2f", publish * 1000)) ms (\(diagnostics.count))"
          )
        }
      }
    }
    let directory = Self.workspace()
    for (name, size) in Self.sizes where size >= 1_000_000 {
      let text = Corpus.commitDocument(bytes: size)
      var rates: [String: Double] = [:]
      for languageId in ["plaintext", "gitcommit"] {
        let peer = Peer(
          name: "stabletext", command: "exec '\(daemon)' --stdio --log-level error",
          uri: "file://\(directory)/message.txt", languageId: languageId)
        // As many keystrokes as `stdio` sends to this server.
        let count = quick ? 20_000 : 200_000
        do {
          // The barrier is `stableText/state`: the server publishes everything owed before it
          // answers, but the client is not made to parse tens of thousands of diagnostics in
          // a pull answer (which would measure the client).
          let (rate, notifications) = try typing(
            peer, text: text, count: count, directory: directory, barrier: StableTextStateRequest.self)
          rates[languageId] = rate
          report(
            "lines edits/s at \(name), \(languageId): \(Int(rate)) (\(count) didChange, \(notifications) publishes)"
          )
        } catch {
          report("lines edits/s at \(name), \(languageId): failed (\(error))")
        }
      }
      if let plain = rates["plaintext"], let commit = rates["gitcommit"] {
        report("lines edits/s at \(name), gitcommit vs plaintext: \(String(format: "%.2f", commit / plain))")
      }
    }
  }

  func stdio() {
    let directory = Self.workspace()
    var ours: [String: Double] = [:]
    for (name, size) in Self.sizes {
      let text = Corpus.document(bytes: size)
      for peer in peers(directory: directory) {
        // The peers are far slower: give them fewer keystrokes so a run stays in minutes.
        let count: Int
        if peer.name == "stabletext" {
          count = quick ? 20_000 : 200_000
        } else {
          count =
            size <= 10_000
            ? (quick ? 300 : 2_000) : (size <= 1_000_000 ? (quick ? 20 : 100) : (quick ? 5 : 20))
        }
        do {
          let (rate, publishes) = try typing(peer, text: text, count: count, directory: directory)
          report(
            "stdio edits/s at \(name), \(peer.name): \(Int(rate)) (\(count) didChange, \(publishes) notifications)"
          )
          if peer.name == "stabletext" {
            ours[name] = rate
          } else if let mine = ours[name] {
            report(
              "stdio ratio at \(name), stabletext / \(peer.name): \(String(format: "%.0f", mine / rate))×")
          }
        } catch {
          report("stdio edits/s at \(name), \(peer.name): failed (\(error))")
        }
      }
    }
    if let small = ours["10KB"], let large = ours["10MB"] {
      report("stdio edits/s 10MB vs 10KB: \(String(format: "%.2f", large / small))")
    }
  }

  /// p50/p99 from sending one didChange to receiving the publish for its version, measured by a
  /// client that reads the daemon's output on the thread that waits for it (`PipeClient`).
  func latency() {
    let uri = "file:///bench/doc.txt"
    for (name, size) in Self.sizes {
      do {
        let client = try PipeClient(executable: daemon, arguments: ["--stdio", "--log-level", "error"])
        client.send(InitializeRequest().message(id: 0))
        client.send(InitializedNotification().message)
        client.send(Self.didOpen(uri, Corpus.document(bytes: size)))
        func published(_ version: Int) -> (JSONRef) -> Bool {
          {
            (try? $0["method"].string()) == PublishDiagnosticsNotification.method
              && (try? $0["params"]["version"].int()) == version
          }
        }
        guard client.wait(for: published(1)) else {
          throw ServerProcess.ClientError.exited("the first publish")
        }
        var times: [Double] = []
        for n in 0..<(quick ? 300 : 2_000) {
          let version = n + 2
          let start = Self.now()
          client.send(Self.insertion(uri: uri, version: version, line: 3, character: 0, text: "x"))
          guard client.wait(for: published(version)) else {
            throw ServerProcess.ClientError.exited("publish \(version)")
          }
          times.append(Self.now() - start)
        }
        times.sort()
        report(
          "latency didChange → publishDiagnostics at \(name): p50 \(String(format: "%.0f", times[times.count / 2] * 1e6)) µs, p99 \(String(format: "%.0f", times[times.count * 99 / 100] * 1e6)) µs"
        )
      } catch {
        report("latency at \(name): failed (\(error))")
      }
    }
  }

  /// From process start to the initialize response, median of repeated starts.
  func startup() {
    let directory = Self.workspace()
    for peer in peers(directory: directory) {
      var times: [Double] = []
      // Started directly, not through a shell, so the figure is the server's own.
      let argv = peer.name == "stabletext" ? [daemon, "--stdio", "--log-level", "error"] : [sourcekit!]
      for _ in 0..<(quick ? 3 : (peer.name == "stabletext" ? 20 : 5)) {
        let start = Self.now()
        guard let server = try? ServerProcess(executable: argv[0], arguments: Array(argv.dropFirst())) else {
          continue
        }
        guard case .object(var params) = InitializeRequest().json else { continue }
        params["rootUri"] = .string("file://\(directory)")
        _ = try? server.request(InitializeRequest.method, .object(params), timeout: 60)
        times.append(Self.now() - start)
        server.send(ExitNotification())
        server.terminate()
      }
      times.sort()
      if !times.isEmpty {
        report(
          "startup to initialize answer, \(peer.name): \(String(format: "%.1f", times[times.count / 2] * 1000)) ms (median of \(times.count))"
        )
      }
    }
  }

  /// Peak RSS with 1,000 documents of 100 KB open (100 MB of text), against the idle base.
  func memory() {
    let directory = Self.workspace()
    let peer = peers(directory: directory)[0]
    do {
      let server = try start(peer, directory: directory)
      defer { server.terminate() }
      let base = Self.status("VmHWM", of: server.processIdentifier)
      let documents = quick ? 100 : 1_000
      let text = Corpus.document(bytes: 100_000)
      var total = 0
      for n in 0..<documents {
        // Each document differs, so nothing can be shared between them.
        let unique = "doc \(n)\n" + text
        total += unique.utf8.count
        server.send(Self.opening("file://\(directory)/m\(n).txt", unique))
      }
      _ = try server.request(
        DocumentDiagnosticRequest(TextDocumentIdentifier("file://\(directory)/m\(documents - 1).txt")),
        timeout: 120)
      _ = server.drain()
      let peak = Self.status("VmHWM", of: server.processIdentifier)
      let megabytes = Double(total) / 1_048_576
      report(
        "memory with \(documents) × 100KB open (\(String(format: "%.1f", megabytes)) MiB of text): peak RSS \(String(format: "%.1f", Double(peak) / 1024)) MiB, base \(String(format: "%.1f", Double(base) / 1024)) MiB, (peak − base) / text = \(String(format: "%.2f", Double(peak - base) / 1024 / megabytes))×"
      )
    } catch {
      report("memory: failed (\(error))")
    }
  }

  /// A field of `/proc/PID/status` in KiB: `VmHWM` (peak RSS) or `VmRSS`.
  static func status(_ field: String, of pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
  }

  /// Load: 10,000 open documents, then 1,000,000 messages in bursts of 100,000 changes, each
  /// burst followed by a request. Every request must be answered, RSS must level off, and the
  /// daemon must still be running at the end.
  func load() {
    let directory = Self.workspace()
    let peer = peers(directory: directory)[0]
    do {
      let server = try start(peer, directory: directory)
      defer { server.terminate() }
      let documents = quick ? 1_000 : 10_000
      let burst = quick ? 10_000 : 100_000
      let bursts = quick ? 3 : 10
      let text = Corpus.document(bytes: 1_000)
      var frames: [UInt8] = []
      for n in 0..<documents {
        frames += MessageWriter.frame(Self.opening("file://\(directory)/l\(n).txt", text).message)
      }
      frames += MessageWriter.frame(
        StableTextStateRequest(TextDocumentIdentifier("file://\(directory)/l\(documents - 1).txt")).message(
          id: "opened"))
      let start = Self.now()
      server.sendRaw(frames)
      _ = try server.response(id: "opened", timeout: 300)
      report(
        "load: \(documents) documents opened in \(String(format: "%.2f", Self.now() - start)) s, RSS \(Self.status("VmRSS", of: server.processIdentifier) / 1024) MiB"
      )
      var versions = [Int](repeating: 1, count: documents)
      var answered = 0
      var messages = documents + 1
      let total = Self.now()
      for round in 0..<bursts {
        frames.removeAll(keepingCapacity: true)
        for n in 0..<burst {
          let document = (n * 7919 + round) % documents
          versions[document] += 1
          frames += MessageWriter.frame(
            Self.insertion(
              uri: "file://\(directory)/l\(document).txt", version: versions[document], line: 1, character: 0,
              text: "x"))
        }
        let id = "burst-\(round)"
        frames += MessageWriter.frame(
          StableTextStateRequest(TextDocumentIdentifier("file://\(directory)/l0.txt")).message(
            id: .string(id)))
        let burstStart = Self.now()
        server.sendRaw(frames)
        let reply = try server.response(id: .string(id), timeout: 300)
        if reply["result"] != nil { answered += 1 }
        messages += burst + 1
        _ = server.drain()
        report(
          "load: burst \(round + 1) of \(burst) changes in \(String(format: "%.2f", Self.now() - burstStart)) s, RSS \(Self.status("VmRSS", of: server.processIdentifier) / 1024) MiB"
        )
      }
      let elapsed = Self.now() - total
      report(
        "load: \(messages) messages (\(bursts) bursts of \(burst)), \(answered)/\(bursts) burst requests answered, \(Int(saturating: Double(bursts * burst) / elapsed)) changes/s, peak RSS \(Self.status("VmHWM", of: server.processIdentifier) / 1024) MiB, still running: \(server.isRunning)"
      )
    } catch {
      report("load: failed (\(error))")
    }
  }
}

extension Benchmarks {
  /// `textDocument/didOpen` of the document at version 1, as every benchmark opens them.
  static func opening(_ uri: String, _ text: String, languageId: String = "plaintext")
    -> DidOpenTextDocumentNotification
  {
    DidOpenTextDocumentNotification(
      TextDocumentItem(uri: uri, languageId: languageId, version: 1, text: text))
  }

  /// The whole `textDocument/didOpen` notification.
  static func didOpen(_ uri: String, _ text: String, languageId: String = "plaintext") -> JSONValue {
    opening(uri, text, languageId: languageId).message
  }

  /// Opens `peer`'s document with `text` and waits for a pull of its diagnostics, so that what is
  /// timed next does not include the open.
  func openAndSettle(_ server: ServerProcess, _ peer: Peer, _ text: String, timeout: Double) throws {
    server.send(Self.opening(peer.uri, text, languageId: peer.languageId))
    _ = try server.request(DocumentDiagnosticRequest(TextDocumentIdentifier(peer.uri)), timeout: timeout)
  }
}

/// A request on one document that stops a benchmark's clock when answered.
protocol Barrier: RequestType {
  init(_ textDocument: TextDocumentIdentifier)
}

extension DocumentDiagnosticRequest: Barrier {
  init(_ textDocument: TextDocumentIdentifier) { self.init(textDocument, previousResultId: nil) }
}

extension StableTextStateRequest: Barrier {
  init(_ textDocument: TextDocumentIdentifier) { self.init(textDocument, includeText: false) }
}
