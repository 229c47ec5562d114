import StableTextClient
import StableTextJSON
import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `stabletext conformance [OPTIONS] PATH...`: runs the conformance suite against any server
/// command (this binary by default).
enum ConformanceCommand {
  static let help = """
    USAGE: stabletext conformance [OPTIONS] [PATH...]

    Runs the scripted sessions in PATH (*.session files, or folders of them) against a language
    server, each session with a server of its own, and prints PASS name or FAIL name: line N:
    why for each, in the sessions' order, then "N passed, N failed". A session file that cannot
    be parsed is a failed session. Without a PATH, the sessions installed with this binary
    (PREFIX/share/stabletext/conformance beside PREFIX/bin: /usr/share/stabletext/conformance
    from the Debian package), or those of the source tree it was built from. The format of
    sessions: README.md in that folder.

    OPTIONS:
      --server CMD      The server's command line, run with /bin/sh -c (default: this binary
                        with --stdio --log-level error). A session's `args` line is appended.
      --profile NAME    Run only the sessions of a profile: lsp-core (what any LSP server should
                        pass: framing, JSON-RPC, lifecycle, text synchronisation) or stableText
                        (every session, the default). Any other tag of the sessions works too.
      --timeout SECONDS How long one step waits for the server (default 5), its answers and its
                        reading alike: a write the server takes no byte of for that long fails
                        the session. A session fails at its first timeout, so a silent server
                        costs one timeout per session.
      --initialize-timeout SECONDS
                        How long the server may take to answer initialize, and to send its
                        first message at all (default 30): a slow start is not a failure
      --jobs N          Sessions run at once (default 4)
      --max-message-bytes N
                        The longest message read from a server (default 64 MiB, as the daemon
                        reads): a longer announced Content-Length (or WebSocket message) is
                        skipped unread and fails the session, saying so
      --transport KIND  stdio (default), pipe, socket or websocket: for pipe and socket the
                        runner listens and appends --pipe=PATH or --socket=PORT to the server's
                        command line, as vscode-languageclient does; for websocket it appends
                        --websocket=0, reads the port from the server's stderr and connects (one
                        message per text frame; the close frame's reason gives the exit status;
                        sessions of the base protocol's framing are skipped)
      --junit FILE      Also write the outcomes as JUnit XML to FILE, for CI: a session's
                        strength is in its classname (conformance.lsp-core.MUST) and its
                        properties; written also when the run is interrupted
      --results FILE    Also write the outcomes as JSON to FILE: what --baseline reads
      --fail-on LEVEL   must, should or any (default): exit 1 only for a failing session whose
                        rule is at least that strong (must: LSP's MUST; should: MUST or SHOULD;
                        any: every failure, JSON-RPC's rules too). A malformed session always
                        counts
      --baseline FILE   A previous run's --results (or --junit) file: exit 1 only for a failure
                        that is not a failure there; new failures and newly passing sessions
                        are named
      --init-options JSON
                        initializationOptions for every initialize (a session's own win)
      --root DIR        The folder initialize names as the workspace (rootUri, rootPath,
                        workspaceFolders); it must exist
      --list            Print the names of the sessions of the profile and exit
      --language ID     The languageId of the server's documents, for the differential sync
                        sessions: they edit the sample ID.* of the samples folder (default:
                        plaintext, a built-in text when the folder has none)
      --samples FOLDER  Where the samples are (default: samples/ beside the sessions; c, python,
                        markdown and plaintext ship)
      --verbose         A failing session's report ends with its transcript: what its lines
                        sent, every message the server wrote, the end of its stderr
      --help            Print this text

    Whatever of a server's the report quotes (its messages, its stderr) is escaped: control
    characters as \\n, \\u{1B}…, bidirectional controls as \\u{202E}…, ##[ as ##\\[ and a
    line's leading :: as \\::, so that it can neither repaint a terminal nor become a GitHub
    Actions workflow command in a CI log.

    When a session ends (passed, failed or timed out) its server's input is closed and the
    server's process group gets SIGTERM, then SIGKILL after a second: no server outlives its
    session.

    A differential session whose sync cannot be observed (the server asks for none, or answers
    nothing that depends on the text) is reported NOT OBSERVABLE name: why, counted apart
    (", N not observable") and in no strength's score: neither passed nor failed.

    EXIT STATUS: 0 no session failed (or every failure is below --fail-on, or in the
    --baseline); 1 a session failed; 2 a usage error, or a PATH that does not exist; 128 + N when
    signal N interrupted the run.

    """

  static func run(_ arguments: [String]) -> Int32 {
    var command = "'\(DemoCommand.executablePath())' --stdio --log-level error"
    var timeout = ConformanceRunner.defaultTimeout
    var initializeTimeout = ConformanceRunner.defaultInitializeTimeout
    var jobs = ConformanceRunner.defaultJobs
    var profile = ConformanceRunner.fullProfile
    var junit: String?
    var list = false
    var transport = ServerTransport.stdio
    var language: String?
    var samples: String?
    var verbose = false
    var results: String?
    var threshold = FailureThreshold.any
    var baselineFile: String?
    var initializationOptions: JSONValue?
    var root: String?
    var maxMessageBytes = ConformanceRunner.defaultMaxMessageBytes
    var options = OptionReader(arguments)
    while let option = options.next() {
      switch option.name {
      case "--help", "-h":
        Standard.output(help)
        return 0
      case "--server":
        guard let value = options.nonEmptyValue(for: option) else {
          return refuse("--server needs a command")
        }
        command = value
      case "--timeout":
        guard let value = options.value(for: option), let seconds = Double(value), seconds > 0,
          seconds.isFinite
        else {
          return refuse("--timeout needs a positive number of seconds")
        }
        timeout = seconds
      case "--initialize-timeout":
        guard let value = options.value(for: option), let seconds = Double(value), seconds > 0,
          seconds.isFinite
        else {
          return refuse("--initialize-timeout needs a positive number of seconds")
        }
        initializeTimeout = seconds
      case "--jobs":
        guard let value = options.value(for: option), let count = Int(value), (1...256).contains(count) else {
          return refuse("--jobs needs a number from 1 to 256")
        }
        jobs = count
      case "--max-message-bytes":
        guard let count = options.positiveInteger(for: option) else {
          return refuse("--max-message-bytes needs a positive number of bytes")
        }
        maxMessageBytes = count
      case "--profile":
        guard let value = options.nonEmptyValue(for: option) else {
          return refuse("--profile needs a name (lsp-core or stableText)")
        }
        profile = value
      case "--junit":
        guard let value = options.nonEmptyValue(for: option) else {
          return refuse("--junit needs a file name")
        }
        junit = value
      case "--results":
        guard let value = options.nonEmptyValue(for: option) else {
          return refuse("--results needs a file name")
        }
        results = value
      case "--fail-on":
        guard let value = options.value(for: option), let level = FailureThreshold(rawValue: value) else {
          return refuse("--fail-on needs must, should or any")
        }
        threshold = level
      case "--baseline":
        guard let value = options.nonEmptyValue(for: option) else {
          return refuse("--baseline needs a file written by --results or --junit")
        }
        baselineFile = value
      case "--init-options":
        guard let value = options.value(for: option) else {
          return refuse("--init-options needs a JSON value")
        }
        do {
          initializationOptions = try JSONValue(parsing: value)
        } catch {
          return refuse("--init-options is not JSON: \(error)")
        }
      case "--root":
        guard let value = options.nonEmptyValue(for: option) else { return refuse("--root needs a folder") }
        guard FileSystem.kind(of: value) == .directory, let absolute = FileSystem.absolute(value) else {
          return refuse("--root \(value): no such folder")
        }
        root = absolute
      case "--list":
        list = true
      case "--verbose":
        verbose = true
      case "--language":
        guard let value = options.nonEmptyValue(for: option) else {
          return refuse("--language needs a languageId (c, python, markdown, plaintext, …)")
        }
        language = value
      case "--samples":
        guard let value = options.nonEmptyValue(for: option) else {
          return refuse("--samples needs a folder of sample texts")
        }
        samples = value
      case "--transport":
        guard let value = options.value(for: option), let kind = ServerTransport(rawValue: value) else {
          return refuse("--transport needs stdio, pipe, socket or websocket")
        }
        transport = kind
      default:
        return refuse("unknown option \(option.name)")
      }
    }
    var paths = options.operands
    if paths.isEmpty {
      guard let installed = installedSessions() else {
        return refuse(
          "conformance found no sessions: give a session file or folder (none installed in \(sessionFolders().joined(separator: " or ")))"
        )
      }
      paths = [installed]
    }
    let all: [ConformanceSession]
    do {
      all = try ConformanceRunner.load(paths)
    } catch {
      Standard.error("stabletext conformance: \(error)\n")
      return 2
    }
    var sessions = all.filter { $0.belongs(to: profile) }
    guard !sessions.isEmpty else {
      let tags = Set(all.flatMap(\.tags)).subtracting(["byte-stream"]).sorted()
      return refuse(
        "--profile \(profile): no session in \(paths.joined(separator: " ")) has it; the profiles are \(ConformanceRunner.fullProfile) (every session) and its tags: \(tags.joined(separator: ", "))"
      )
    }
    var baseline: ConformanceResults.Baseline?
    if let baselineFile {
      guard case .success(let bytes) = FileSystem.smallFile(at: baselineFile, limit: 16 << 20),
        let text = String(validating: bytes, as: UTF8.self)
      else {
        return refuse("--baseline \(baselineFile): cannot be read as a UTF-8 file of at most 16 MiB")
      }
      do {
        baseline = try ConformanceResults.baseline(text)
      } catch {
        return refuse("--baseline \(baselineFile): \(error)")
      }
    }
    // Over WebSocket a message is a text frame: sessions of the base protocol's own bytes (its
    // headers, a body that is not UTF-8) have nothing to test there.
    let skipped = sessions.filter { !ConformanceRunner.applies($0, over: transport) }
    sessions.removeAll { !ConformanceRunner.applies($0, over: transport) }
    if list {
      for session in sessions { Standard.output(session.name + "\n") }
      return 0
    }
    var runner = ConformanceRunner(command: command, timeout: timeout, jobs: jobs, transport: transport)
    runner.verbose = verbose
    runner.initializeTimeout = initializeTimeout
    runner.initializationOptions = initializationOptions
    runner.root = root
    runner.maxMessageBytes = maxMessageBytes
    switch sample(language: language, folder: samples ?? FileSystem.join(sampleBase(paths), "samples")) {
    case .success(let chosen): runner.sample = chosen
    case .failure(let problem): return refuse(problem.description)
    }
    let start = MonotonicTime.now()
    // Interrupted (Ctrl-C, SIGTERM, SIGHUP): every server started is ended, and what ran so far
    // is said, before exiting with 128 + the signal.
    let progress = Progress()
    let live = runner.live
    let total = sessions.count
    let ledger = runner.ledger
    let reports = Reports(junit: junit, results: results, server: command, profile: profile)
    let chosen = sessions
    SignalWaiter.start { signal in
      let reported = progress.stop()
      // What ran, frozen before the servers are ended under the sessions still running.
      let outcomes = ledger.freeze(chosen, why: "interrupted by \(SignalWaiter.name(of: signal))")
      let ended = live.endAll()
      Standard.output(
        "interrupted by \(SignalWaiter.name(of: signal)) after \(reported.count) of \(total) sessions: \(ConformanceRunner.counts(reported)); \(ended) running server\(ended == 1 ? "" : "s") ended\n"
      )
      _ = reports.write(outcomes, seconds: MonotonicTime.now().seconds(since: start))
      exit(128 + signal)
    }
    if !list {
      for session in skipped {
        Standard.output(
          "SKIP \(ShownText.escaped(session.name)): the base protocol's bytes are not carried over WebSocket (a message is a text frame)\n"
        )
      }
    }
    let outcomes = runner.outcomes(sessions) { outcome in
      if progress.note(outcome) { Standard.output(outcome.line + "\n") }
    }
    // Stopped meanwhile: the signal's thread reports and exits.
    while progress.isStopped { MonotonicTime.sleep(seconds: 1) }
    // A session whose sync was not observable neither passed nor failed (`counts`, `verdict`).
    let seconds = MonotonicTime.now().seconds(since: start)
    Standard.output(
      "\(ConformanceRunner.counts(outcomes))\(skipped.isEmpty ? "" : ", \(skipped.count) skipped") (profile \(profile), \(seconds.fixed(1)) s\(ConformanceRunner.strengthSummary(sessions, outcomes)))\n"
    )
    guard reports.write(outcomes, seconds: seconds) else { return 2 }
    return verdict(outcomes, threshold: threshold, baseline: baseline)
  }

  /// The exit status for `outcomes`, saying why when a threshold or a baseline decides it:
  /// 1 when a failure counts (`threshold`) and, with a baseline, is not a failure there.
  static func verdict(
    _ outcomes: [ConformanceRunner.Outcome], threshold: FailureThreshold,
    baseline: ConformanceResults.Baseline?
  ) -> Int32 {
    let failures = outcomes.filter(\.isFailure)
    let counted = failures.filter(threshold.counts)
    if counted.count < failures.count {
      var byStrength: [String: Int] = [:]
      for outcome in failures where !threshold.counts(outcome) {
        byStrength[outcome.strength ?? "no rule", default: 0] += 1
      }
      let kinds = (ConformanceSession.strengths + ["no rule"]).compactMap { kind in
        byStrength[kind].map { "\(kind) \($0)" }
      }
      let below = failures.count - counted.count
      Standard.output(
        "\(below) failure\(below == 1 ? "" : "s") below --fail-on \(threshold.rawValue) (\(kinds.joined(separator: ", "))) \(below == 1 ? "does" : "do") not fail the run\n"
      )
    }
    guard let baseline else { return counted.isEmpty ? 0 : 1 }
    let (newFailures, newlyPassing) = ConformanceResults.compare(
      outcomes, with: baseline, threshold: threshold)
    Standard.output(
      ConformanceRunner.shown(
        "against the baseline: \(newFailures.count) new failure\(newFailures.count == 1 ? "" : "s")\(newFailures.isEmpty ? "" : " (\(newFailures.joined(separator: ", ")))"), \(newlyPassing.count) newly passing\(newlyPassing.isEmpty ? "" : " (\(newlyPassing.joined(separator: ", ")))"), \(counted.count - newFailures.count) still failing"
      )
        + "\n")
    return newFailures.isEmpty ? 0 : 1
  }

  /// A usage error of this command: one line naming the option, exit 2 (not the whole usage).
  static func refuse(_ message: String) -> Int32 {
    Standard.error("stabletext conformance: \(message) (stabletext conformance --help)\n")
    return 2
  }

  /// Where sessions are looked for when no PATH is given, in order: the installed ones beside
  /// the binary (`bin/../share/stabletext/conformance`), then the source tree's.
  static func sessionFolders() -> [String] {
    let path = DemoCommand.executablePath()
    let binary = FileSystem.absolute(path) ?? path
    let prefix = FileSystem.folder(of: FileSystem.folder(of: binary))
    // The source tree: the first folder above this file that holds Package.swift (wherever in
    // Sources the file sits).
    var source = FileSystem.folder(of: #filePath)
    for _ in 0..<8 where FileSystem.kind(of: FileSystem.join(source, "Package.swift")) == nil {
      source = FileSystem.folder(of: source)
    }
    return [
      FileSystem.join(prefix, "share/stabletext/conformance"),
      FileSystem.join(source, "Protocol/conformance"),
    ]
  }

  /// The first of `sessionFolders` that holds a session.
  static func installedSessions() -> String? {
    sessionFolders().first { folder in
      (FileSystem.entries(of: folder) ?? []).contains { $0.hasSuffix(".session") }
    }
  }

  struct SampleProblem: Error, CustomStringConvertible { var description: String }

  /// The folder the samples are looked for beside: the first PATH's folder (or the PATH itself).
  static func sampleBase(_ paths: [String]) -> String {
    guard let first = paths.first else { return "." }
    return FileSystem.kind(of: first) == .directory ? first : FileSystem.folder(of: first)
  }

  /// The sample for `language`: the file `LANGUAGE.*` in `folder`; the built-in plain text when
  /// no language is given and the folder has no `plaintext.*`.
  static func sample(language: String?, folder: String) -> Result<ConformanceSample, SampleProblem> {
    let id = language ?? "plaintext"
    let entries = FileSystem.entries(of: folder) ?? []
    guard let name = entries.filter({ $0.hasPrefix(id + ".") }).sorted().first else {
      if language == nil { return .success(.plainText) }
      let offered = Set(entries.compactMap { $0.split(separator: ".").first.map(String.init) }).sorted()
      return .failure(
        SampleProblem(
          description:
            "--language \(id): no sample \(id).* in \(folder) (it has: \(offered.isEmpty ? "none" : offered.joined(separator: ", "))); give --samples FOLDER"
        ))
    }
    let path = FileSystem.join(folder, name)
    guard case .success(let bytes) = FileSystem.smallFile(at: path, limit: 1 << 20),
      let text = String(validating: bytes, as: UTF8.self), !text.isEmpty
    else {
      return .failure(
        SampleProblem(description: "the sample \(path) cannot be read as UTF-8 text of at most 1 MiB"))
    }
    return .success(ConformanceSample(languageId: id, fileName: name, text: text))
  }
}

/// What a conformance run has reported so far, for the line an interrupted run prints.
private final class Progress: @unchecked Sendable {
  private let lock = ConditionLock()
  private var outcomes: [ConformanceRunner.Outcome] = []
  private var stopped = false

  /// Counts an outcome reported in order; false once the run is stopped (it is not printed:
  /// the servers were ended under it).
  func note(_ outcome: ConformanceRunner.Outcome) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return false }
    outcomes.append(outcome)
    return true
  }

  /// Stops the counting; what was counted.
  func stop() -> [ConformanceRunner.Outcome] {
    lock.lock()
    defer { lock.unlock() }
    stopped = true
    return outcomes
  }

  var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }
}

/// The files a run writes its outcomes to (`--junit`, `--results`), when it ends or is
/// interrupted.
private struct Reports: Sendable {
  var junit: String?
  var results: String?
  var server: String
  var profile: String

  /// Writes both; false (having said which could not be written) when one could not.
  func write(_ outcomes: [ConformanceRunner.Outcome], seconds: Double) -> Bool {
    var written = true
    if let junit {
      let xml = ConformanceRunner.junit(outcomes, suite: server, profile: profile, seconds: seconds)
      if !FileSystem.write(Array(xml.utf8), to: junit) {
        Standard.error("stabletext conformance: cannot write \(junit)\n")
        written = false
      }
    }
    if let results {
      let json = ConformanceResults.json(outcomes, server: server, profile: profile)
      if !FileSystem.write(Array(json.utf8), to: results) {
        Standard.error("stabletext conformance: cannot write \(results)\n")
        written = false
      }
    }
    return written
  }
}
