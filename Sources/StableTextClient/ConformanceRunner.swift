import Foundation
import StableTextJSON

/// Runs conformance sessions against any server command and reports one line per session.
public struct ConformanceRunner {
  public var command: String
  public var timeout: Double

  public init(command: String, timeout: Double = 10) {
    self.command = command
    self.timeout = timeout
  }

  public struct Failure: Error, CustomStringConvertible {
    public var line: Int
    public var problem: String
    public var description: String { "line \(line): \(problem)" }
  }

  /// Loads every `*.session` file in `paths` (files or folders), sorted by name.
  public static func load(_ paths: [String]) throws -> [ConformanceSession] {
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw ConformanceSession.ParseError(file: path, line: 0, problem: "no such file or folder")
      }
      if isDirectory.boolValue {
        let names = try FileManager.default.contentsOfDirectory(atPath: path).filter {
          $0.hasSuffix(".session")
        }
        files += names.sorted().map { (path as NSString).appendingPathComponent($0) }
      } else {
        files.append(path)
      }
    }
    return try files.map { file in
      let text = try String(contentsOfFile: file, encoding: .utf8)
      let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
      return try ConformanceSession(name: name, text: text)
    }
  }

  /// Runs one session; throws the first failure.
  public func run(_ session: ConformanceSession) throws {
    let arguments = session.arguments.map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(
      separator: " ")
    let server = try ServerProcess(command: arguments.isEmpty ? command : "\(command) \(arguments)")
    defer { server.terminate() }
    var syncCounter = 0
    for (line, step) in session.steps {
      func fail(_ problem: String) -> Failure { Failure(line: line, problem: problem) }
      switch step {
      case .arguments:
        continue
      case .initialize(let overrides):
        var params: JSONObject = ["processId": nil, "capabilities": [:]]
        if let overrides = overrides?.objectValue {
          for (key, value) in overrides.pairs { params[key] = value }
        }
        server.send(["jsonrpc": "2.0", "id": "initialize", "method": "initialize", "params": .object(params)])
        let response = try wait(server, "the initialize response", line) {
          $0["method"] == nil && $0["id"] == "initialize"
        }
        if let error = response["error"] { throw fail("initialize failed: \(error.serialized)") }
        server.send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
      case .send(let message):
        server.send(message)
      case .raw(let bytes):
        server.sendRaw(bytes)
      case .expect(let pattern):
        let message = try wait(
          server, "a message like \(pattern.serialized)", line, where: Self.kind(of: pattern))
        if let problem = JSONPattern.mismatch(pattern, message) {
          throw fail("\(problem)\n      received: \(message.serialized)")
        }
      case .expectNone(let what):
        syncCounter += 1
        try synchronise(server, id: "sync-\(syncCounter)", line: line)
        let offending = server.pending().first { message in
          what == "response" ? message["method"] == nil : message["method"]?.stringValue == what
        }
        if let offending { throw fail("unexpected \(what): \(offending.serialized)") }
      case .sync:
        syncCounter += 1
        try synchronise(server, id: "sync-\(syncCounter)", line: line)
      case .close:
        server.closeInput()
      case .exit(let code):
        let status = try failing(line) { try server.waitForExit(timeout: timeout) }
        if status != code { throw fail("exit status \(status), expected \(code)") }
      }
    }
    if !server.protocolErrors.isEmpty {
      throw Failure(
        line: 0, problem: "stdout carried something other than protocol: \(server.protocolErrors[0])")
    }
  }

  private func synchronise(_ server: ServerProcess, id: String, line: Int) throws {
    server.send(["jsonrpc": "2.0", "id": .string(id), "method": "$/conformance/sync"])
    _ = try wait(server, "the reply to a synchronising request", line) {
      $0["method"] == nil && $0["id"] == .string(id)
    }
  }

  private func wait(
    _ server: ServerProcess, _ what: String, _ line: Int, where predicate: @escaping (JSONValue) -> Bool
  )
    throws -> JSONValue
  {
    try failing(line) { try server.receive(timeout: timeout, what: what, where: predicate) }
  }

  /// Runs a client step, turning a timeout or the server's exit into this line's failure.
  private func failing<T>(_ line: Int, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as ServerProcess.ClientError {
      throw Failure(line: line, problem: "\(error)")
    }
  }

  /// Which received message an expectation is about: a batch, a response with the same id, or
  /// the next notification with the same method.
  static func kind(of pattern: JSONValue) -> (JSONValue) -> Bool {
    if pattern.arrayValue != nil { return { $0.arrayValue != nil } }
    if let method = pattern["method"] { return { $0["method"] == method } }
    let id = pattern["id"] ?? .null
    return { message in message.arrayValue == nil && message["method"] == nil && message["id"] == id }
  }

  /// Runs every session, printing `PASS name` or `FAIL name: why`, then `N passed, N failed`.
  /// Returns the number of failures.
  public func runAll(_ sessions: [ConformanceSession], report: (String) -> Void) -> Int {
    var failed = 0
    for session in sessions {
      do {
        try run(session)
        report("PASS \(session.name)")
      } catch {
        failed += 1
        report("FAIL \(session.name): \(error)")
      }
    }
    report("\(sessions.count - failed) passed, \(failed) failed")
    return failed
  }
}
