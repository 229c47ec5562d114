import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSystem
import StableTextTransport
import Testing

/// The `stabletext` binary that `swift test` built next to this test bundle (one build per run).
package let binaryPath: String = {
  // Every test that starts the binary comes here first. A child that exits before it reads all
  // its input (a usage error) must make the write fail with EPIPE, not end the test process.
  signal(SIGPIPE, SIG_IGN)
  let exe =
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  var directory = URL(fileURLWithPath: exe).deletingLastPathComponent()
  // The bundle may be a directory (.xctest/…) on some layouts: walk up until the binary shows.
  for _ in 0..<4 {
    let candidate = directory.appendingPathComponent("stabletext").path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    directory = directory.deletingLastPathComponent()
  }
  fatalError("stabletext binary not found near \(exe); build with `swift build --build-tests`")
}()

package func position(_ line: Int, _ character: Int) -> JSONValue {
  ["line": .int(line), "character": .int(character)]
}

package func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSONValue {
  ["start": position(l1, c1), "end": position(l2, c2)]
}

package func edit(_ range: JSONValue, _ text: String) -> JSONValue {
  ["range": range, "text": .string(text)]
}

package func fullText(_ text: String) -> JSONValue { ["text": .string(text)] }

/// A daemon under test with the conveniences every session needs.
package final class Session {
  package let endpoint: any SessionEndpoint
  /// The process, for tests about it (its exit, its stderr, its input); not for in-process
  /// sessions.
  package var server: ServerProcess {
    guard let process = endpoint as? ServerProcess else {
      preconditionFailure("an in-process session has no process")
    }
    return process
  }

  /// The real binary over `transport`, or with `inProcess` the same server in process (suites
  /// whose point is not the process: no spawn, no pipes, no waiting).
  package init(
    arguments: [String] = ["--log-level", "debug"], initialize: Bool = true, encodings: [String]? = nil,
    options: JSONValue? = nil, transport: ServerTransport = .stdio, inProcess: Bool = false,
    environment: [String: String]? = nil
  ) throws {
    endpoint =
      inProcess
      ? InProcessEndpoint()
      : try ServerProcess(
        executable: binaryPath, arguments: arguments,
        environment: environment.map { ProcessScope.environment(adding: $0) }, transport: transport)
    if let process = endpoint as? ServerProcess, let test = Test.current {
      process.label = "\(test.name) over \(transport)"
    }
    if initialize {
      // `options` stay JSON: tests send rules as a client writes them, misspellings included.
      guard case .object(var params) = InitializeRequest(positionEncodings: encodings ?? []).json else {
        return
      }
      if let options { params["initializationOptions"] = options }
      let response = try endpoint.request(InitializeRequest.method, .object(params))
      #expect(response["error"] == nil, "initialize failed: \(response.serialized)")
      endpoint.send(InitializedNotification())
    }
  }

  deinit { endpoint.terminate() }

  package func open(_ uri: String, _ text: String, languageId: String = "plaintext", version: Int = 1) {
    endpoint.send(
      DidOpenTextDocumentNotification(
        TextDocumentItem(uri: uri, languageId: languageId, version: version, text: text)))
  }

  package func change(_ uri: String, version: JSONValue, _ changes: [JSONValue]) {
    endpoint.notify(
      DidChangeTextDocumentNotification.method,
      ["textDocument": ["uri": .string(uri), "version": version], "contentChanges": .array(changes)])
  }

  package func change(_ uri: String, version: Int, _ changes: JSONValue...) {
    change(uri, version: .int(version), changes)
  }

  package func close(_ uri: String) {
    endpoint.send(DidCloseTextDocumentNotification(TextDocumentIdentifier(uri)))
  }

  /// The next `publishDiagnostics` params.
  package func publish(timeout: Double = 10) throws -> JSONValue {
    try endpoint.notification(PublishDiagnosticsNotification.method, timeout: timeout)["params"]!
  }

  /// Diagnostic codes of the next publish.
  package func codes() throws -> [String] {
    try publish()["diagnostics"]!.arrayValue!.map { $0["code"]!.stringValue! }
  }

  /// The result of a request, failing the test on an error response.
  package func result(_ method: String, _ params: JSONValue) throws -> JSONValue {
    let response = try endpoint.request(method, params)
    #expect(response["error"] == nil, "\(method) failed: \(response.serialized)")
    return response["result"] ?? .null
  }

  /// The error object of a request that must fail.
  package func error(_ method: String, _ params: JSONValue) throws -> JSONValue {
    let response = try endpoint.request(method, params)
    #expect(response["result"] == nil, "\(method) should fail: \(response.serialized)")
    return response["error"] ?? .null
  }

  package func state(_ uri: String) throws -> JSONValue {
    try result(StableTextStateRequest(TextDocumentIdentifier(uri), includeText: true))
  }

  /// The result of a typed request, failing the test on an error response.
  package func result(_ request: some RequestType) throws -> JSONValue {
    let response = try endpoint.request(request)
    #expect(response["error"] == nil, "\(type(of: request).method) failed: \(response.serialized)")
    return response["result"] ?? .null
  }

  /// The error object of a typed request that must fail.
  package func error(_ request: some RequestType) throws -> JSONValue {
    let response = try endpoint.request(request)
    #expect(response["result"] == nil, "\(type(of: request).method) should fail: \(response.serialized)")
    return response["error"] ?? .null
  }

  package func text(_ uri: String) throws -> String { try state(uri)["text"]!.stringValue! }

  /// Shuts down cleanly and checks the exit code and that stdout carried only protocol.
  package func finish(expectCode: Int32 = 0) throws {
    _ = try endpoint.request(ShutdownRequest())
    endpoint.send(ExitNotification())
    #expect(try endpoint.waitForExit() == expectCode)
    #expect(endpoint.protocolErrors.isEmpty)
  }
}

extension JSONValue {
  /// Codes of a diagnostics array.
  package var codes: [String] { arrayValue?.compactMap { $0["code"]?.stringValue } ?? [] }
}

/// A position and a range as the message types take them.
package func textPosition(_ line: Int, _ character: Int) -> TextPosition {
  TextPosition(line: line, character: character)
}

package func textRange(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> TextRange {
  TextRange(start: textPosition(l1, c1), end: textPosition(l2, c2))
}
