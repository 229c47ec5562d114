import Foundation
import StableTextClient
import StableTextJSON
import StableTextSessionSupport
import Testing

/// `stabletext conformance` for CI, through the built binary: `--fail-on`, `--baseline` and
/// `--results`, `--init-options`, `--root`, one-line refusals, the JUnit file of an interrupted
/// run, a server's stray stdout (Protocol/conformance/README.md, "Running it").
@Suite struct ConformanceCommandTests {
  /// A folder of session files (name → text), removed by the caller.
  static func folder(_ files: [String: String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("st-conf-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(toFile: "\(folder)/\(name).session", atomically: true, encoding: .utf8)
    }
    return folder
  }

  static let daemon = "'\(binaryPath)' --stdio --log-level error"

  /// A session of this strength (nil: no `rule` line) that passes against this daemon, or fails
  /// at its line 5 expecting a wrong shutdown result.
  static func session(_ strength: String?, passes: Bool) -> String {
    """
    # a session
    \(strength.map { "rule \($0) a sentence of the specification, quoted" } ?? "# no rule")
    initialize
    send {"jsonrpc":"2.0","id":1,"method":"shutdown"}
    expect {"id":1,"result":\(passes ? "null" : "1")}

    """
  }

  /// Runs `stabletext conformance` on the folder against this daemon.
  static func run(_ arguments: [String], _ folder: String) throws -> (status: Int32, out: String, err: String)
  {
    try runBinary(["conformance", "--jobs", "2", "--server", daemon] + arguments + [folder])
  }

  /// The lines of `out` after the summary (what `--fail-on` and `--baseline` add).
  static func afterSummary(_ out: String) -> [String] {
    let lines = out.split(separator: "\n").map(String.init)
    guard let summary = lines.firstIndex(where: { $0.contains(" passed, ") }) else { return lines }
    return Array(lines[(summary + 1)...])
  }

  @Test(
    arguments: [
      // Which sessions fail, the level, the exit status, what is said after the summary.
      (
        ["SHOULD", "JSON-RPC"], "must", 0,
        ["2 failures below --fail-on must (SHOULD 1, JSON-RPC 1) do not fail the run"]
      ),
      (
        ["SHOULD", "JSON-RPC"], "should", 1,
        ["1 failure below --fail-on should (JSON-RPC 1) does not fail the run"]
      ),
      (["SHOULD", "JSON-RPC"], "any", 1, []),
      (["SHOULD", "JSON-RPC"], nil, 1, []),
      (["MUST", "SHOULD"], "must", 1, ["1 failure below --fail-on must (SHOULD 1) does not fail the run"]),
      (["none"], "should", 0, ["1 failure below --fail-on should (no rule 1) does not fail the run"]),
      (["malformed"], "must", 1, []),
      ([], "must", 0, []),
    ] as [([String], String?, Int32, [String])])
  func failOnCountsOnlyFailuresAtTheLevel(failing: [String], level: String?, status: Int32, said: [String])
    throws
  {
    var files: [String: String] = [:]
    for strength in ["MUST", "SHOULD", "JSON-RPC", "none"] {
      files["\(strength)-session"] = Self.session(
        strength == "none" ? nil : strength, passes: !failing.contains(strength))
    }
    if failing.contains("malformed") { files["malformed"] = "# broken\nsend {\"jsonrpc\":\n" }
    let folder = try Self.folder(files)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try Self.run(level.map { ["--fail-on", $0] } ?? [], folder)
    #expect(result.status == status, "\(result.out)\(result.err)")
    #expect(Self.afterSummary(result.out) == said)
    #expect(result.out.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }.count == failing.count)
  }

  /// `--results` writes one line per session; `--baseline` takes it: exit 1 only for a failure
  /// that did not fail there, naming new failures and newly passing sessions.
  @Test func baselineFailsOnlyOnNewFailures() throws {
    let folder = try Self.folder([
      "a": Self.session("MUST", passes: false), "b": Self.session("MUST", passes: true),
      "c": Self.session("SHOULD", passes: false),
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let results = folder + "/results.json"
    let first = try Self.run(["--results", results], folder)
    #expect(first.status == 1)
    let written = try String(contentsOfFile: results, encoding: .utf8)
    #expect(
      written == """
        {
          "format": "stabletext-conformance-results",
          "version": 1,
          "profile": "stableText",
          "server": \(JSONValue.string(Self.daemon).serialized),
          "sessions": [
            {"name":"a","outcome":"failed","strength":"MUST","failure":"line 5: $.result: expected 1, got null\\n      received: {\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"result\\":null}"},
            {"name":"b","outcome":"passed","strength":"MUST"},
            {"name":"c","outcome":"failed","strength":"SHOULD","failure":"line 5: $.result: expected 1, got null\\n      received: {\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"result\\":null}"}
          ]
        }

        """)
    // The same failures again: nothing new.
    let same = try Self.run(["--baseline", results], folder)
    #expect(same.status == 0, "\(same.out)")
    #expect(
      Self.afterSummary(same.out) == [
        "against the baseline: 0 new failures, 0 newly passing, 2 still failing"
      ])
    // a passes now, b fails: b is new; with --fail-on must, c (SHOULD) does not count.
    try Self.session("MUST", passes: true).write(
      toFile: folder + "/a.session", atomically: true, encoding: .utf8)
    try Self.session("MUST", passes: false).write(
      toFile: folder + "/b.session", atomically: true, encoding: .utf8)
    let changed = try Self.run(["--baseline", results, "--fail-on", "must"], folder)
    #expect(changed.status == 1)
    #expect(
      Self.afterSummary(changed.out) == [
        "1 failure below --fail-on must (SHOULD 1) does not fail the run",
        "against the baseline: 1 new failure (b), 1 newly passing (a), 0 still failing",
      ])
    // A session that is not in the baseline at all fails as new.
    try Self.session("JSON-RPC", passes: false).write(
      toFile: folder + "/d.session", atomically: true, encoding: .utf8)
    try Self.session("MUST", passes: true).write(
      toFile: folder + "/b.session", atomically: true, encoding: .utf8)
    let added = try Self.run(["--baseline", results], folder)
    #expect(added.status == 1)
    #expect(
      Self.afterSummary(added.out) == [
        "against the baseline: 1 new failure (d), 1 newly passing (a), 1 still failing"
      ])
  }

  /// A JUnit file (`--junit`) serves as a baseline too: its failures and errors are the
  /// baseline's failures, its skipped sessions neither.
  @Test func junitFileIsABaseline() throws {
    let folder = try Self.folder([
      "a<&>": Self.session("MUST", passes: false), "b": Self.session(nil, passes: true),
      "c": Self.session("SHOULD", passes: false),
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let report = folder + "/report.xml"
    #expect(try Self.run(["--junit", report], folder).status == 1)
    let same = try Self.run(["--baseline", report], folder)
    #expect(same.status == 0, "\(same.out)\(same.err)")
    #expect(
      Self.afterSummary(same.out) == [
        "against the baseline: 0 new failures, 0 newly passing, 2 still failing"
      ])
    try Self.session("SHOULD", passes: true).write(
      toFile: folder + "/c.session", atomically: true, encoding: .utf8)
    try Self.session(nil, passes: false).write(
      toFile: folder + "/b.session", atomically: true, encoding: .utf8)
    let changed = try Self.run(["--baseline", report], folder)
    #expect(changed.status == 1)
    #expect(
      Self.afterSummary(changed.out) == [
        "against the baseline: 1 new failure (b), 1 newly passing (c), 1 still failing"
      ])
    // An XML file that is no JUnit report.
    try "<svg/>".write(toFile: folder + "/other.xml", atomically: true, encoding: .utf8)
    let other = try Self.run(["--baseline", folder + "/other.xml"], folder)
    #expect(other.status == 2)
    #expect(
      other.err
        == "stabletext conformance: --baseline \(folder)/other.xml: an XML file without a <testcase> (not a JUnit file) (stabletext conformance --help)\n"
    )
  }

  /// Usage errors of the command are one line on stderr naming the option, exit 2, nothing on
  /// stdout: an unknown profile too (it printed the 87-line usage).
  @Test(arguments: [
    (
      ["--profile", "nosuch"],
      "stabletext conformance: --profile nosuch: no session in FOLDER has it; the profiles are stableText (every session) and its tags: lsp-core, topic (stabletext conformance --help)"
    ),
    (
      ["--init-options", "{\"rules\": "],
      "stabletext conformance: --init-options is not JSON: unexpected token near end of file (line 1, column 10) (stabletext conformance --help)"
    ),
    (
      ["--root", "/no/such/folder"],
      "stabletext conformance: --root /no/such/folder: no such folder (stabletext conformance --help)"
    ),
    (
      ["--fail-on", "MUST"],
      "stabletext conformance: --fail-on needs must, should or any (stabletext conformance --help)"
    ),
    (
      ["--baseline", "FOLDER/a.session"],
      "stabletext conformance: --baseline FOLDER/a.session: not JSON: invalid token near '#' (line 1, column 1) (stabletext conformance --help)"
    ),
    (
      ["--baseline", "FOLDER/other.json"],
      "stabletext conformance: --baseline FOLDER/other.json: not a results file (written by --results: {\"format\": \"stabletext-conformance-results\", \"sessions\": […]}) (stabletext conformance --help)"
    ),
    (["--frobnicate"], "stabletext conformance: unknown option --frobnicate (stabletext conformance --help)"),
  ])
  func usageErrorsAreOneLine(arguments: [String], message: String) throws {
    let folder = try Self.folder(["a": "# a\ntags lsp-core topic\n" + Self.session(nil, passes: true)])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "{\"sessions\": []}".write(toFile: folder + "/other.json", atomically: true, encoding: .utf8)
    let result = try runBinary(
      ["conformance"] + arguments.map { $0.replacing("FOLDER", with: folder) } + [folder])
    #expect(result.status == 2)
    #expect(result.out == "")
    #expect(result.err == message.replacing("FOLDER", with: folder) + "\n")
  }

  /// `--init-options` is the `initializationOptions` of every `initialize` (a session's own
  /// win); `--root` names the workspace as `rootUri`, `rootPath` and `workspaceFolders`, its
  /// URI percent-encoded. The echo server sends back the params it was given.
  @Test func initOptionsAndRootReachInitialize() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("st-root \(UUID().uuidString)#x")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let uri = "file://" + root.path.replacing(" ", with: "%20").replacing("#", with: "%23")
    let name = root.lastPathComponent
    let expected = """
      {"method":"test/initializeParams","params":{"initializationOptions":{"a":[1,"é"]},"rootUri":"\(uri)",
        "rootPath":"\(root.path)","workspaceFolders":[{"uri":"\(uri)","name":"\(name)"}],"processId":"<any>"}}
      """
    let folder = try Self.folder([
      "given": "# the command line's\ninitialize\nexpect \(expected)\n",
      "own": """
      # the session's own initializationOptions win
      initialize {"initializationOptions": 7}
      expect {"method":"test/initializeParams","params":{"initializationOptions":7,"rootUri":"\(uri)"}}

      """,
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = "python3 '\(repositoryPath("Tests/Fixtures/conformance-echo/initialize-echo-server.py"))'"
    let with = try runBinary([
      "conformance", "--server", server, "--init-options", #"{"a": [1, "é"]}"#, "--root", root.path, folder,
    ])
    #expect(with.status == 0, "\(with.out)")
    #expect(with.out.hasPrefix("PASS given\nPASS own\n2 passed, 0 failed"))
    // Without the options, the same sessions fail: the runner names a folder of its own, and no
    // initializationOptions.
    let without = try runBinary(["conformance", "--server", server, folder])
    #expect(without.status == 1)
    #expect(
      without.out.hasPrefix("FAIL given: line 3: $.params.initializationOptions: missing"), "\(without.out)")
  }

  /// A JUnit file names each session's strength (its classname's last part and the properties
  /// `strength` and `rule`), and is written when the run is interrupted: the sessions that
  /// ended as they ended, those running an `error`, those not started `skipped`; `--results`
  /// too.
  @Test func interruptedRunStillWritesItsReports() throws {
    let hangs = """
      # waits for what never comes
      rule SHOULD a sentence of the specification, quoted
      initialize
      send {"jsonrpc":"2.0","id":1,"method":"$/x","params":{}}
      expect {"id":2}

      """
    let folder = try Self.folder([
      "a": Self.session("MUST", passes: true), "b": Self.session(nil, passes: false), "c": hangs, "d": hangs,
      "e": hangs,
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let pids = folder + "/pids"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binaryPath)
    process.arguments = [
      "conformance", "--jobs", "2", "--timeout", "60", "--junit", folder + "/report.xml", "--results",
      folder + "/results.json", "--server", "echo $$ >> '\(pids)'; exec \(Self.daemon)", folder,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // a and b ended (two at a time), c and d started: then the signal.
    let deadline = Date().addingTimeInterval(60)
    while ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").count < 4
      && Date() < deadline
    {
      usleep(20_000)
    }
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + SIGINT)
    let xml = try String(contentsOfFile: folder + "/report.xml", encoding: .utf8)
      .replacing(#/time="[0-9.]+"/#, with: "time=\"T\"")
    let server = "echo $$ &gt;&gt; '\(pids)'; exec '\(binaryPath)' --stdio --log-level error"
    #expect(
      xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites tests="5" failures="1" errors="2" skipped="1" time="T">
          <testsuite name="\(server)" tests="5" failures="1" errors="2" skipped="1" time="T">
            <properties><property name="profile" value="stableText"/></properties>
            <testcase classname="conformance.stableText.MUST" name="a" time="T">
              <properties>
                <property name="strength" value="MUST"/>
                <property name="rule" value="a sentence of the specification, quoted"/>
              </properties>
            </testcase>
            <testcase classname="conformance.stableText" name="b" time="T">
              <failure message="line 5: $.result: expected 1, got null">line 5: $.result: expected 1, got null
              received: {&quot;jsonrpc&quot;:&quot;2.0&quot;,&quot;id&quot;:1,&quot;result&quot;:null}</failure>
            </testcase>
            <testcase classname="conformance.stableText.SHOULD" name="c" time="T">
              <properties>
                <property name="strength" value="SHOULD"/>
                <property name="rule" value="a sentence of the specification, quoted"/>
              </properties>
              <error message="interrupted by SIGINT">interrupted by SIGINT</error>
            </testcase>
            <testcase classname="conformance.stableText.SHOULD" name="d" time="T">
              <properties>
                <property name="strength" value="SHOULD"/>
                <property name="rule" value="a sentence of the specification, quoted"/>
              </properties>
              <error message="interrupted by SIGINT">interrupted by SIGINT</error>
            </testcase>
            <testcase classname="conformance.stableText.SHOULD" name="e" time="T">
              <properties>
                <property name="strength" value="SHOULD"/>
                <property name="rule" value="a sentence of the specification, quoted"/>
              </properties>
              <skipped message="not run: interrupted by SIGINT"/>
            </testcase>
          </testsuite>
        </testsuites>

        """)
    let results = try String(contentsOfFile: folder + "/results.json", encoding: .utf8)
    #expect(
      results.contains(
        #"{"name":"c","outcome":"error","strength":"SHOULD","failure":"interrupted by SIGINT"}"#))
    #expect(
      results.contains(
        #"{"name":"e","outcome":"skipped","strength":"SHOULD","failure":"not run: interrupted by SIGINT"}"#))
  }

  /// What a server writes to stdout that is not a message fails the step it arrived by,
  /// showing its first 200 bytes with control characters escaped (it said "line 0" without
  /// the bytes).
  @Test(arguments: [
    (
      #"printf 'Starting server\r\n'"#,
      #"FAIL s: line 2: stdout carried something other than protocol: bad header: header line without a colon: "Starting server"; what it wrote there: "Starting server\r\n""#
    ),
    (
      #"printf 'Loading\t\033[1mmodules\033[0m\n'"#,
      #"FAIL s: line 2: stdout carried something other than protocol: bad header: invalid header name: "Loading\t\u{1B}[1mmodules\u{1B}[0m\nContent-Length"; what it wrote there: "Loading\t\u{1B}[1mmodules\u{1B}[0m\n""#
    ),
    (
      #"printf '\377\376 %0300d\r\n' 0"#,
      #"FAIL s: line 2: stdout carried something other than protocol: bad header: header line without a colon: "#
        + "\"\u{FFFD}\u{FFFD} "
        + String(repeating: "0", count: 57) + #"…"; what it wrote there: "\xFF\xFE "#
        + String(repeating: "0", count: 197) + #""… (305 bytes)"#
    ),
  ])
  func strayStdoutIsShown(prefix: String, expected: String) throws {
    let folder = try Self.folder([
      "s": "# stray output\ninitialize\nsend {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}\n"
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try runBinary(["conformance", "--server", "\(prefix); exec \(Self.daemon)", folder])
    #expect(result.status == 1)
    #expect(result.out.split(separator: "\n").first.map(String.init) == expected)
  }

  /// A server that writes text and exits before any message: the report shows what it wrote.
  @Test func outputThatEndsInsideAMessageIsShown() throws {
    let folder = try Self.folder(["s": "# stray output\ninitialize\n"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try runBinary([
      "conformance", "--server", #"printf 'Traceback (most recent call last):\n  boom\n'; exit 1"#, folder,
    ])
    #expect(result.status == 1)
    #expect(
      result.out.split(separator: "\n").first.map(String.init)
        == #"FAIL s: line 2: server exited while waiting for the initialize response (exit status 1); it wrote nothing to stderr; stdout carried something other than protocol: the output ended inside a message: "Traceback (most recent call last):\n  boom\n"; nothing else arrived"#
    )
  }

  /// The fenced block after `<!-- walkthrough: NAME -->` in the suite's README, its lines.
  static func walkthrough(_ name: String) throws -> [String] {
    let readme = try String(contentsOfFile: conformanceDirectory + "/README.md", encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let marker = try #require(lines.firstIndex(of: "<!-- walkthrough: \(name) -->"))
    #expect(lines[marker + 1].hasPrefix("```"))
    let end = try #require(lines[(marker + 2)...].firstIndex(of: "```"))
    return Array(lines[(marker + 2)..<end])
  }

  /// The README's walkthrough runs as written: its session, with its command, prints what the
  /// README shows; offered any one encoding it passes, and without `positions codepoints` it
  /// fails wherever the server counts otherwise. The CI job's command line is read as written.
  @Test func readmeWalkthroughRunsAsWritten() throws {
    let session = try Self.walkthrough("first.session").map { $0 + "\n" }.joined()
    let folder = try Self.folder(["first": session])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try Self.walkthrough("run")
    let command = try #require(run.first?.hasPrefix("$ ") == true ? String(run[0].dropFirst(2)) : nil)
    let result = try runCommand(
      ["/bin/sh", "-c", command], in: folder, environment: ["PATH": pathWithBinary()])
    func timeless(_ text: String) -> String { text.replacing(#/, [0-9.]+ s\)/#, with: ", T s)") }
    #expect(result.status == 0)
    #expect(timeless(result.out) == timeless(run.dropFirst().map { $0 + "\n" }.joined()))

    let offered = #"["utf-8", "utf-16"]"#
    #expect(session.contains(offered) && session.contains("positions codepoints\n"))
    for encoding in ["utf-8", "utf-16", "utf-32"] {
      for converted in [true, false] {
        var text = session.replacing(offered, with: "[\"\(encoding)\"]")
        if !converted { text = text.replacing("positions codepoints\n", with: "") }
        let variant = try Self.folder(["v": text])
        defer { try? FileManager.default.removeItem(atPath: variant) }
        let outcome = try runBinary(["conformance", variant])
        // In UTF-32 code points are what the server counts: the conversion changes nothing.
        let passes = converted || encoding == "utf-32"
        #expect(outcome.status == (passes ? 0 : 1), "\(encoding), converted: \(converted): \(outcome.out)")
        if !passes {
          #expect(
            outcome.out.hasPrefix(
              "FAIL v: line 10: $.params.diagnostics[0].range.start.character: expected 5, got \(encoding == "utf-8" ? 9 : 6)"
            ), "\(outcome.out)")
        }
      }
    }

    let job = try Self.walkthrough("ci")
    let step = try #require(job.first { $0.contains("run: stabletext conformance ") })
    let line = String(step[step.range(of: "run: ")!.upperBound...])
    #expect(line.contains("--fail-on must"))
    let listed = try runCommand(["/bin/sh", "-c", line + " --list"], environment: ["PATH": pathWithBinary()])
    #expect(listed.status == 0, "\(listed.err)")
    #expect(listed.out.split(separator: "\n").count == 30)
  }
}
