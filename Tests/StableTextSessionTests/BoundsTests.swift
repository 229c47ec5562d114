import Foundation
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// Bounds that hold whatever a client sends (Protocol/README.md, "Limits"): measures past 32
/// bits, diagnostics capped per document, per-line facts charged to the total, refused values
/// that say what was wrong, and termination signals that end the daemon cleanly.
@Suite struct Bounds {
  /// 2,147,484 tabs at `tabSize` 1,000 are 2,147,484,000 columns, past 32 bits: the daemon opened
  /// them and then one more typed tab with a trap; now it counts them.
  @Test func columnsPastThirtyTwoBitsThroughTheDaemon() throws {
    let session = try Session(
      arguments: ["--log-level", "error"],
      options: ["rules": ["unit": "columns", "tabSize": 1_000, "maxLength": 100]])
    let uri = "file:///tabs.txt"
    let tabs = 2_147_484
    session.open(uri, String(repeating: "\t", count: tabs))
    // Two million tabs read and counted by the debug build, beside the other suites, took 6.85 s
    // of the default 10 in a loaded run: the waits get room for the document's size.
    #expect(
      try session.publish(timeout: 30)["diagnostics"]?[0]?["message"]
        == .string("\(tabs * 1_000)/100 columns: \(tabs * 1_000 - 100) over the limit"))
    session.change(uri, version: 2, edit(range(0, tabs, 0, tabs), "\t"))
    _ = try session.publish(timeout: 30)
    let state = try session.result(StableTextStateRequest(TextDocumentIdentifier(uri)))
    #expect(state["length"] == .int((tabs + 1) * 1_000))
    try session.finish()
    // The same through check: exit 1 for the error, nothing trapped.
    let path = try temporaryFile(String(repeating: "\t", count: tabs))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try runBinary([
      "check", "--max-length", "150", "--tab-size", "1000", "--unit", "columns", path,
    ])
    #expect(result.status == 1)
    #expect(result.out.hasPrefix("\(path):1:1: error: \(tabs * 1_000)/150 columns: "))
  }

  /// `maxDiagnostics` caps what is published and pulled: the first lines in document order, then
  /// one `too-many-diagnostics` naming how many more lines break a rule.
  @Test func diagnosticsAreCappedPerDocument() throws {
    let session = try Session(arguments: ["--log-level", "error"])
    let uri = "file:///repo/.git/COMMIT_EDITMSG"
    let long = String(repeating: "word ", count: 20)
    session.open(uri, "Subject\n\n" + Array(repeating: long, count: 2_500).joined(separator: "\n") + "\n")
    let diagnostics = try #require(try session.publish()["diagnostics"]?.arrayValue)
    #expect(diagnostics.count == 1_001)
    #expect(diagnostics[999]["range"]?["start"]?["line"] == 1_001)
    #expect(
      diagnostics[1_000] == [
        "range": range(1_002, 0, 1_002, 0), "severity": 3, "code": "too-many-diagnostics",
        "source": "stabletext", "message": "1500 more lines break a line rule", "data": ["omitted": 1_500],
      ])
    let pulled = try session.result(DocumentDiagnosticRequest(TextDocumentIdentifier(uri)))
    #expect(pulled["items"]?.arrayValue?.count == 1_001)
    // A smaller cap, for this document alone.
    _ = try session.result(
      "stableText/configure", ["textDocument": ["uri": .string(uri)], "rules": ["maxDiagnostics": 3]])
    let capped = try #require(try session.publish()["diagnostics"]?.arrayValue)
    #expect(
      capped.map { $0["code"]!.stringValue! } == Array(repeating: "line-too-long", count: 3) + [
        "too-many-diagnostics"
      ])
    #expect(capped[3]["message"] == "2497 more lines break a line rule")
    let refused = try session.error(
      "stableText/configure", ["textDocument": ["uri": .string(uri)], "rules": ["maxDiagnostics": 0]])
    #expect(refused["message"]?.stringValue?.hasPrefix("params.rules.maxDiagnostics: ") == true)
    try session.finish()
  }

  /// A document's per-line facts (48 bytes a line under line rules) count against
  /// `--max-total-bytes` beside its text: a commit message of 30,000 empty lines is 30 KB of
  /// text and 1.4 MB of facts.
  @Test func perLineFactsAreChargedToTheTotal() throws {
    let session = try Session(arguments: ["--log-level", "error", "--max-total-bytes", "1000000"])
    let lines = String(repeating: "\n", count: 30_000)
    session.open("file:///repo/.git/COMMIT_EDITMSG", lines)
    let log = try session.server.notification("window/logMessage")
    #expect(
      log["params"]?["message"]?.stringValue?.contains(
        "was not opened: open documents would hold 1470048 bytes of text and per-line facts (48 bytes a line under line rules), over the limit of 1000000"
      ) == true, "\(log.serialized)")
    _ = try session.publish()
    // The same text in a document without line rules is only its bytes.
    session.open("file:///plain.txt", lines)
    #expect(try session.publish()["diagnostics"]?.codes == ["over-limit", "empty-after-trim"])
    // Rules that start reading lines are refused when their facts would pass the total.
    let refused = try session.error(
      "stableText/configure",
      [
        "textDocument": ["uri": "file:///plain.txt"],
        "rules": ["lineRules": [["lines": "1-", "maxLength": 72]]],
      ])
    #expect(
      refused["message"]?.stringValue?.hasPrefix("params.rules: open documents would hold 1470048 bytes")
        == true)
    try session.finish()
  }

  /// A `processId` that is an integer but no process id here is logged, not silently ignored.
  @Test func impossibleProcessIdIsLogged() throws {
    let session = try Session(arguments: ["--log-level", "warning"], initialize: false)
    _ = try session.result("initialize", ["processId": 4_294_983_356, "capabilities": [:]])
    try session.finish()
    #expect(
      session.server.standardError.contains(
        "processId 4294983356 cannot be a process id here (1 to 2147483647); the client is not watched"))
  }

  /// SIGTERM, SIGINT and SIGHUP: what was owed is written, a line says why the daemon stops, and
  /// it exits with 128 + the signal's number.
  @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")])
  func terminationSignalsEndTheDaemonCleanly(signal: Int32, name: String) throws {
    let session = try Session(arguments: ["--log-level", "info"], options: ["rules": ["maxLength": 10]])
    session.open("file:///s.txt", "over the limit of ten characters")
    #expect(try session.publish()["diagnostics"]?.codes == ["over-limit"])
    kill(session.server.processIdentifier, signal)
    #expect(try session.server.waitForExit() == 128 + signal)
    #expect(session.server.standardError.contains("received \(name); stopping"))
    #expect(session.server.standardError.contains("stopped by \(name); exiting with \(128 + signal)"))
  }
}
