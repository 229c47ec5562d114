import Foundation
import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import StableTextTransport
import Testing

@Suite struct Lifecycle {
  @Test(arguments: ServerTransport.allCases) func requestsBeforeInitializeAndNotificationsDropped(
    transport: ServerTransport
  ) throws {
    let session = try Session(initialize: false, transport: transport)
    let server = session.server
    let early = try server.request(
      HoverRequest(TextDocumentIdentifier("file:///a"), position: textPosition(0, 0)))
    #expect(early["error"] == ["code": -32002, "message": "Server not initialized: send 'initialize' first"])
    let shutdown = try server.request("shutdown")
    #expect(shutdown["error"]?["code"] == -32002)
    // Dropped: opening before initialize leaves nothing open.
    session.open("file:///early.txt", "early")
    _ = try session.result("initialize", ["capabilities": [:]])
    let error = try session.error(StableTextStateRequest(TextDocumentIdentifier("file:///early.txt")))
    #expect(
      error == [
        "code": -32602,
        "message":
          "params.textDocument.uri: unknown document file:///early.txt; open it with textDocument/didOpen first",
      ])
    let again = try session.error("initialize", ["capabilities": [:]])
    #expect(again == ["code": -32600, "message": "Invalid request: initialize may be sent only once"])
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func initializeAnswersTheCapabilities(transport: ServerTransport)
    throws
  {
    let session = try Session(initialize: false, transport: transport)
    let result = try session.result("initialize", ["processId": 1, "capabilities": [:]])
    #expect(
      result == [
        "capabilities": [
          "positionEncoding": "utf-16",
          "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
          "diagnosticProvider": ["interFileDependencies": false, "workspaceDiagnostics": false],
          "codeActionProvider": ["codeActionKinds": ["quickfix"]],
          "hoverProvider": true,
          "completionProvider": ["triggerCharacters": ["(", ":", " "], "resolveProvider": false],
          "inlayHintProvider": true,
          "experimental": ["stableText": ["version": "1", "unicodeVersion": "15.0.0"]],
        ],
        "serverInfo": ["name": "stabletext", "version": "0.1.0"],
      ])
    try session.finish()
  }

  @Test(arguments: [
    ([], "utf-16"),
    (["utf-8"], "utf-8"),
    (["utf-32", "utf-8"], "utf-32"),
    (["latin-1", "utf-8", "utf-16"], "utf-8"),
    (["latin-1"], "utf-16"),
  ])
  func negotiatesThePositionEncoding(offered: [String], chosen: String) throws {
    let session = try Session(initialize: false)
    let result = try session.result(
      "initialize",
      ["capabilities": ["general": ["positionEncodings": .array(offered.map(JSONValue.string))]]])
    #expect(result["capabilities"]?["positionEncoding"] == .string(chosen))
    try session.finish()
  }

  /// Clients that list no encodings count in their own unit: the initialization option, then
  /// the command-line flag, choose for them; a list, when there is one, decides.
  @Test(
    arguments: [
      // (flag, listed, option, chosen)
      (nil, nil, "utf-32", "utf-32"),
      (nil, [], "utf-8", "utf-8"),
      ("utf-8", nil, nil, "utf-8"),
      ("utf-8", nil, "utf-32", "utf-32"),
      ("utf-32", ["utf-16"], nil, "utf-16"),
      (nil, ["utf-8", "utf-16"], "utf-32", "utf-8"),
      (nil, ["latin-1"], "utf-32", "utf-16"),
      ("utf-8", nil, JSONValue.null, "utf-8"),
    ] as [(String?, [String]?, JSONValue?, String)])
  func positionEncodingForClientsThatListNone(
    flag: String?, listed: [String]?, option: JSONValue?, chosen: String
  )
    throws
  {
    let session = try Session(
      arguments: ["--log-level", "info"] + (flag.map { ["--position-encoding=\($0)"] } ?? []),
      initialize: false)
    var params: JSONObject = ["capabilities": [:]]
    if let listed {
      params["capabilities"] = ["general": ["positionEncodings": .array(listed.map(JSONValue.string))]]
    }
    var options: JSONObject = ["rules": ["maxLength": 1]]
    if let option { options["positionEncoding"] = option }
    params["initializationOptions"] = .object(options)
    let result = try session.result("initialize", .object(params))
    #expect(result["capabilities"]?["positionEncoding"] == .string(chosen))
    // Every position is read and written in it: a line break typed just after an emoji, and the
    // over-limit range from there (the text past its one character) to the end.
    session.endpoint.notify("initialized", [:])
    session.open("file:///e.txt", "😀ab")
    _ = try session.publish()
    let afterEmoji = ["utf-8": 4, "utf-16": 2, "utf-32": 1][chosen]!
    session.change("file:///e.txt", version: 2, edit(range(0, afterEmoji, 0, afterEmoji), "\n"))
    let diagnostics = try session.publish()["diagnostics"]!.arrayValue!
    #expect(diagnostics.map { $0["code"] } == ["over-limit"])
    #expect(diagnostics.first?["range"] == range(0, afterEmoji, 1, 2))
    try session.finish()
  }

  @Test func badPositionEncodingOption() throws {
    let session = try Session(initialize: false)
    for value: JSONValue in ["utf-7", 32] {
      let error = try session.error(
        "initialize", ["capabilities": [:], "initializationOptions": ["positionEncoding": value]])
      #expect(
        error == [
          "code": -32602,
          "message": .string(
            "params.initializationOptions.positionEncoding: expected one of \"utf-8\", \"utf-16\", \"utf-32\" or null, got \(value.serialized)"
          ),
        ])
    }
    try session.finish(expectCode: 1)
    for flag in ["--position-encoding=utf7", "--position-encoding", "--position-encoding="] {
      let result = try runBinary([flag])
      #expect(result.status == 2, "\(flag)")
      #expect(
        result.err.hasPrefix(
          "stabletext: --position-encoding needs one of utf-8, utf-16, utf-32 (--position-encoding=ENC)\n"),
        "\(flag)")
    }
  }

  @Test(arguments: ServerTransport.allCases) func afterShutdownOnlyExitCounts(transport: ServerTransport)
    throws
  {
    let session = try Session(transport: transport)
    _ = try session.result("shutdown", .null)
    let late = try session.server.request(DocumentDiagnosticRequest(TextDocumentIdentifier("file:///x")))
    #expect(
      late["error"] == [
        "code": -32600, "message": "Invalid request: the server has shut down; only 'exit' is accepted",
      ])
    let again = try session.server.request("shutdown")
    #expect(again["error"]?["code"] == -32600)
    session.open("file:///late.txt", "ignored")
    session.server.notify("exit")
    #expect(try session.server.waitForExit() == 0)
    // The open after shutdown was ignored: no publish was sent.
    #expect(try session.server.collectUntilExit().isEmpty)
  }

  @Test(arguments: [
    ("exit without shutdown", false, true, Int32(1)),
    ("end of input without shutdown", false, false, Int32(1)),
    ("end of input after shutdown", true, false, Int32(0)),
    ("exit after shutdown", true, true, Int32(0)),
  ])
  func exitCodes(name: String, shutdown: Bool, exit: Bool, code: Int32) throws {
    let session = try Session()
    if shutdown { _ = try session.result("shutdown", .null) }
    if exit { session.server.notify("exit") } else { session.server.closeInput() }
    #expect(try session.server.waitForExit() == code)
  }

  @Test(arguments: ServerTransport.allCases) func exitBeforeInitializeIsHonoured(transport: ServerTransport)
    throws
  {
    let session = try Session(initialize: false, transport: transport)
    session.server.notify("exit")
    #expect(try session.server.waitForExit() == 1)
  }

  @Test(arguments: ServerTransport.allCases) func unknownMethods(transport: ServerTransport) throws {
    let session = try Session(transport: transport)
    #expect(
      try session.error("workspace/symbol", ["query": ""]) == [
        "code": -32601, "message": "Method not found: workspace/symbol",
      ])
    #expect(
      try session.error("$/unknownThing", [:]) == [
        "code": -32601, "message": "Method not found: $/unknownThing",
      ])
    // Unknown notifications, $/ or not, are ignored without a reply.
    session.server.notify("$/unknownNotification", [:])
    session.server.notify("custom/notification", [:])
    _ = try session.result("shutdown", .null)
    session.server.notify("exit")
    #expect(try session.server.collectUntilExit().isEmpty)
  }

  @Test(arguments: ServerTransport.allCases) func idsAreEchoedExactly(transport: ServerTransport) throws {
    let session = try Session(transport: transport)
    for id in ["\"abc\"", "0", "-7", "9007199254740993", "\"\"", "\"😀\"", "1.5"] {
      session.server.sendRaw(frame("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"shutdownX\"}"))
      let response = try session.server.receive(what: "reply to \(id)") { $0["id"] != nil }
      #expect(response["id"]!.serialized == id)
    }
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func cancelRequestLooksAhead(transport: ServerTransport) throws {
    let session = try Session(transport: transport)
    session.open("file:///c.txt", "abc")
    _ = try session.publish()
    // The request and its cancellation arrive in one write: the request never runs.
    let request =
      "{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"stableText/state\",\"params\":{\"textDocument\":{\"uri\":\"file:///c.txt\"}}}"
    let cancel = "{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":41}}"
    let other =
      "{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"stableText/state\",\"params\":{\"textDocument\":{\"uri\":\"file:///c.txt\"}}}"
    session.server.sendRaw(frame(request) + frame(other) + frame(cancel))
    let cancelled = try session.server.response(id: 41)
    #expect(cancelled["error"] == ["code": -32800, "message": "Request cancelled"])
    let answered = try session.server.response(id: 42)
    #expect(answered["result"]?["counter"] == "03/150")
    // Cancelling something already answered does nothing.
    session.server.notify("$/cancelRequest", ["id": 42])
    #expect(try session.text("file:///c.txt") == "abc")
    try session.finish()
  }

  /// A cancellation names its request by the id's value as a JSON number, compared exactly: `1`,
  /// `1.0` and `1e0` are one id, `-0` and `0.0` one, `1e-400` and `1e-401` two (both are 0.0 as
  /// doubles). The answer still echoes the request's own spelling.
  @Test(arguments: [
    ("1", "1.0", true), ("1", "1e0", true), ("100", "1E2", true), ("0.0", "-0", true),
    ("12.50", "1.25e1", true),
    ("1e-400", "1E-400", true), ("1e-400", "1e-401", false), ("10", "10.5", false), ("\"1\"", "1", false),
    // jansson refuses reals that overflow and reads those that underflow as 0.0.
    ("5e-99999999999999999999", "50e-100000000000000000000", true),
    ("5e-99999999999999999999", "5e-99999999999999999998", false),
  ])
  func cancellationComparesIdsAsNumbers(request: String, cancel: String, same: Bool) throws {
    let session = try Session()
    session.open("file:///n.txt", "abc")
    _ = try session.publish()
    let state = "\"method\":\"stableText/state\",\"params\":{\"textDocument\":{\"uri\":\"file:///n.txt\"}}"
    session.server.sendRaw(
      frame("{\"jsonrpc\":\"2.0\",\"id\":\(request),\(state)}")
        + frame("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":\(cancel)}}")
        + frame("{\"jsonrpc\":\"2.0\",\"id\":\"end\",\(state)}"))
    let answer = try session.server.receive(what: "the answer to \(request)") { $0["id"] != nil }
    #expect(answer["id"]?.serialized != "\"end\"", "answered out of order")
    if same {
      #expect(
        answer["error"] == ["code": -32800, "message": "Request cancelled"], "\(request) and \(cancel)")
    } else {
      #expect(answer["result"]?["counter"] == "03/150", "\(request) and \(cancel)")
    }
    _ = try session.server.response(id: "end")
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func batches(transport: ServerTransport) throws {
    let session = try Session(transport: transport)
    session.open("file:///b.txt", "hello")
    _ = try session.publish()
    let batch =
      "[{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"method\":\"stableText/state\",\"params\":{\"textDocument\":{\"uri\":\"file:///b.txt\"}}},"
      + "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":{\"uri\":\"file:///b.txt\",\"version\":2},\"contentChanges\":[{\"text\":\"hi\"}]}},"
      + "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"nope\"}, 5]"
    session.server.sendRaw(frame(batch))
    let reply = try session.server.receive(what: "batch reply") { $0.arrayValue != nil }
    let items = reply.arrayValue!
    #expect(items.count == 3)
    #expect(items[0]["id"] == "s")
    #expect(items[0]["result"]?["length"] == 5)
    #expect(
      items[1] == [
        "jsonrpc": "2.0", "id": 9, "error": ["code": -32601, "message": "Method not found: nope"],
      ])
    #expect(
      items[2] == [
        "jsonrpc": "2.0", "id": nil,
        "error": [
          "code": -32600,
          "message": "Invalid request: expected a request or notification object, got an integer",
        ],
      ])
    #expect(try session.publish()["version"] == 2)
    // A batch of notifications gets no reply at all.
    session.server.sendRaw(
      frame("[{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"},{\"jsonrpc\":\"2.0\",\"method\":\"x/y\"}]"))
    _ = try session.result("shutdown", .null)
    session.server.notify("exit")
    #expect(try session.server.collectUntilExit().isEmpty)
  }

  @Test(arguments: ServerTransport.allCases) func logsNeverReachStdout(transport: ServerTransport) throws {
    let session = try Session(arguments: ["--stdio", "--log-level", "debug"], transport: transport)
    session.open("file:///l.txt", "log me")
    _ = try session.publish()
    try session.finish()
    #expect(session.server.standardError.contains("stabletext [debug] opened file:///l.txt"))
  }

  @Test func logFileOption() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stabletext-\(UUID().uuidString).log"
    ).path
    let session = try Session(arguments: ["--log-file", path, "--log-level", "info"])
    try session.finish()
    let log = try String(contentsOfFile: path, encoding: .utf8)
    #expect(log.contains("stabletext [info] shutdown requested"))
    #expect(!session.server.standardError.contains("shutdown requested"))
    try? FileManager.default.removeItem(atPath: path)
  }
}

func frame(_ body: String) -> String { MessageWriter.header(for: body.utf8.count) + body }

@Suite struct Transport {
  @Test(arguments: ServerTransport.allCases) func messagesSplitAcrossManyWrites(transport: ServerTransport)
    throws
  {
    let session = try Session(initialize: false, transport: transport)
    let bytes = Array(
      (frame("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}")
        + frame(
          "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"file:///s.txt\",\"languageId\":\"t\",\"version\":1,\"text\":\"한국어 😀\"}}}"
        )).utf8)
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + 7)
      session.server.sendRaw(Array(bytes[start..<end]))
      usleep(300)
      start = end
    }
    #expect(try session.server.response(id: 1)["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
    #expect(try session.publish()["uri"] == "file:///s.txt")
    #expect(try session.state("file:///s.txt")["length"] == 5)
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func headersAreCaseInsensitiveAndExtraHeadersIgnored(
    transport: ServerTransport
  ) throws {
    let session = try Session(transport: transport)
    let body = "{\"jsonrpc\":\"2.0\",\"id\":\"h\",\"method\":\"shutdown\"}"
    session.server.sendRaw(
      "content-type: application/vscode-jsonrpc; charset=utf8\r\nX-Trace: 1\r\nCONTENT-LENGTH: \(body.utf8.count)\r\n\r\n\(body)"
    )
    #expect(try session.server.response(id: "h") == ["jsonrpc": "2.0", "id": "h", "result": nil])
    session.server.notify("exit")
    #expect(try session.server.waitForExit() == 0)
  }

  @Test(
    arguments: [
      (
        ["rules": ["maxLength": "ten"]],
        "params.initializationOptions.rules.maxLength: expected a non-negative integer or null, got \"ten\""
      ),
      (
        ["rules": ["counterDigits": 99]],
        "params.initializationOptions.rules.counterDigits: expected an integer from 0 to 32, got 99"
      ),
      (
        ["rules": ["policy": "maybe"]],
        "params.initializationOptions.rules.policy: expected one of \"reject\", \"truncate\", \"allow\", got \"maybe\""
      ),
      (
        ["overrides": [["pattern": 3, "rules": [:]]]],
        "params.initializationOptions.overrides[0].pattern: expected a string, got an integer"
      ),
      (["overrides": ["x"]], "params.initializationOptions.overrides[0]: expected an object, got a string"),
      (
        ["stateNotifications": "yes"],
        "params.initializationOptions.stateNotifications: expected a boolean, got a string"
      ),
    ] as [(JSONValue, String)])
  func badInitializationOptions(options: JSONValue, message: String) throws {
    let session = try Session(initialize: false)
    let error = try session.error("initialize", ["capabilities": [:], "initializationOptions": options])
    #expect(error == ["code": -32602, "message": .string(message)])
    // Still uninitialized: a corrected initialize succeeds.
    _ = try session.result("initialize", ["capabilities": [:]])
    try session.finish()
  }

  @Test(arguments: ServerTransport.allCases) func badPositionEncodingsList(transport: ServerTransport) throws
  {
    let session = try Session(initialize: false, transport: transport)
    let error = try session.error("initialize", ["capabilities": ["general": ["positionEncodings": "utf-8"]]])
    #expect(
      error == [
        "code": -32602,
        "message": "params.capabilities.general.positionEncodings: expected an array, got a string",
      ])
    try session.finish(expectCode: 1)
  }
}
