import Foundation
import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// A read-only request on a large document runs on the background thread (Protocol/README.md,
/// "Requests that take long"): while it runs, another document's request is answered at once,
/// a `$/cancelRequest` for it is answered `-32800` at once, and quick fixes computed for a text
/// that changed meanwhile are refused with `-32801`.
@Suite struct BackgroundRequests {
  /// A commit message whose body is one paragraph of `words` words on lines far past 72 columns:
  /// its rewrap fix reads the whole paragraph.
  static func hugeMessage(words: Int) -> String {
    var body = ""
    body.reserveCapacity(words * 8)
    for n in 0..<words { body += n % 40 == 39 ? "word\n" : "word " }
    return "Subject\n\n" + body + "\n"
  }

  static func codeAction(_ server: ServerProcess, _ uri: String, line: Int) -> Int {
    server.send(
      CodeActionRequest(TextDocumentIdentifier(uri), range: textRange(line, 0, line + 1, 0), diagnostics: []))
  }

  @Test func otherDocumentsAndCancellationsAreAnsweredWhileItRuns() throws {
    let session = try Session(arguments: ["--log-level", "error"])
    let server = session.server
    let big = "file:///repo/.git/COMMIT_EDITMSG"
    let small = "file:///small.txt"
    session.open(big, Self.hugeMessage(words: 600_000))
    session.open(small, "hello")
    _ = try session.publish()
    _ = try session.publish()
    // How long the fix takes alone.
    var start = Date()
    let alone = Self.codeAction(server, big, line: 2)
    let answer = try server.response(id: .int(alone), timeout: 120)
    let took = Date().timeIntervalSince(start)
    #expect(
      answer["result"]?.arrayValue?.contains { $0["title"] == "Rewrap paragraph to 72 columns" } == true)
    #expect(took > 0.3, "the fix took \(took) s: too little for this test to mean anything")
    // While it runs again: another document's request, then a cancellation of the fix.
    let running = Self.codeAction(server, big, line: 2)
    Thread.sleep(forTimeInterval: 0.05)
    start = Date()
    let other = try server.request(StableTextStateRequest(TextDocumentIdentifier(small)))
    let otherWaited = Date().timeIntervalSince(start)
    #expect(other["result"]?["counter"] == "05/150")
    #expect(otherWaited < 0.1, "another document waited \(otherWaited) s")
    start = Date()
    server.notify("$/cancelRequest", ["id": .int(running)])
    let cancelled = try server.response(id: .int(running), timeout: 10)
    let cancelWaited = Date().timeIntervalSince(start)
    #expect(cancelled["error"] == ["code": -32800, "message": "Request cancelled"])
    #expect(cancelWaited < 0.1, "the cancellation was answered after \(cancelWaited) s")
    print(
      "background: the fix alone \(took) s; meanwhile another document waited \(otherWaited) s, a cancellation \(cancelWaited) s"
    )
    // A fix computed for a text that changed meanwhile is refused, naming the new version.
    let stale = Self.codeAction(server, big, line: 2)
    Thread.sleep(forTimeInterval: 0.05)
    session.change(big, version: 2, edit(range(0, 0, 0, 0), "A "))
    let refused = try server.response(id: .int(stale), timeout: 120)
    #expect(refused["error"]?["code"] == -32801)
    #expect(refused["error"]?["data"] == ["version": 2])
    // Pulled diagnostics of the large document come from the background too, consistent with
    // their resultId.
    let pulled = try session.result(DocumentDiagnosticRequest(TextDocumentIdentifier(big)))
    #expect(pulled["items"]?.arrayValue?.count == 1_001)
    try session.finish()
  }
}

/// A cancelled rewrap stops where it is: its work reads the cancellation every few hundred
/// words, so the background thread is free for the next request, and says so in the log; one
/// cancelled before the thread took it up is not begun. (Its answer was `-32800` at once in any
/// case.)
@Suite struct CancelledWorkStops {
  @Test func aCancelledRewrapStopsAndSaysSo() throws {
    let session = try Session(arguments: ["--log-level", "debug"])
    let server = session.server
    let big = "file:///repo/.git/COMMIT_EDITMSG"
    session.open(big, BackgroundRequests.hugeMessage(words: 600_000))
    _ = try session.publish()
    let running = BackgroundRequests.codeAction(server, big, line: 2)
    let started = "textDocument/codeAction (id \(running)) for \(big) runs in the background"
    let deadline = Date().addingTimeInterval(30)
    while !server.standardError.contains(started) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.002)
    }
    server.notify("$/cancelRequest", ["id": .int(running)])
    let cancelled = try server.response(id: .int(running), timeout: 10)
    #expect(cancelled["error"] == ["code": -32800, "message": "Request cancelled"])
    // The same fix asked again is computed whole, after the cancelled one stopped.
    let again = BackgroundRequests.codeAction(server, big, line: 2)
    let answer = try server.response(id: .int(again), timeout: 120)
    #expect(answer["result"]?[0]?["title"] == "Rewrap paragraph to 72 columns")
    // Stopped on the way, or (on a loaded machine, where the background thread had not taken it
    // up yet) skipped before it began: never run to its end (3.7 s in a debug build).
    let stopped = "textDocument/codeAction (id \(running)) stopped: the client cancelled it"
    let skipped = "request \(running) was cancelled before it ran"
    #expect(
      server.standardError.contains(stopped) != server.standardError.contains(skipped),
      "\(server.standardError.suffix(2000))")
    #expect(!server.standardError.contains("textDocument/codeAction (id \(again)) stopped"))
    try session.finish()
  }
}

/// A document counted in `twitter` or `sms` goes to the background from 16 KiB (a rewrap of
/// 240 KB in `twitter` ran inline, blocking every document for 5.25 s, deaf to a cancellation):
/// its code action is logged as running there (where a cancellation is answered at once, as
/// `otherDocumentsAndCancellationsAreAnsweredWhileItRuns` shows); one in `columns` of the same
/// size is answered inline.
@Suite struct SlowUnitsInTheBackground {
  @Test(arguments: [("twitter", 100, true), ("sms", 2, true), ("columns", 100, false)])
  func aRewrapInASlowUnitRunsInTheBackground(unit: String, limit: Int, background: Bool) throws {
    let options: JSONValue = [
      "rules": [
        "maxLength": .null, "lineRules": [["lines": "1-", "maxLength": .int(limit), "unit": .string(unit)]],
      ]
    ]
    let session = try Session(arguments: ["--log-level", "debug"], options: options)
    let server = session.server
    let uri = "file:///notes.txt"
    // 40 KB: one paragraph of short words, every line over the limit.
    let text = "Subject\n\n" + String(repeating: String(repeating: "ab ", count: 200) + "ab\n", count: 66)
    session.open(uri, text)
    _ = try session.publish()
    let id = BackgroundRequests.codeAction(server, uri, line: 2)
    let answer = try server.response(id: .int(id), timeout: 60)
    #expect(answer["result"]?[0]?["title"]?.stringValue?.hasPrefix("Rewrap paragraph to \(limit) ") == true)
    // The answer follows the log line (both written before it is sent); stderr is read apart.
    let line = "textDocument/codeAction (id \(id)) for \(uri) runs in the background"
    let deadline = Date().addingTimeInterval(background ? 10 : 0.5)
    while !server.standardError.contains(line) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    #expect(server.standardError.contains(line) == background, "\(server.standardError.suffix(2000))")
    try session.finish()
  }
}
