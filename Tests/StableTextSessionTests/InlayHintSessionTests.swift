import Foundation
import StableTextCore
import StableTextJSON
import StableTextSessionSupport
import Testing

/// `textDocument/inlayHint` through the real binary (Protocol/README.md, "Inlay hints"): the
/// subject's counter after line 1, every covered line's under `all`, the whole-text counter at the
/// end (the very string `stableText/state` and hover show, in every unit), only within the range,
/// bad input answered as every request answers it, and `workspace/inlayHint/refresh` on a
/// configuration change for a client that takes it.
@Suite struct InlayHintSessions {
  static let message = "feat: add the parser\n\nA body line that is fine.\n# a comment\n"
  static let uri = "file:///tmp/stabletext-hints/.git/COMMIT_EDITMSG"

  static func hints(_ session: Session, _ uri: String, _ range: JSONValue) throws -> JSONValue {
    try session.result("textDocument/inlayHint", ["textDocument": ["uri": .string(uri)], "range": range])
  }

  static func hint(_ line: Int, _ character: Int, _ label: String, _ tooltip: String) -> JSONValue {
    [
      "position": position(line, character), "label": .string(label), "tooltip": .string(tooltip),
      "paddingLeft": true,
    ]
  }

  /// Each mode, and the hints over the whole document (the gitCommit preset: subject 50 columns,
  /// body 72; the editor defaults set no whole-text limit, so no counter at the end).
  @Test(arguments: [
    ("subject", [hint(0, 20, "20/50", "Line 1: 20/50 columns")]),
    ("all", [hint(0, 20, "20/50", "Line 1: 20/50 columns"), hint(2, 25, "25/72", "Line 3: 25/72 columns")]),
    ("off", []),
  ])
  func eachMode(_ mode: String, _ expected: [JSONValue]) throws {
    let session = try Session(
      options: ["defaults": "editor", "rules": ["inlayHints": .string(mode)]])
    session.open(Self.uri, Self.message, languageId: "gitcommit")
    _ = try session.publish()
    #expect(try Self.hints(session, Self.uri, range(0, 0, 5, 0)) == .array(expected))
    try session.finish()
  }

  /// The counter at the end is the state's and hover's, in every unit, for a text of every kind
  /// of character (a combining mark, an emoji with a skin tone, a wide CJK character, a tab).
  @Test func theCounterIsStatesAndHoversInEveryUnit() throws {
    let text = "he\u{301}llo 👋🏽 漢\tz\n"
    for unit in LengthUnit.allCases {
      let session = try Session(options: ["rules": ["maxLength": 150, "unit": .string(unit.rawValue)]])
      let uri = "file:///tmp/hints-\(unit.rawValue).txt"
      session.open(uri, text)
      _ = try session.publish()
      let hints = try Self.hints(session, uri, range(0, 0, 1, 0)).arrayValue ?? []
      let counter = try session.state(uri)["counter"]?.stringValue
      let hover = try session.result(
        "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(0, 0)])
      let hovered = hover["contents"]?["value"]?.stringValue ?? ""
      #expect(hints.count == 1, "\(unit)")
      #expect(hints.first?["label"]?.stringValue == counter, "\(unit)")
      #expect(hints.first?["position"] == position(1, 0), "\(unit)")
      #expect(hovered.hasPrefix("\(counter ?? "?") "), "\(unit): \(hovered)")
      #expect(
        hints.first?["tooltip"]?.stringValue.map { hovered.hasPrefix($0) } == true, "\(unit): \(hovered)")
      try session.finish()
    }
  }

  /// Only the hints whose places lie in the range (both ends included); a range past the end is
  /// clamped; a reversed range and an unknown document get the errors a code action gets.
  @Test func theRangeAndBadInput() throws {
    let session = try Session(options: ["defaults": "editor", "rules": ["inlayHints": "all"]])
    session.open(Self.uri, Self.message, languageId: "gitcommit")
    _ = try session.publish()
    // The preset sets no whole-text limit; the document's own layer, last, does.
    _ = try session.result(
      "stableText/configure", ["textDocument": ["uri": .string(Self.uri)], "rules": ["maxLength": 150]])
    let subject = Self.hint(0, 20, "20/50", "Line 1: 20/50 columns")
    let body = Self.hint(2, 25, "25/72", "Line 3: 25/72 columns")
    let counter = Self.hint(4, 0, "47/150", "47/150 characters · 103 remaining")
    let cases: [(JSONValue, [JSONValue])] = [
      (range(0, 0, 0, 19), []),
      (range(0, 0, 0, 20), [subject]),
      (range(0, 20, 0, 20), [subject]),
      (range(1, 0, 2, 25), [body]),
      (range(3, 0, 9, 0), [counter]),
      (range(0, 0, 400, 0), [subject, body, counter]),
    ]
    for (asked, expected) in cases {
      #expect(try Self.hints(session, Self.uri, asked) == .array(expected), "\(asked.serialized)")
    }
    for (params, method) in [
      (["textDocument": ["uri": .string(Self.uri)], "range": range(2, 0, 1, 0)] as JSONValue, "reversed"),
      (["textDocument": ["uri": "file:///nowhere.txt"], "range": range(0, 0, 0, 0)], "unknown"),
    ] {
      let hinted = try session.error("textDocument/inlayHint", params)
      var actionParams = params
      if case .object(var object) = actionParams {
        object["context"] = ["diagnostics": []]
        actionParams = .object(object)
      }
      let acted = try session.error("textDocument/codeAction", actionParams)
      #expect(hinted["code"] == -32602, "\(method)")
      #expect(hinted == acted, "\(method): \(hinted.serialized) vs \(acted.serialized)")
    }
    try session.finish()
  }

  /// A configuration change sends `workspace/inlayHint/refresh` to a client that takes it (and
  /// whose answer is dropped quietly), and nothing to one that does not say so.
  @Test(arguments: [true, false]) func configurationChangesRefresh(_ supported: Bool) throws {
    let session = try Session(initialize: false)
    var capabilities: JSONValue = [:]
    if supported { capabilities = ["workspace": ["inlayHint": ["refreshSupport": true]]] }
    let initialized = try session.endpoint.request(
      "initialize", ["processId": .null, "capabilities": capabilities])
    #expect(initialized["result"]?["capabilities"]?["inlayHintProvider"] == true)
    session.endpoint.notify("initialized", [:])
    session.open("file:///tmp/refresh.txt", "abc")
    _ = try session.publish()
    session.endpoint.notify(
      "workspace/didChangeConfiguration", ["settings": ["stableText": ["rules": ["maxLength": 10]]]])
    // A request after it: its answer comes after anything the change sent.
    _ = try session.result(
      "textDocument/hover", ["textDocument": ["uri": "file:///tmp/refresh.txt"], "position": position(0, 0)])
    let refreshes = session.endpoint.pending().filter {
      $0["method"]?.stringValue == "workspace/inlayHint/refresh"
    }
    #expect(refreshes.count == (supported ? 1 : 0))
    if let refresh = refreshes.first {
      session.endpoint.send(["jsonrpc": "2.0", "id": refresh["id"]!, "result": .null])
    }
    try session.finish()
    #expect(!session.server.standardError.contains("ignored a response"))
  }
}
