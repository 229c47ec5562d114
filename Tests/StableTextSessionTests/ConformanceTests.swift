import Foundation
import StableTextClient
import StableTextJSON
import Testing

let conformanceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Protocol/conformance").path

@Suite struct ConformanceSuite {
  /// Every scripted session passes against the binary this test run built.
  @Test func everySessionPasses() throws {
    let sessions = try ConformanceRunner.load([conformanceDirectory])
    #expect(sessions.count >= 80)
    var lines: [String] = []
    let failed = ConformanceRunner(command: "'\(binaryPath)' --stdio --log-level error").runAll(sessions) {
      lines.append($0)
    }
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

  @Test(arguments: [
    ("frobnicate {}", "s:1: unknown directive frobnicate"),
    ("send {oops", "s:1: send: not JSON"),
    ("bytes zz", "s:1: bytes: zz is not a hex byte"),
    ("exit soon", "s:1: exit takes a status"),
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
    ] as [(JSONValue, JSONValue, String?)])
  func partialMatching(pattern: JSONValue, actual: JSONValue, problem: String?) {
    #expect(JSONPattern.mismatch(pattern, actual) == problem)
  }
}
