import Foundation
import StableTextClient
import StableTextJSON
import StableTextSessionSupport
import Testing

let conformanceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Protocol/conformance").path

@Suite struct ConformanceSuite {
  /// Every scripted session passes against the binary this test run built, over each of LSP's
  /// standard transports.
  @Test(arguments: ServerTransport.allCases)
  func everySessionPasses(transport: ServerTransport) throws {
    let all = try ConformanceRunner.load([conformanceDirectory])
    #expect(all.count >= 80)
    // Over WebSocket, the sessions of the base protocol's bytes are skipped (12 of them).
    let sessions = all.filter { ConformanceRunner.applies($0, over: transport) }
    #expect(all.count - sessions.count == (transport == .websocket ? 12 : 0))
    var lines: [String] = []
    // Over WebSocket a page is given no git identity unless the daemon allows it (Protocol/README.md,
    // "Completion": "Over WebSocket, no people"); the sessions are an editor's, and one reads it
    // (codeaction-06-sign-off). The runner appends `--websocket=0`.
    let allowed = transport == .websocket ? "--allow-git-history " : ""
    let command = "'\(binaryPath)' \(transport == .stdio ? "--stdio " : "")\(allowed)--log-level error"
    let runner = ConformanceRunner(command: command, jobs: 4, transport: transport)
    let failed = runner.runAll(sessions) { lines.append($0) }
    for line in lines where line.hasPrefix("FAIL") { Issue.record("\(line)") }
    #expect(failed == 0)
    #expect(lines.last == "\(sessions.count) passed, 0 failed")
  }

  /// The runner itself: it fails sessions whose expectations are wrong, says where, and reports
  /// the count the same way.
  @Test func runnerReportsFailures() throws {
    let wrong = try ConformanceSession(
      name: "wrong",
      text: """
        # A deliberately wrong expectation
        initialize
        send {"jsonrpc":"2.0","id":1,"method":"shutdown"}
        expect {"id":1,"error":{"code":-32600}}
        """)
    let right = try ConformanceSession(
      name: "right",
      text: """
        # A right one
        send {"jsonrpc":"2.0","id":1,"method":"shutdown"}
        expect {"id":1,"error":{"code":-32002,"message":"<contains:initialize>"},"result":"<absent>"}
        send {"jsonrpc":"2.0","method":"exit"}
        exit 1
        """)
    var lines: [String] = []
    let failed = ConformanceRunner(command: "'\(binaryPath)' --stdio", timeout: 5).runAll([wrong, right]) {
      lines.append($0)
    }
    #expect(failed == 1)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("FAIL wrong: line 4: $.error: missing; expected {\"code\":-32600}"))
    #expect(lines[1] == "PASS right")
    #expect(lines[2] == "1 passed, 1 failed")
  }

  /// A server that starts a process in a session of its own (`setsid`), out of its process
  /// group: the session is failed as a leak and the process is ended, not left to init.
  @Test func aProcessThatEscapesTheGroupIsEndedAndFailsTheSession() throws {
    // A sleep of a duration no other process has, to find it by.
    let duration = "301.\(Int.random(in: 100_000...999_999))"
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("leaky-\(duration).sh").path
    try """
    #!/bin/sh
    setsid sleep \(duration) < /dev/null > /dev/null 2>&1 &
    exec '\(binaryPath)' --stdio
    """.write(toFile: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    defer { try? FileManager.default.removeItem(atPath: script) }
    let session = try ConformanceSession(
      name: "leaky",
      text: """
        # Passes as a session
        initialize
        send {"jsonrpc":"2.0","id":1,"method":"shutdown"}
        expect {"id":1,"result":null}
        """)
    var lines: [String] = []
    let failed = ConformanceRunner(command: script, timeout: 5).runAll([session]) { lines.append($0) }
    #expect(failed == 1)
    #expect(
      lines.first?.hasPrefix(
        "FAIL leaky: line 0: the server left 1 process running after the session, outside its process group: "
      )
        == true, "\(lines)")
    // Named by its command line as the runner found it: `sleep D`, or, on a loaded machine, the
    // script's fork before it became `setsid sleep D` (its name holds D too).
    #expect(lines.first?.contains(duration) == true, "\(lines)")
    #expect(lines.first?.hasSuffix("); ended by the runner") == true, "\(lines)")
    let survivors = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { name in
      guard Int(name) != nil, let line = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else {
        return false
      }
      return String(decoding: line, as: UTF8.self) == "sleep\0\(duration)\0"
    }
    #expect(survivors.isEmpty, "still running: \(survivors)")
  }

  @Test(arguments: [
    ("frobnicate {}", "s:1: unknown directive frobnicate"),
    ("send {oops", "s:1: send: not JSON"),
    ("bytes zz", "s:1: bytes: zz is not a hex byte"),
    ("exit soon", "s:1: exit takes a status"),
    // Sizes past what a step may send fail the session alone, at its line, before anything runs.
    (
      "repeat 100000000000 \"x\"",
      "s:1: repeat makes 100000000000 bytes (100000000000 × 1), more than the 268435456 a step may send"
    ),
    (
      "repeat 9223372036854775807 \"xy\"",
      "s:1: repeat makes more than 2^63 bytes (9223372036854775807 × 2), more than the 268435456 a step may send"
    ),
    ("repeat 99999999999999999999 \"x\"", "s:1: repeat takes a count (1 to 2^63 − 1) and a JSON string"),
    (
      "answer workspace/configuration [null]",
      "s:1: answer takes a method and a JSON object with one member, result or error"
    ),
    (
      "answer {\"result\":null}",
      "s:1: answer takes a method and a JSON object with one member, result or error"
    ),
    (
      "answer m {\"result\":null,\"error\":{}}",
      "s:1: answer takes a method and a JSON object with one member, result or error"
    ),
  ])
  func parseErrorsNameTheLine(text: String, message: String) {
    do {
      _ = try ConformanceSession(name: "s", text: text)
      Issue.record("expected a parse error")
    } catch {
      #expect("\(error)".hasPrefix(message))
    }
  }

  @Test(
    arguments: [
      (["a": 1], ["a": 1.0, "b": 2], nil),
      (["a": "<any>"], ["b": 1], "$.a: missing"),
      (["a": "<absent>"], ["a": nil], "$.a: expected absent, got null"),
      (["m": "<contains:over>"], ["m": "3 over the limit"], nil),
      ([1, 2], [1, 2, 3], "$: expected 2 elements, got 3: [1,2,3]"),
      (["a": ["b": "x"]], ["a": ["b": "y"]], "$.a.b: expected \"x\", got \"y\""),
      (["e": "<one-of:utf-8|utf-16>"], ["e": "utf-16"], nil),
      (["e": "<one-of:utf-8|utf-16>"], ["e": "utf-32"], "$.e: expected one of utf-8, utf-16, got \"utf-32\""),
      (["e": "<one-of:utf-8|utf-16>"], [:], "$.e: expected one of utf-8, utf-16, got nothing"),
      (["e": "<one-of:utf-8|<absent>>"], [:], nil),
      (["m": "<prefix:params.x: >"], ["m": "params.x: expected 1"], nil),
      (
        ["m": "<prefix:params.x: >"], ["m": "see params.x: "],
        "$.m: expected a string starting with \"params.x: \", got \"see params.x: \""
      ),
      (["e": "<one-of:utf-8|<absent>>"], ["e": nil], "$.e: expected one of utf-8, <absent>, got null"),
    ] as [(JSONValue, JSONValue, String?)])
  func partialMatching(pattern: JSONValue, actual: JSONValue, problem: String?) {
    #expect(JSONPattern.mismatch(pattern, actual) == problem)
  }

  /// A session file that cannot be parsed is a failed session with its line, and the run goes
  /// on; sessions run in parallel are reported in their order; a timeout says what did arrive.
  @Test func malformedSessionsFailAndTheRunGoesOn() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let files = [
      "a-good":
        "# fine\ntags lsp-core\nsend {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}\nexpect {\"id\":1,\"error\":{\"code\":-32002}}\n",
      "b-broken": "# broken\nsend {\"jsonrpc\":\"2.0\"}\nexpect {oops\n",
      "c-silent":
        "# waits for an answer that never comes\ninitialize\nsend {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"$/x\"}\nexpect {\"id\":99}\n",
    ]
    for (name, text) in files {
      try text.write(toFile: "\(folder)/\(name).session", atomically: true, encoding: .utf8)
    }
    let sessions = try ConformanceRunner.load([folder])
    #expect(sessions.map(\.name) == ["a-good", "b-broken", "c-silent"])
    #expect(sessions.map(\.tags) == [["lsp-core"], [], []])
    #expect(sessions.filter { $0.belongs(to: "lsp-core") }.map(\.name) == ["a-good", "b-broken"])
    var lines: [String] = []
    let failed = ConformanceRunner(
      command: "'\(binaryPath)' --stdio --log-level error", timeout: 0.5, jobs: 3
    )
    .runAll(sessions) { lines.append($0) }
    #expect(failed == 2)
    #expect(
      lines == [
        "PASS a-good",
        "FAIL b-broken: line 3: malformed session: expect: not JSON: "
          + "string or '}' expected near 'oops' (line 1, column 5)",
        """
        FAIL c-silent: line 4: timed out waiting for a message like {"id":99}; arrived and not matched (1):
              {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: $/x"}}
        """,
        "1 passed, 2 failed",
      ])
  }

  /// A session's `file` steps write into a folder of its own that `<folder>` names: the daemon
  /// reads a `.stabletext.json` written there, and reads it again when the session rewrites it
  /// and says so; a path that climbs out is a malformed session.
  @Test func sessionsWriteFilesInAFolderOfTheirOwn() throws {
    let open =
      #"send {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://<folder>/docs/a.txt","languageId":"plaintext","version":1,"text":"abcd"}}}"#
    let text = [
      "# a repository's file, then another",
      #"file .stabletext.json "{\"rules\": {\"maxLength\": 3}}""#,
      "initialize",
      open,
      #"expect {"method":"textDocument/publishDiagnostics","params":{"uri":"file://<folder>/docs/a.txt","diagnostics":[{"code":"over-limit"}]}}"#,
      #"file .stabletext.json "{\"rules\": {\"maxLength\": 9}}""#,
      #"send {"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"file://<folder>/.stabletext.json","type":2}]}}"#,
      #"expect {"method":"textDocument/publishDiagnostics","params":{"uri":"file://<folder>/docs/a.txt","diagnostics":[]}}"#,
    ].joined(separator: "\n")
    let good = try ConformanceSession(name: "files", text: text)
    #expect(good.writesFiles)
    let runner = ConformanceRunner(command: "'\(binaryPath)' --stdio --log-level error", timeout: 5)
    try runner.run(good)
    for path in ["../x", "a//b", "./a", ""] {
      #expect(throws: ConformanceSession.ParseError.self) {
        try ConformanceSession(name: "bad", text: "file \(path) \"x\"\n")
      }
    }
  }

  /// Every session's server ends with the session, with everything it started: a server
  /// command that puts a child in the background (not `exec`) leaves nothing behind, though the
  /// session times out.
  @Test func noServerOutlivesItsSession() throws {
    let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "conformance-child-\(getpid())"
    ).path
    defer { try? FileManager.default.removeItem(atPath: pidFile) }
    let session = try ConformanceSession(
      name: "silent", text: "# a server that never answers\ninitialize\n")
    let command = "sleep 300 & echo $! > '\(pidFile)'; cat > /dev/null"
    var lines: [String] = []
    var runner = ConformanceRunner(command: command, timeout: 0.5)
    runner.initializeTimeout = 0.5
    let failed = runner.runAll([session]) { lines.append($0) }
    #expect(failed == 1)
    #expect(
      lines.first
        == "FAIL silent: line 2: timed out waiting for the initialize response; nothing else arrived")
    let child = try #require(
      Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    // Gone, or a zombie waiting for a parent that reaps (the container's init may not), once
    // the kill has been delivered.
    func stat() -> String { (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? "" }
    func ended() -> Bool {
      let line = stat()
      return line.isEmpty || line.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
    let deadline = Date().addingTimeInterval(5)
    while !ended() && Date() < deadline { usleep(10_000) }
    #expect(ended(), "the background child is still running: \(stat())")
  }

  /// The JUnit report CI systems read: the suite named after the server's command, the run's
  /// wall time (not the sum of the sessions'), one testcase per session with its own time, a
  /// wrong answer a failure and a wait that ran out an error.
  @Test func junitReport() {
    var timedOut = ConformanceRunner.Outcome(
      session: "c", failure: "line 2: timed out waiting for x", seconds: 5)
    timedOut.timedOut = true
    let xml = ConformanceRunner.junit(
      [
        .init(session: "a", failure: nil, seconds: 0.25),
        .init(session: "b<&>", failure: "line 3: expected \"x\"\n      received: y", seconds: 1),
        timedOut,
      ], suite: "ruff server", profile: "lsp-core", seconds: 5.5)
    #expect(
      xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites tests="3" failures="1" errors="1" time="5.500">
          <testsuite name="ruff server" tests="3" failures="1" errors="1" time="5.500">
            <properties><property name="profile" value="lsp-core"/></properties>
            <testcase classname="conformance.lsp-core" name="a" time="0.250"/>
            <testcase classname="conformance.lsp-core" name="b&lt;&amp;&gt;" time="1.000">
              <failure message="line 3: expected &quot;x&quot;">line 3: expected &quot;x&quot;
              received: y</failure>
            </testcase>
            <testcase classname="conformance.lsp-core" name="c" time="5.000">
              <error message="line 2: timed out waiting for x">line 2: timed out waiting for x</error>
            </testcase>
          </testsuite>
        </testsuites>

        """)
  }

  /// A session whose sync was not observable is JUnit's `skipped`, with why: neither a failure
  /// nor a pass.
  @Test func junitReportsNotObservableAsSkipped() {
    var unobserved = ConformanceRunner.Outcome(session: "d", failure: nil, seconds: 2)
    unobserved.notObservable = "line 6: no answer differs"
    #expect(!unobserved.passed && !unobserved.isFailure)
    #expect(unobserved.line == "NOT OBSERVABLE d: line 6: no answer differs")
    let outcomes = [unobserved, .init(session: "e", failure: nil, seconds: 1)]
    #expect(ConformanceRunner.counts(outcomes) == "1 passed, 0 failed, 1 not observable")
    #expect(
      ConformanceRunner.junit(outcomes, suite: "s", profile: "lsp-core", seconds: 2)
        .contains(
          #"<testcase classname="conformance.lsp-core" name="d" time="2.000">"# + "\n"
            + #"      <skipped message="sync not observable: line 6: no answer differs"/>"#))
    #expect(
      ConformanceRunner.junit(outcomes, suite: "s", profile: "lsp-core", seconds: 2)
        .contains(#"tests="2" failures="0" errors="0" skipped="1""#))
  }

  /// A server that ends says how: its exit status and the last lines of its stderr, at once
  /// (over a socket too, where the runner waits for it to connect), and that is not a timeout.
  @Test(arguments: [ServerTransport.stdio, .socket])
  func serverThatExitsSaysHowAtOnce(transport: ServerTransport) throws {
    let session = try ConformanceSession(
      name: "exits",
      text: "# exits\ninitialize\nsend {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}\n")
    let start = Date()
    let outcomes = ConformanceRunner(
      command: "echo 'starting' >&2; echo 'error: unknown option --stdio' >&2; exit 3", timeout: 5,
      transport: transport
    ).outcomes([session])
    #expect(Date().timeIntervalSince(start) < 3)
    #expect(outcomes[0].timedOut == false)
    let expected =
      transport == .stdio
      ? "FAIL exits: line 2: server exited while waiting for the initialize response (exit status 3); its stderr ended with: starting ⏎ error: unknown option --stdio; nothing else arrived"
      : "FAIL exits: line 0: the server could not be started: the server ended before it connected (exit status 3); its stderr ended with: starting ⏎ error: unknown option --stdio"
    #expect(outcomes[0].line == expected)
  }
}

/// The lsp-core profile against its controls (Tests/Fixtures/conformance-controls): the servers
/// that are correct in different ways score as this daemon does, one that ignores `didChange`
/// and one that answers positions in code points fail the sync sessions that show it, one that
/// keeps no documents is "not observable", one that never answers fails everything; and every
/// lsp-core session names the rule it enforces.
@Suite(.serialized) struct LSPCoreProfile {
  /// Runs the profile against a control. `timeout` is per step: servers that answer get ten
  /// seconds (a Python control took more than one to start under a loaded machine's 2 cores, and
  /// failed sessions it passes); only the silent one, which makes every step wait it out, gets 1
  /// (and 1 for `initialize` too).
  static func control(_ command: String, timeout: Int = 10) throws -> (
    failed: [String], unobserved: [String], summary: String
  ) {
    let result = try runBinary([
      "conformance", "--profile", "lsp-core", "--jobs", "8", "--timeout", String(timeout),
      "--initialize-timeout", String(timeout == 10 ? 30 : timeout), "--server", command,
    ])
    let lines = result.out.split(separator: "\n").map(String.init)
    func named(_ prefix: String) -> [String] {
      lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count).prefix { $0 != ":" }) }
    }
    let summary = lines.last.map { $0.replacing(#/, [0-9.]+ s;/#, with: ";") } ?? ""
    return (named("FAIL "), named("NOT OBSERVABLE "), summary)
  }

  static let differential = [
    "core-14-differential-utf-16", "core-15-differential-utf-8", "core-16-differential-utf-32",
    "core-17-differential-past-the-end",
  ]
  static let allPass = "30 passed, 0 failed (profile lsp-core; MUST 7/7, SHOULD 19/19, JSON-RPC 4/4)"

  /// Each control's outcome, exactly: (command after `python3 control-server.py`, or a whole
  /// command; failed sessions; sessions not observable; the summary line).
  @Test(
    arguments: [
      ("--mode correct", [], [], allPass),
      // Full sync: a ranged change sent to it would be taken as the whole text.
      ("--mode full", [], [], allPass),
      // Refuses initialize without a root that exists, and documents whose files do not exist.
      ("--mode needs-root", [], [], allPass),
      // Answers nothing until its registerCapability and workspace/configuration are answered.
      ("--mode waits-register", [], [], allPass),
      ("ours", [], [], allPass),
      (
        "--mode stale", differential, [],
        "26 passed, 4 failed (profile lsp-core; MUST 3/7, SHOULD 19/19, JSON-RPC 4/4)"
      ),
      // Right in utf-32 only, where code points are the negotiated unit.
      (
        "--mode code-points",
        ["core-14-differential-utf-16", "core-15-differential-utf-8", "core-17-differential-past-the-end"],
        [],
        "27 passed, 3 failed (profile lsp-core; MUST 4/7, SHOULD 19/19, JSON-RPC 4/4)"
      ),
      (
        "--mode null", [], differential,
        "26 passed, 0 failed, 4 not observable (profile lsp-core; MUST 3/3, SHOULD 19/19, JSON-RPC 4/4)"
      ),
    ] as [(String, [String], [String], String)])
  func controlsScoreExactly(control: String, failed: [String], unobserved: [String], summary: String) throws {
    let fixtures = repositoryPath("Tests/Fixtures/conformance-controls")
    let command =
      control == "ours"
      ? "'\(binaryPath)' --stdio --log-level error" : "python3 \(fixtures)/control-server.py \(control)"
    let outcome = try Self.control(command)
    #expect(outcome.failed == failed)
    #expect(outcome.unobserved == unobserved)
    #expect(outcome.summary == summary)
  }

  /// On every sample the suite ships, this daemon passes and the code-point control fails the
  /// same 3 sessions: the twin of each text tells code points from the negotiated encoding, and
  /// no correct server's answers (this daemon's diagnostics count columns) from a wrong one.
  @Test(arguments: ["c", "python", "markdown", "fortran"])
  func everySampleTellsCodePointsApart(language: String) throws {
    func run(_ command: String) throws -> [String] {
      let result = try runBinary([
        "conformance", "--profile", "lsp-core", "--jobs", "8", "--timeout", "10", "--language", language,
        "--server", command, conformanceDirectory,
      ])
      return result.out.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }.map {
        String($0.dropFirst(5).prefix { $0 != ":" })
      }
    }
    #expect(try run("'\(binaryPath)' --stdio --log-level error") == [])
    let control = repositoryPath("Tests/Fixtures/conformance-controls/control-server.py")
    #expect(
      try run("python3 \(control) --mode code-points") == [
        "core-14-differential-utf-16", "core-15-differential-utf-8", "core-17-differential-past-the-end",
      ])
  }

  @Test func silentControlFailsEverything() throws {
    let silent = try Self.control(
      "\(repositoryPath("Tests/Fixtures/conformance-controls"))/silent-server.sh", timeout: 1)
    #expect(silent.failed.count == 30)
    #expect(silent.summary == "0 passed, 30 failed (profile lsp-core; MUST 0/7, SHOULD 0/19, JSON-RPC 0/4)")
  }

  /// A session's `answer` line is what the server gets: the control that checks its
  /// `workspace/configuration` answer (one null per item) ends when it gets another.
  @Test func scriptedAnswersReachTheServer() throws {
    let text = """
      # configuration answered by the session
      answer workspace/configuration {"result":[{"a":1},{"b":2}]}
      initialize
      """
    let session = try ConformanceSession(name: "scripted", text: text)
    let command =
      "python3 \(repositoryPath("Tests/Fixtures/conformance-controls"))/control-server.py --mode waits-register"
    let outcome = ConformanceRunner(command: command, timeout: 10).outcomes([session])[0]
    #expect(
      outcome.failure?.hasPrefix("line 3: server exited while waiting for the initialize response") == true,
      "\(outcome.line)")
    #expect(
      outcome.failure?.contains(#"workspace/configuration answered [{'a': 1}, {'b': 2}]"#) == true,
      "\(outcome.line)")
    let plain = try ConformanceSession(name: "plain", text: "# the runner's own answers\ninitialize\n")
    #expect(ConformanceRunner(command: command, timeout: 10).outcomes([plain])[0].line == "PASS plain")
  }

  /// Interrupted, the runner ends every server it started, says what ran, and exits 128 + the
  /// signal.
  @Test func interruptedRunEndsItsServers() throws {
    let pids = FileManager.default.temporaryDirectory.appendingPathComponent("st-pids-\(UUID().uuidString)")
      .path
    defer { try? FileManager.default.removeItem(atPath: pids) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binaryPath)
    process.arguments = [
      "conformance", "--profile", "lsp-core", "--jobs", "2", "--timeout", "30", "--server",
      "echo $$ >> '\(pids)'; exec cat >/dev/null",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Both servers started, then the signal.
    let deadline = Date().addingTimeInterval(10)
    while ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").count < 2
      && Date() < deadline
    {
      usleep(20_000)
    }
    kill(process.processIdentifier, SIGTERM)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + SIGTERM)
    #expect(
      text == "interrupted by SIGTERM after 0 of 30 sessions: 0 passed, 0 failed; 2 running servers ended\n")
    for pid in try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n") {
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      #expect(
        stat.isEmpty || stat.split(separator: ")").last?.split(separator: " ").first == "Z", "\(pid) runs")
    }
  }

  /// `expect-one-of` passes when any pattern matches, and says why none did otherwise; a
  /// `<one-of>` of numbers matches numbers.
  @Test func alternativesInTheFormat() throws {
    func run(_ lines: String) throws -> String {
      let session = try ConformanceSession(
        name: "alt",
        text:
          "# alternatives\ninitialize\nsend {\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"$/x\",\"params\":{}}\n\(lines)\n"
      )
      return ConformanceRunner(command: "'\(binaryPath)' --stdio --log-level error", timeout: 5).outcomes([
        session
      ])[0]
      .line
    }
    #expect(
      try run(#"expect-one-of [{"id":7,"result":null},{"id":7,"error":{"code":-32601}}]"#) == "PASS alt")
    #expect(try run(#"expect {"id":7,"error":{"code":"<one-of:-32002|-32601>"}}"#) == "PASS alt")
    #expect(
      try run(#"expect-one-of [{"id":7,"result":1},{"id":7,"error":{"code":-32600}}]"#)
        == #"""
        FAIL alt: line 4: matches none of 2: $.result: missing; expected 1; $.error.code: expected -32600, got -32601
              received: {"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"Method not found: $/x"}}
        """#)
  }

  /// --verbose ends a failure's report with the transcript.
  @Test func verboseShowsTheTranscript() throws {
    let result = try runBinary([
      "conformance", "--verbose", "--server",
      "python3 \(repositoryPath("Tests/Fixtures/conformance-controls/control-server.py")) --mode stale",
      conformanceDirectory + "/core-14-differential-utf-16.session",
    ])
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(result.status == 1)
    #expect(
      lines.first?.hasPrefix(
        "FAIL core-14-differential-utf-16: line 6: textDocument/documentSymbol: the document edited to the text (in utf-16) is answered "
      ) == true)
    #expect(
      Array(lines.dropFirst().prefix(4)) == [
        "    transcript (sent by the session's lines, then everything the server wrote):",
        #"      → 5: initialize {"capabilities":{"general":{"positionEncodings":["utf-16"]}}}"#,
        "      → 6: differential: the sample's documents, the edits, the requests",
        #"      → 7: {"jsonrpc":"2.0","id":"shutdown","method":"shutdown"}"#,
      ])
    #expect(lines.contains { $0.hasPrefix(#"      ← {"jsonrpc": "2.0", "id": "initialize", "result""#) })
  }

  @Test func everyLSPCoreSessionNamesItsRule() throws {
    let sessions = try ConformanceRunner.load([conformanceDirectory]).filter { $0.belongs(to: "lsp-core") }
    #expect(sessions.count == 30)
    // The strengths the specification gives what the sessions test (README, "Strengths").
    #expect(sessions.filter { $0.strength == "MUST" }.count == 7)
    #expect(sessions.filter { $0.strength == "SHOULD" }.count == 19)
    #expect(sessions.filter { $0.strength == "JSON-RPC" }.count == 4)
    for session in sessions {
      #expect(session.strength != nil && (session.citation?.count ?? 0) > 40, "\(session.name) names no rule")
    }
  }
}

/// The format document's table of what the sessions cover counts the files there are.
@Suite struct ConformanceDocumentTests {
  @Test func coverageTableCountsTheSessions() throws {
    let readme = try String(contentsOfFile: conformanceDirectory + "/README.md", encoding: .utf8)
    let names = try FileManager.default.contentsOfDirectory(atPath: conformanceDirectory).filter {
      $0.hasSuffix(".session")
    }
    var rows = 0
    for line in readme.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, let count = Int(cells[1]) else { continue }
      let prefixes = cells[0].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      }
      let actual = names.filter { name in prefixes.contains { name.hasPrefix($0) } }.count
      #expect(actual == count, "\(cells[0]): the table says \(count), the folder has \(actual)")
      rows += 1
    }
    #expect(rows == 15)
  }
}
