import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSystem

/// Runs conformance sessions against any server command and reports one line per session.
public struct ConformanceRunner: Sendable {
  /// The shell command line that starts the server (run through `/bin/sh -c`).
  public var command: String
  /// Seconds any one step may wait for the server.
  public var timeout: Double
  /// Seconds the server may take to answer `initialize`, and to send its first message at all
  /// (a server may take long to start: a toolchain to find, an index to load), apart from
  /// `timeout`.
  public var initializeTimeout = defaultInitializeTimeout
  /// Sessions run at once, each with its own server.
  public var jobs: Int
  /// How each session's server is joined: stdio, or a socket it connects to.
  public var transport: ServerTransport
  /// The text the `differential` step edits, in the server's language.
  public var sample = ConformanceSample.plainText
  /// The servers running now, for a run that is interrupted.
  public let live = LiveServers()
  /// A failing session's report ends with its transcript: what was sent, what the server wrote.
  public var verbose = false
  /// `initializationOptions` for every `initialize` (`--init-options`); a session's own win.
  public var initializationOptions: JSONValue?
  /// The folder `initialize` names as the workspace (`--root`), an absolute path.
  public var root: String?
  /// Which sessions have started and which have ended, for a run that is interrupted.
  public let ledger = RunLedger()
  /// The longest message read from a server (`--max-message-bytes`): a longer announced
  /// `Content-Length` (or WebSocket message) is skipped unread and fails the session.
  public var maxMessageBytes = defaultMaxMessageBytes

  /// The default of `timeout`: long enough for a server that starts slowly (sourcekit-lsp
  /// answers `initialize` in about a second here), short enough that a suite against a server
  /// that answers little ends in minutes.
  public static let defaultTimeout = 5.0
  /// The default of `initializeTimeout`.
  public static let defaultInitializeTimeout = 30.0
  /// The default of `maxMessageBytes`: the daemon's own default bound on what it reads.
  public static let defaultMaxMessageBytes = 64 << 20
  /// The default of `jobs`. Sessions mostly wait on their servers, so more run at once than there
  /// are cores.
  public static let defaultJobs = 4
  /// The profile that holds every session: the whole StableText protocol.
  /// Whether `session` has something to test over `transport`: over WebSocket a message is a
  /// text frame, so the sessions of the base protocol's own bytes (tag `byte-stream`: its
  /// headers, a body that is not UTF-8) are skipped.
  public static func applies(_ session: ConformanceSession, over transport: ServerTransport) -> Bool {
    transport != .websocket || !session.tags.contains("byte-stream")
  }

  public static let fullProfile = "stableText"

  public init(
    command: String, timeout: Double = defaultTimeout, jobs: Int = 1, transport: ServerTransport = .stdio
  ) {
    self.command = command
    self.timeout = timeout
    self.jobs = max(1, jobs)
    self.transport = transport
  }

  public struct Failure: Error, CustomStringConvertible {
    public var line: Int
    public var problem: String
    /// The step waited `timeout` seconds for the server, which was still running: JUnit's
    /// `error` (the run could not tell), not a `failure` (the server answered wrongly).
    public var timedOut = false
    public var description: String { "line \(line): \(problem)" }
  }

  /// A `differential` step that cannot tell a syncing server from a stale one: the server
  /// asks for no sync, or answers nothing that depends on the text (which LSP allows). Neither a
  /// pass nor a failure: the session's outcome is "not observable".
  public struct NotObservable: Error, CustomStringConvertible {
    public var line: Int
    public var problem: String
    public var description: String { "line \(line): \(problem)" }
  }

  /// What one session came to.
  public struct Outcome: Sendable {
    public var session: String
    public var failure: String?
    public var seconds: Double
    /// The failure was a wait that ran out while the server still ran.
    public var timedOut = false
    /// Why the session's sync could not be observed, when it could not (`NotObservable`): then
    /// it neither passed nor failed.
    public var notObservable: String?
    /// The session's rule: its strength (`MUST`, `SHOULD`, `JSON-RPC`) and sentence.
    public var strength: String?
    public var rule: String?
    /// The session's file could not be parsed.
    public var malformed = false
    /// The run was interrupted while the session ran (it failed with `failure` saying so), or
    /// before it started (`notRun`).
    public var interrupted = false
    public var notRun = false
    public var passed: Bool { failure == nil && notObservable == nil }
    /// What the session came to in the reports (`--junit`, `--results`) and for `--fail-on` and
    /// `--baseline`: an outcome that is neither a pass nor a failure (`skipped`, `not-observable`)
    /// counts as neither.
    public enum Verdict: String, Sendable {
      case passed, failed
      /// A wait that ran out while the server ran, or a session an interruption cut short.
      case error
      /// Not run (the run was interrupted first).
      case skipped
      /// The session's sync could not be observed (the server answers nothing that depends on
      /// the text, which LSP allows).
      case notObservable = "not-observable"
    }
    public var verdict: Verdict {
      if failure == nil { return notObservable == nil ? .passed : .notObservable }
      if notRun { return .skipped }
      return timedOut || interrupted ? .error : .failed
    }
    /// A failure (`failed` or `error`).
    public var isFailure: Bool { verdict == .failed || verdict == .error }
    /// The report's line: `PASS name`, `FAIL name: why` or `NOT OBSERVABLE name: why`, each of
    /// its lines escaped (`ConformanceRunner.shown`).
    public var line: String {
      if let failure { return ConformanceRunner.shown("FAIL \(session): \(failure)") }
      if let notObservable { return ConformanceRunner.shown("NOT OBSERVABLE \(session): \(notObservable)") }
      return ConformanceRunner.shown("PASS \(session)")
    }

    public init(session: String, failure: String?, seconds: Double) {
      self.session = session
      self.failure = failure
      self.seconds = seconds
    }
  }

  /// Loads every `*.session` file in `paths` (files or folders), sorted by name. A file that
  /// cannot be parsed becomes a malformed session (reported as failed when run); only a path that
  /// does not exist or cannot be read throws.
  public static func load(_ paths: [String]) throws -> [ConformanceSession] {
    var files: [String] = []
    for path in paths {
      guard let kind = FileSystem.kind(of: path) else {
        throw ConformanceSession.ParseError(file: path, line: 0, problem: "no such file or folder")
      }
      if kind == .directory {
        guard let names = FileSystem.entries(of: path)?.filter({ $0.hasSuffix(".session") }) else {
          throw ConformanceSession.ParseError(file: path, line: 0, problem: "the folder cannot be read")
        }
        files += names.sorted().map { FileSystem.join(path, $0) }
      } else {
        files.append(path)
      }
    }
    return try files.map { file in
      var name = FileSystem.lastComponent(of: file)
      if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
      var data: [UInt8] = []
      var tooLarge = false
      let failure = FileSystem.read(file) { size in
        tooLarge = size > ConformanceSession.maxFileBytes
        return !tooLarge
      } _: { piece in
        data += piece
        tooLarge = data.count > ConformanceSession.maxFileBytes
        return !tooLarge
      }
      if let failure {
        throw ConformanceSession.ParseError(file: file, line: 0, problem: "cannot be read: \(failure)")
      }
      if tooLarge {
        return ConformanceSession(
          name: name,
          malformed: .init(
            file: name, line: 0,
            problem: "the file is larger than the \(ConformanceSession.maxFileBytes) bytes a session may be"))
      }
      guard let text = String(validating: data, as: UTF8.self) else {
        return ConformanceSession(
          name: name, malformed: .init(file: name, line: 0, problem: "the file is not UTF-8"))
      }
      do {
        return try ConformanceSession(name: name, text: text)
      } catch let error as ConformanceSession.ParseError {
        return ConformanceSession(name: name, malformed: error)
      }
    }
  }

  /// Runs one session; throws the first failure. The server (and anything it started) is ended
  /// when the session ends, however it ends: its process group is signalled, and whatever it
  /// started that left the group (`setsid`, a daemon's double fork) is found by the mark the
  /// server was started with (`ProcessScope`), ended, and fails the session as a leak.
  public func run(_ session: ConformanceSession) throws {
    if let malformed = session.malformed {
      throw Failure(line: malformed.line, problem: "malformed session: \(malformed.problem)")
    }
    let mark = ProcessScope.newMark()
    var failure: Error?
    var serverGroup: Int32 = 0
    do {
      try run(session, mark: mark, group: &serverGroup)
    } catch {
      failure = error
    }
    let leaked = ProcessScope.end(mark, outsideGroup: serverGroup)
    if let failure { throw failure }
    if !leaked.isEmpty {
      let list = leaked.prefix(3).map { "\($0.pid) (\(Self.brief($0.command)))" }.joined(separator: ", ")
      throw Failure(
        line: 0,
        problem:
          "the server left \(leaked.count) process\(leaked.count == 1 ? "" : "es") running after the session, outside its process group: \(list); ended by the runner"
      )
    }
  }

  private func run(_ session: ConformanceSession, mark: String, group: inout Int32) throws {
    let arguments = session.arguments.map {
      "'" + $0.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }.joined(
      separator: " ")
    guard live.add(mark: mark) else { throw Failure(line: 0, problem: "the run was interrupted") }
    let server: ServerProcess
    do {
      // What is read of the server is bounded, and a write waits at most `timeout` for it to
      // take a byte: a server cannot hold the runner by what it announces or by not reading.
      server = try ServerProcess(
        command: arguments.isEmpty ? command : "\(command) \(arguments)",
        environment: [ProcessScope.variable: mark], transport: transport,
        limits: ConnectionLimits(maxMessageBytes: maxMessageBytes, sendStallSeconds: timeout))
    } catch {
      live.remove(mark: mark)
      throw Failure(line: 0, problem: "the server could not be started: \(error)")
    }
    group = server.processIdentifier
    live.started(mark: mark, group: group)
    defer {
      server.end()
      live.remove(mark: mark)
    }
    // Every session gets a folder of its own, removed however the session ends: the root and
    // workspace folder `initialize` names, where its `file` steps write and where the documents
    // of its `differential` step are.
    guard let folder = PrivateFolder(prefix: "stabletext-session") else {
      throw Failure(line: 0, problem: "no folder could be made for the session")
    }
    defer { folder.remove() }
    let root = Self.fileURI(folder.path)
    // The server's requests are answered as they arrive, from threads of their own (the
    // reading thread must go on reading while an answer is written).
    let scripted = ScriptedAnswers()
    server.conversation.answerRequests { [weak server] request in
      guard let target = server else { return }
      let method = request["method"]?.stringValue ?? ""
      let answer = Self.clientAnswer(to: request, root: root, scripted: scripted[method])
      SystemThread.detach(name: "st-conformance-answer") { target.send(answer) }
    }
    var syncCounter = 0
    var captures: [String: JSONValue] = [:]
    var negotiated = "utf-16"
    var capabilities: JSONValue = [:]
    do {
      try steps(
        session, server, folder: folder, scripted: scripted, captures: &captures, negotiated: &negotiated,
        capabilities: &capabilities, syncCounter: &syncCounter)
    } catch var failure as Failure where verbose {
      failure.problem += Self.transcript(session, server)
      throw failure
    }
    if let stray = server.protocolErrors.first {
      throw Failure(line: 0, problem: Self.strayReport(stray) + " (after the last step)")
    }
  }

  /// What a failing session sent (its `send`, `raw` and `initialize` lines) and every message the
  /// server wrote, for `--verbose`.
  static func transcript(_ session: ConformanceSession, _ server: ServerProcess) -> String {
    var text = "\n    transcript (sent by the session's lines, then everything the server wrote):"
    for (line, step) in session.steps {
      switch step {
      case .initialize(let overrides):
        text += "\n      → \(line): initialize \(overrides.map { brief($0.serialized) } ?? "")"
      case .send(let message): text += "\n      → \(line): \(brief(message.serialized))"
      case .raw(let bytes): text += "\n      → \(line): \(bytes.count) bytes"
      case .repeated(let bytes, let count): text += "\n      → \(line): \(bytes.count) bytes × \(count)"
      case .differential:
        text += "\n      → \(line): differential: the sample's documents, the edits, the requests"
      default: continue
      }
    }
    let bodies = server.receivedBodies
    for body in bodies.prefix(50) { text += "\n      ← \(brief(body))" }
    if bodies.count > 50 { text += "\n      ← … \(bodies.count - 50) more" }
    if bodies.isEmpty { text += "\n      ← nothing" }
    let errors = server.standardErrorTail(10)
    if !errors.isEmpty { text += "\n      stderr: " + errors.joined(separator: "\n              ") }
    return text
  }

  private func steps(
    _ session: ConformanceSession, _ server: ServerProcess, folder: PrivateFolder, scripted: ScriptedAnswers,
    captures: inout [String: JSONValue], negotiated: inout String, capabilities: inout JSONValue,
    syncCounter: inout Int
  ) throws {
    // The ids of `initialize` requests a session sends itself: their answers get
    // `initializeTimeout` too.
    var initializeIDs: [JSONValue] = []
    // A session that writes positions in another encoding (`positions codepoints`).
    var positions = session.positions.map { SessionPositions(written: $0) }
    for (line, written) in session.steps {
      func fail(_ problem: String) -> Failure { Failure(line: line, problem: problem) }
      let step = Self.placing(written, in: folder.path)
      switch step {
      case .answer(let method, let members):
        scripted[method] = members
      case .file(let folders, let name, let contents):
        guard folder.write(contents, to: folders, name: name) == true else {
          throw fail("the file \((folders + [name]).joined(separator: "/")) could not be written")
        }
      case .arguments:
        continue
      case .initialize(let overrides):
        // The defaults with the session's folder as the root, then the command line's
        // (`--root`, `--init-options`), then the session's own.
        var params = Self.initializeParams(root: Self.fileURI(folder.path))
        for (key, value) in commandLineParams.pairs { params[key] = value }
        if let overrides = overrides?.objectValue {
          for (key, value) in overrides.pairs { params[key] = value }
        }
        server.send([
          "jsonrpc": "2.0", "id": .string(InitializeRequest.method),
          "method": .string(InitializeRequest.method),
          "params": .object(params),
        ])
        let response = try wait(server, "the initialize response", line, initializing: true) {
          $0["method"] == nil && $0["id"] == .string(InitializeRequest.method)
        }
        if let error = response["error"] { throw fail("initialize failed: \(error.serialized)") }
        negotiated = response["result"]?["capabilities"]?["positionEncoding"]?.stringValue ?? "utf-16"
        capabilities = response["result"]?["capabilities"] ?? [:]
        positions?.negotiated = PositionEncoding(rawValue: negotiated) ?? .utf16
        server.send(InitializedNotification().message)
      case .send(let message):
        do {
          let sent = try JSONPattern.substituting(captures, in: message)
          if sent["method"] == .string(InitializeRequest.method), let id = sent["id"] {
            initializeIDs.append(id)
          }
          server.send(positions?.outgoing(sent) ?? sent)
        } catch {
          throw fail("\(error)")
        }
      case .raw(let bytes):
        server.sendRaw(bytes)
      case .repeated(let bytes, let count):
        // A megabyte at a time.
        let perPiece = max(1, (1 << 20) / max(1, bytes.count))
        var left = count
        while left > 0 {
          let now = min(left, perPiece)
          server.sendRaw(Array([[UInt8]](repeating: bytes, count: now).joined()))
          left -= now
        }
      case .expect(let written):
        let pattern = positions?.expected(written) ?? written
        let message = try wait(
          server, "a message like \(pattern.serialized)", line,
          initializing: pattern["method"] == nil && pattern["id"].map(initializeIDs.contains) == true,
          where: Self.kind(of: pattern))
        if let problem = JSONPattern.mismatch(pattern, message, captures: &captures) {
          throw fail("\(problem)\n      received: \(Self.brief(message.serialized))")
        }
      case .expectOneOf(let written):
        let patterns = written.map { positions?.expected($0) ?? $0 }
        let message = try wait(
          server, "a message like one of \(JSONValue.array(patterns).serialized)", line,
          where: Self.kind(of: patterns[0]))
        var problems: [String] = []
        var matched = false
        for pattern in patterns {
          var attempt = captures
          if let problem = JSONPattern.mismatch(pattern, message, captures: &attempt) {
            problems.append(problem)
          } else {
            captures = attempt
            matched = true
            break
          }
        }
        if !matched {
          throw fail(
            "matches none of \(patterns.count): \(problems.joined(separator: "; "))\n      received: \(Self.brief(message.serialized))"
          )
        }
      case .differential(let options):
        try differential(
          server, options: options, encoding: negotiated, capabilities: capabilities, folder: folder,
          line: line)
      case .expectText(let text):
        _ = try failing(line, server) {
          try server.receiveBody(
            containing: text, timeout: waitLimit(server),
            what: "a message containing \(text.debugDescription)")
        }
      case .expectNone(let what):
        syncCounter += 1
        try synchronise(server, id: "sync-\(syncCounter)", line: line)
        let offending = server.pending().first { message in
          what == "response" ? message["method"] == nil : message["method"]?.stringValue == what
        }
        if let offending { throw fail("unexpected \(what): \(Self.brief(offending.serialized))") }
      case .sync:
        syncCounter += 1
        try synchronise(server, id: "sync-\(syncCounter)", line: line)
      case .close:
        server.closeInput()
      case .exit(let code):
        // In the lsp-core profile the exit status is judged only where exit is what the session
        // tests (tagged `exit-status`); elsewhere the step ends the session (the server is ended
        // after it either way), so one server that does not exit, or exits otherwise, fails the
        // exit sessions and not every one (Protocol/conformance/README.md, "One bug, one
        // session").
        guard !session.tags.contains("lsp-core") || session.tags.contains("exit-status") else {
          _ = try? server.waitForExit(timeout: timeout)
          break
        }
        let status = try failing(line, server) { try server.waitForExit(timeout: timeout) }
        if status != code { throw fail("exit status \(status), expected \(code)") }
      }
      // What broke the framing fails the step it arrived by, showing the bytes; so does a bound
      // passed (a message announced too long, a server that stopped reading what was sent).
      if let stray = server.protocolErrors.first { throw fail(Self.strayReport(stray)) }
      if let over = server.conversation.overLimit { throw fail(over) }
    }
  }

  /// A session's failure for what the server wrote to stdout that is not a message.
  static func strayReport(_ problem: String) -> String {
    "stdout carried something other than protocol: \(problem)"
  }

  /// `step` with `<folder>` replaced by the session's folder wherever it sends or expects text.
  static func placing(_ step: ConformanceSession.Step, in folder: String) -> ConformanceSession.Step {
    func place(_ value: JSONValue) -> JSONValue { JSONPattern.replacingFolder(in: value, with: folder) }
    switch step {
    case .initialize(let overrides): return .initialize(overrides.map(place))
    case .send(let message): return .send(place(message))
    case .expect(let pattern): return .expect(place(pattern))
    case .expectOneOf(let patterns): return .expectOneOf(patterns.map(place))
    case .expectText(let text):
      return .expectText(text.replacing(JSONPattern.folderPlaceholder, with: folder))
    default: return step
    }
  }

  private func synchronise(_ server: ServerProcess, id: String, line: Int) throws {
    // With params: LSP allows a request without them, but a probe is no place to find that a
    // library drops such requests (a session of its own checks that).
    server.send([
      "jsonrpc": "2.0", "id": .string(id), "method": .string(UnservedMethod.conformanceSync), "params": [:],
    ])
    _ = try wait(server, "the reply to a synchronising request", line) {
      $0["method"] == nil && $0["id"] == .string(id)
    }
  }

  /// How long a wait may last: `timeout`, or `initializeTimeout` for the answer to `initialize`
  /// and while the server has sent nothing yet (it may still be starting).
  func waitLimit(_ server: ServerProcess, initializing: Bool = false) -> Double {
    initializing || server.conversation.receivedCount == 0 ? max(timeout, initializeTimeout) : timeout
  }

  private func wait(
    _ server: ServerProcess, _ what: String, _ line: Int, initializing: Bool = false,
    where predicate: @escaping (JSONValue) -> Bool
  )
    throws -> JSONValue
  {
    let limit = waitLimit(server, initializing: initializing)
    return try failing(line, server) { try server.receive(timeout: limit, what: what, where: predicate) }
  }

  /// Runs a client step, turning a timeout or the server's exit into this line's failure, with
  /// what the server did send that the session had not taken (so a wrong answer is told apart
  /// from none).
  func failing<T>(_ line: Int, _ server: ServerProcess, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as ServerProcess.ClientError {
      let left = server.pending()
      var problem = "\(error)"
      var timedOut = false
      if case .timeout = error {
        // A server that ended meanwhile did not time out: it exited.
        if server.exitStatus == nil { timedOut = true }
      }
      // An ended server's status, once its stderr is read to the end (waitForExit waits for both).
      if (try? server.waitForExit(timeout: timedOut ? 0.2 : 1)) != nil {
        problem += server.exitReport
      }
      if let stray = server.protocolErrors.first { problem += "; " + Self.strayReport(stray) }
      if left.isEmpty {
        problem += "; nothing else arrived"
      } else {
        problem += "; arrived and not matched (\(left.count)):"
        for message in left.prefix(3) { problem += "\n      \(Self.brief(message.serialized))" }
        if left.count > 3 { problem += "\n      …" }
      }
      throw Failure(line: line, problem: problem, timedOut: timedOut)
    }
  }

  /// A message cut for a report line, escaped (`ShownText`): the server's words say only what
  /// they say.
  static func brief(_ text: String) -> String {
    ShownText.escaped(text.count <= 400 ? text : String(text.prefix(400)) + "…")
  }

  /// A report's text as it is printed and written (the text output, JUnit): each line escaped
  /// (`ShownText`), so that whatever of a server's it quotes (a value, its stderr, `##[error]`,
  /// `::error::`) stays inside the line that quotes it, in a terminal and in a CI log alike.
  public static func shown(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { ShownText.escaped(String($0)) }
      .joined(separator: "\n")
  }

  /// Which received message an expectation is about: a batch, a response with the same id (any
  /// response when the pattern's id is `"<any>"`), or the next notification with the same method.
  static func kind(of pattern: JSONValue) -> (JSONValue) -> Bool {
    if pattern.arrayValue != nil { return { $0.arrayValue != nil } }
    if let method = pattern["method"] { return { $0["method"] == method } }
    let id = pattern["id"] ?? .null
    if id == "<any>" { return { $0.arrayValue == nil && $0["method"] == nil } }
    return { message in message.arrayValue == nil && message["method"] == nil && message["id"] == id }
  }

  /// Runs `sessions`, `jobs` at a time, and returns their outcomes in the sessions' order.
  /// `completed` is called in that order as soon as a session and all before it are done.
  public func outcomes(_ sessions: [ConformanceSession], completed: (Outcome) -> Void = { _ in })
    -> [Outcome]
  {
    let results = Results(count: sessions.count)
    let next = Counter()
    ledger.begin()
    let runner = self
    for _ in 0..<min(jobs, sessions.count) {
      SystemThread.detach(name: "st-conformance", stackSize: 8 << 20) {
        while let index = next.take(below: sessions.count) {
          let session = sessions[index]
          runner.ledger.started(index)
          let start = MonotonicTime.now()
          var failure: String?
          var notObservable: String?
          var timedOut = false
          do { try runner.run(session) } catch let error as NotObservable {
            notObservable = "\(error)"
          } catch {
            failure = "\(error)"
            timedOut = (error as? Failure)?.timedOut ?? false
          }
          var outcome = Outcome(
            session: session.name, failure: failure, seconds: MonotonicTime.now().seconds(since: start))
          outcome.timedOut = timedOut
          outcome.notObservable = notObservable
          outcome.strength = session.strength
          outcome.rule = session.citation
          outcome.malformed = session.malformed != nil
          runner.ledger.ended(index, outcome)
          results.set(index, outcome)
        }
      }
    }
    var reported = 0
    while reported < sessions.count {
      let outcome = results.wait(for: reported)
      completed(outcome)
      reported += 1
    }
    return results.all()
  }

  /// Runs every session, printing `PASS name` or `FAIL name: why`, then `N passed, N failed`
  /// (and `, N not observable` when some were). Returns the number of failures.
  public func runAll(_ sessions: [ConformanceSession], report: (String) -> Void) -> Int {
    let outcomes = outcomes(sessions) { outcome in
      report(outcome.line)
    }
    report(Self.counts(outcomes))
    return outcomes.filter(\.isFailure).count
  }

  /// `N passed, N failed`, and `, N not observable` when a session's sync could not be observed.
  public static func counts(_ outcomes: [Outcome]) -> String {
    let failed = outcomes.filter(\.isFailure).count
    let unobserved = outcomes.filter { $0.verdict == .notObservable }.count
    return "\(outcomes.filter(\.passed).count) passed, \(failed) failed"
      + (unobserved == 0 ? "" : ", \(unobserved) not observable")
  }

  /// `; MUST 11/11, SHOULD 5/6, JSON-RPC 13/13`: the sessions that name the strength of their
  /// rule, passed of those that came to a verdict, per strength (empty when none names one); a
  /// session whose sync was not observable counts in neither.
  public static func strengthSummary(_ sessions: [ConformanceSession], _ outcomes: [Outcome]) -> String {
    var parts: [String] = []
    for strength in ConformanceSession.strengths {
      let runs = zip(sessions, outcomes).filter { $0.0.strength == strength && $0.1.notObservable == nil }
      guard !runs.isEmpty else { continue }
      parts.append("\(strength) \(runs.filter { $0.1.passed }.count)/\(runs.count)")
    }
    return parts.isEmpty ? "" : "; " + parts.joined(separator: ", ")
  }
}

/// Outcomes filled in by worker threads and read in order.
private final class Results: @unchecked Sendable {
  private let condition = ConditionLock()
  private var slots: [ConformanceRunner.Outcome?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ outcome: ConformanceRunner.Outcome) {
    condition.lock()
    slots[index] = outcome
    condition.broadcast()
    condition.unlock()
  }

  func wait(for index: Int) -> ConformanceRunner.Outcome {
    condition.lock()
    defer { condition.unlock() }
    while slots[index] == nil { condition.wait() }
    return slots[index]!
  }

  func all() -> [ConformanceRunner.Outcome] {
    condition.lock()
    defer { condition.unlock() }
    return slots.map { $0! }
  }
}

/// Hands out session indices to workers.
private final class Counter: @unchecked Sendable {
  private let lock = ConditionLock()
  private var value = 0

  func take(below limit: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard value < limit else { return nil }
    value += 1
    return value - 1
  }
}

/// The answers a session scripted for the server's requests (`answer`), by method: read on the
/// threads that answer, written by the session's steps.
final class ScriptedAnswers: @unchecked Sendable {
  private let lock = ConditionLock()
  private var byMethod: [String: JSONObject] = [:]

  subscript(method: String) -> JSONObject? {
    get { lock.withLock { byMethod[method] } }
    set { lock.withLock { byMethod[method] = newValue } }
  }
}
