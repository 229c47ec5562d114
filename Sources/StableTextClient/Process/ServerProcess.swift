import StableTextJSON
import StableTextSystem
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A language server running as a child process, spoken to over its stdin/stdout with LSP
/// framing. Used by the demo, the session tests and the conformance runner, so every one of
/// them exercises the real binary through real pipes.
public final class ServerProcess: @unchecked Sendable {
  public enum ClientError: Error, CustomStringConvertible {
    case timeout(String)
    case exited(String)

    public var description: String {
      switch self {
      case .timeout(let what): return "timed out waiting for \(what)"
      case .exited(let what): return "server exited while waiting for \(what)"
      }
    }
  }

  private let process: ChildProcess
  private let condition = ConditionLock()
  private var inbox: [JSONValue] = []
  /// The bodies of `inbox`'s messages, as written, index for index.
  private var inboxTexts: [String] = []
  /// Every body received, as the bytes the server wrote (ids and numbers keep their spelling).
  private var bodies: [String] = []
  /// Raw framing problems seen on the server's stdout (should never happen).
  public private(set) var protocolErrors: [String] = []
  private var outputClosed = false
  private var stderrData: [UInt8] = []
  private var stderrClosed = false
  private var nextID = 1
  private var inputClosed = false
  /// Notifications from the server are counted, not parsed or kept (benchmarks: a publish of
  /// tens of thousands of diagnostics costs a client far more to parse than the server to write).
  private let skipsNotifications: Bool
  /// Notifications skipped unread under `skipsNotifications`.
  public private(set) var skippedNotifications = 0

  /// The socket of a `pipe` or `socket` transport, once the server connected; -1 for stdio.
  private var socketFD: Int32 = -1
  public let transport: ServerTransport
  /// What this session is for (the test's name), where a slow wait is reported (`SlowWaits`).
  /// Set once, before the first wait.
  public var label: String?

  /// Starts `executable` with `arguments` (and, for a socket transport, the argument that says
  /// where to connect).
  public convenience init(
    executable: String, arguments: [String] = [], environment: [String: String]? = nil,
    skipsNotifications: Bool = false, transport: ServerTransport = .stdio
  ) throws {
    let listener = transport.clientListens ? try ClientListener(transport) : nil
    let extra = listener.map { [$0.serverArgument] } ?? (transport == .websocket ? ["--websocket=0"] : [])
    try self.init(
      executable: executable, arguments: arguments + extra,
      environment: environment, skipsNotifications: skipsNotifications, listener: listener,
      transport: transport)
  }

  /// Starts a shell command line (`sh -c`), for running other servers by command; a socket
  /// transport's argument is appended to the line. `environment` is set over this process's own.
  public convenience init(
    command: String, environment: [String: String] = [:], skipsNotifications: Bool = false,
    transport: ServerTransport = .stdio
  )
    throws
  {
    let listener = transport.clientListens ? try ClientListener(transport) : nil
    let line =
      listener.map { "\(command) \($0.serverArgument)" }
      ?? (transport == .websocket ? "\(command) --websocket=0" : command)
    try self.init(
      executable: "/bin/sh", arguments: ["-c", line],
      environment: environment.isEmpty ? nil : ProcessScope.environment(adding: environment),
      skipsNotifications: skipsNotifications,
      listener: listener, transport: transport)
  }

  private init(
    executable: String, arguments: [String], environment: [String: String]?, skipsNotifications: Bool,
    listener: ClientListener?, transport: ServerTransport
  ) throws {
    self.skipsNotifications = skipsNotifications
    self.transport = transport
    // A server that exits before reading what it was sent makes the next write fail with EPIPE:
    // an answer for the caller (the runner reports how the server ended), not a signal that ends
    // the caller's whole process.
    signal(SIGPIPE, SIG_IGN)
    process = try ChildProcess(executable: executable, arguments: arguments, environment: environment)
    let stdout = process.standardOutput
    SystemThread.detach(name: "st-client-err") { [self] in readErrors(process.standardError) }
    if let listener {
      do {
        let child = process
        socketFD = try listener.accept(timeout: 10) { child.isRunning }
      } catch {
        end(grace: 0)
        _ = try? waitForExit(timeout: 1)
        throw StartFailure(description: "\(error)\(exitReport)")
      }
      let socket = socketFD
      SystemThread.detach(name: "st-client-out") { [self] in readOutput(socket) }
      // With a socket, stdout carries nothing: anything written there is reported.
      SystemThread.detach(name: "st-client-stray") { [self] in readStrayOutput(stdout) }
    } else if transport == .websocket {
      let leftover: [UInt8]
      do {
        (socketFD, leftover) = try connectWebSocket()
      } catch {
        end(grace: 0)
        _ = try? waitForExit(timeout: 1)
        throw StartFailure(description: "\(error)\(exitReport)")
      }
      webSocketFramer = FrameReader(maxMessageBytes: Int.max)
      let socket = socketFD
      SystemThread.detach(name: "st-client-out") { [self] in readWebSocket(socket, leftover: leftover) }
      SystemThread.detach(name: "st-client-stray") { [self] in readStrayOutput(stdout) }
    } else {
      SystemThread.detach(name: "st-client-out") { [self] in readOutput(stdout) }
    }
  }

  deinit {
    if process.isRunning { terminate() }
    if socketFD >= 0 { close(socketFD) }
  }

  /// Calls `body` with each piece read from `fd` until its end (or a read error).
  private static func readPieces(_ fd: Int32, _ body: (UnsafeRawBufferPointer) -> Void) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
    defer { buffer.deallocate() }
    while let count = FileDescriptorIO.readSome(fd, into: buffer), count > 0 {
      body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
  }

  private func readStrayOutput(_ fd: Int32) {
    Self.readPieces(fd) { data in
      condition.lock()
      protocolErrors.append(
        "\(data.count) bytes on stdout with the \(transport.rawValue) transport: \(String(decoding: data.prefix(100), as: UTF8.self))"
      )
      condition.unlock()
    }
  }

  /// What one read brought: the messages and their bodies, and what was wrong.
  private struct Received {
    var messages: [JSONValue] = []
    var texts: [String] = []
    var parsedTexts: [String] = []
    var problems: [String] = []
    var skipped = 0

    mutating func body(_ bytes: ArraySlice<UInt8>, skipsNotifications: Bool) {
      if skipsNotifications && ServerProcess.isNotification(bytes) {
        skipped += 1
        return
      }
      let text = String(decoding: bytes, as: UTF8.self)
      texts.append(text)
      do {
        messages.append(try JSONValue(parsing: text))
        parsedTexts.append(text)
      } catch {
        problems.append("not JSON: \(error): \(text.prefix(200))")
      }
    }
  }

  private func deliver(_ received: Received) {
    condition.lock()
    inbox.append(contentsOf: received.messages)
    inboxTexts.append(contentsOf: received.parsedTexts)
    bodies.append(contentsOf: received.texts)
    protocolErrors.append(contentsOf: received.problems)
    skippedNotifications += received.skipped
    condition.broadcast()
    condition.unlock()
  }

  private func closeOutput() {
    condition.lock()
    outputClosed = true
    condition.broadcast()
    condition.unlock()
  }

  private func readOutput(_ fd: Int32) {
    var reader = FrameReader(maxMessageBytes: Int.max)
    Self.readPieces(fd) { data in
      reader.append(data)
      var received = Received()
      while let event = reader.next() {
        switch event {
        case .body(let range): received.body(reader.buffer[range], skipsNotifications: skipsNotifications)
        case .badHeader(let problem): received.problems.append("bad header: \(problem)")
        case .oversized, .skippedWatched: break
        }
      }
      deliver(received)
    }
    closeOutput()
  }

  // MARK: - WebSocket

  /// The base-protocol frames the caller sends, cut into bodies for text frames.
  private var webSocketFramer: FrameReader?
  /// The exit status the server's close frame gave (`websocket`), once it came.
  private var webSocketExit: Int32?
  private var webSocketClosed = false

  /// Waits for the server's `listening on ws://127.0.0.1:PORT/` line, connects, and makes the
  /// opening handshake; the socket and what came after the response head.
  private func connectWebSocket() throws -> (Int32, [UInt8]) {
    let deadline = MonotonicTime.after(seconds: 10)
    var port: Int?
    condition.lock()
    while port == nil {
      let text = String(decoding: stderrData, as: UTF8.self)
      if let range = text.firstRange(of: "listening on ws://127.0.0.1:") {
        port = Int(text[range.upperBound...].prefix { $0.isNumber })
        break
      }
      if stderrClosed || deadline.hasPassed || !process.isRunning {
        condition.unlock()
        throw StartFailure(
          description: "the server did not say where it listens (listening on ws://127.0.0.1:PORT/)")
      }
      _ = condition.wait(until: .after(seconds: 0.05))
    }
    condition.unlock()
    let fd = try SocketConnector.connect(loopbackPort: port!)
    let key = WebSocketHandshake.randomKey()
    let request =
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port!)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
    FileDescriptorIO.writeAll(fd, request)
    var bytes: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    defer { buffer.deallocate() }
    while HTTPRequestHead.end(in: bytes) == nil {
      guard let count = FileDescriptorIO.readSome(fd, into: buffer), count > 0, bytes.count < 16_384 else {
        close(fd)
        throw StartFailure(description: "the server closed the connection during the WebSocket handshake")
      }
      bytes += UnsafeRawBufferPointer(rebasing: buffer[..<count])
    }
    let end = HTTPRequestHead.end(in: bytes)!
    let head = String(decoding: bytes[..<end], as: UTF8.self)
    guard head.hasPrefix("HTTP/1.1 101 "),
      head.contains("Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: key))\r\n")
    else {
      close(fd)
      throw StartFailure(description: "the WebSocket handshake was refused: \(head.prefix(200))")
    }
    return (fd, Array(bytes[end...]))
  }

  /// The server's frames: each text frame a message; its close ends the output, with the exit
  /// status its reason gives.
  private func readWebSocket(_ fd: Int32, leftover: [UInt8]) {
    var parser = WebSocketFrameParser(maxMessageBytes: Int.max, readsClientFrames: false)
    leftover.withUnsafeBytes { parser.append($0) }
    var over = false
    func drain() {
      var received = Received()
      while let event = parser.next() {
        switch event {
        case .text(let body): received.body(body[...], skipsNotifications: skipsNotifications)
        case .ping(let payload): sendFrame(.pong, payload)
        case .pong: break
        case .close(_, let reason):
          if let range = reason.firstRange(of: "exit status ") {
            // Fits: Int32's own parser, nil past its range.
            let status = Int32(reason[range.upperBound...].prefix { $0.isNumber || $0 == "-" })
            condition.lock()
            webSocketExit = status
            condition.unlock()
          }
          over = true
        case .failure(let code, let reason):
          received.problems.append("the server broke the WebSocket protocol (\(code.rawValue)): \(reason)")
          over = true
        }
      }
      deliver(received)
    }
    drain()
    if !over {
      Self.readPieces(fd) { data in
        guard !over else { return }
        parser.append(data)
        drain()
      }
    }
    closeOutput()
  }

  /// A client's frame: masked with a fresh key.
  private func sendFrame(_ opcode: WebSocket.Opcode, _ payload: [UInt8]) {
    writeWebSocket(Self.clientFrame(opcode, payload))
  }

  private func writeWebSocket(_ bytes: [UInt8]) {
    condition.lock()
    defer { condition.unlock() }
    guard !webSocketClosed, socketFD >= 0 else { return }
    if !FileDescriptorIO.writeAll(socketFD, bytes) { webSocketClosed = true }
  }

  private static func clientFrame(_ opcode: WebSocket.Opcode, _ payload: [UInt8]) -> [UInt8] {
    var frame = WebSocket.frame(opcode, payload)
    // The server's form, then the mask bit, the key and the masked payload.
    let headerLength = frame.count - payload.count
    frame[1] |= 0x80
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    var masked = Array(frame[..<headerLength]) + mask
    masked.reserveCapacity(frame.count + 4)
    for (i, byte) in payload.enumerated() { masked.append(byte ^ mask[i & 3]) }
    return masked
  }

  /// The caller's base-protocol bytes as text frames, a body each.
  private func sendOverWebSocket(_ bytes: [UInt8]) {
    guard var framer = webSocketFramer else { return }
    bytes.withUnsafeBytes { framer.append($0) }
    var bodies: [[UInt8]] = []
    while let event = framer.next() {
      switch event {
      case .body(let range): bodies.append(Array(framer.buffer[range]))
      case .badHeader(let problem):
        condition.lock()
        protocolErrors.append(
          "a header WebSocket cannot carry (\(problem)): the base protocol's framing is not sent over WebSocket"
        )
        condition.unlock()
      case .oversized, .skippedWatched: break
      }
    }
    webSocketFramer = framer
    // One write for what the caller sent in one, as over a byte stream (a request and its
    // cancellation sent together arrive together).
    writeWebSocket(bodies.flatMap { Self.clientFrame(.text, $0) })
  }

  /// A body that starts as a notification: a `method` and no `id` before it. Servers that write
  /// `id` after `method` in a request would be misread; only benchmarks skip, against servers
  /// that put `id` first or send no requests.
  fileprivate static func isNotification(_ body: ArraySlice<UInt8>) -> Bool {
    body.starts(with: notificationPrefix)
  }

  private static let notificationPrefix = Array(#"{"jsonrpc":"2.0","method":"#.utf8)

  private func readErrors(_ fd: Int32) {
    Self.readPieces(fd) { data in
      condition.lock()
      stderrData.append(contentsOf: data)
      condition.unlock()
    }
    condition.lock()
    stderrClosed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Every message body received so far, exactly as written (nothing is consumed).
  public var receivedBodies: [String] {
    condition.lock()
    defer { condition.unlock() }
    return bodies
  }

  /// Why a server could not be joined, with how it ended.
  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The exit status once the server ended, nil while it runs.
  public var exitStatus: Int32? {
    if transport == .websocket {
      condition.lock()
      defer { condition.unlock() }
      return webSocketExit
    }
    return process.terminationStatus
  }

  /// The last `count` non-empty lines the server wrote to stderr, each cut to 200 characters.
  public func standardErrorTail(_ count: Int = 3) -> [String] {
    let lines = standardError.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).filter {
      !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }
    return lines.suffix(count).map { $0.count > 200 ? String($0.prefix(200)) + "…" : String($0) }
  }

  /// ` (exit status N); its stderr ended with: …` once the server ended, for a report line
  /// (empty while it runs).
  public var exitReport: String {
    guard let status = exitStatus else { return "" }
    let tail = standardErrorTail()
    return " (exit status \(status))"
      + (tail.isEmpty
        ? "; it wrote nothing to stderr" : "; its stderr ended with: " + tail.joined(separator: " ⏎ "))
  }

  /// Everything the server wrote to stderr so far.
  public var standardError: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: stderrData, as: UTF8.self)
  }

  // MARK: - Sending

  /// Sends one framed JSON message.
  public func send(_ message: JSONValue) {
    sendRaw(MessageWriter.frame(message))
  }

  /// Sends bytes exactly as given (framing tests).
  public func sendRaw(_ bytes: [UInt8]) {
    guard !inputClosed else { return }
    if transport == .websocket {
      sendOverWebSocket(bytes)
      return
    }
    if socketFD >= 0 {
      if !FileDescriptorIO.writeAll(socketFD, bytes) { inputClosed = true }
      return
    }
    if !FileDescriptorIO.writeAll(process.standardInput, bytes) { inputClosed = true }
  }

  public func sendRaw(_ text: String) { sendRaw(Array(text.utf8)) }

  public func notify(_ method: String, _ params: JSONValue? = nil) {
    var message: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
    if let params { message["params"] = params }
    send(.object(message))
  }

  /// Sends a request with a fresh integer id and returns the id.
  @discardableResult
  public func sendRequest(_ method: String, _ params: JSONValue? = nil) -> Int {
    let id = nextID
    nextID += 1
    var message: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
    if let params { message["params"] = params }
    send(.object(message))
    return id
  }

  /// Sends a request and waits for its response; notifications that arrive first stay queued.
  public func request(_ method: String, _ params: JSONValue? = nil, timeout: Double = 10) throws -> JSONValue
  {
    let id = sendRequest(method, params)
    return try response(id: .int(id), timeout: timeout)
  }

  /// Closes the server's stdin (end of input).
  public func closeInput() {
    guard !inputClosed else { return }
    inputClosed = true
    if transport == .websocket {
      // The session's end of input: a close frame; the server's close answers it.
      sendFrame(.close, [0x03, 0xE8])
      condition.lock()
      webSocketClosed = true
      condition.unlock()
      return
    }
    if socketFD >= 0 {
      // The server reads the end of its input; its answers can still come back.
      // Fits: a small constant.
      _ = shutdown(socketFD, Int32(SHUT_WR))
      return
    }
    process.closeInput()
  }

  // MARK: - Receiving

  /// Waits for the first queued message that satisfies `predicate` and removes it.
  public func receive(
    timeout: Double = 10, what: String = "a message", where predicate: (JSONValue) -> Bool = { _ in true }
  ) throws -> JSONValue {
    let start = MonotonicTime.now()
    let deadline = MonotonicTime.after(seconds: timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let index = inbox.firstIndex(where: predicate) {
        inboxTexts.remove(at: index)
        SlowWaits.note(what, since: start, timeout: timeout, label: label)
        return inbox.remove(at: index)
      }
      if outputClosed { throw ClientError.exited(what) }
      if !condition.wait(until: deadline) { throw ClientError.timeout(what) }
    }
  }

  /// The response to request `id` (matched on the JSON value of the id).
  public func response(id: JSONValue, timeout: Double = 10) throws -> JSONValue {
    try receive(timeout: timeout, what: "the response to \(id.serialized)") {
      $0["method"] == nil && $0["id"] == id
    }
  }

  /// The next notification named `method`.
  public func notification(_ method: String, timeout: Double = 10) throws -> JSONValue {
    try receive(timeout: timeout, what: method) { $0["method"]?.stringValue == method }
  }

  /// Everything received and not yet taken, left in place.
  public func pending() -> [JSONValue] {
    condition.lock()
    defer { condition.unlock() }
    return inbox
  }

  /// Removes and returns everything received so far.
  public func drain() -> [JSONValue] {
    condition.lock()
    defer { condition.unlock() }
    let messages = inbox
    inbox.removeAll()
    inboxTexts.removeAll()
    return messages
  }

  /// Waits for the first queued message whose body, as the server wrote it, contains `text`
  /// (a number's spelling, say, which parsing loses), removes it and returns the body.
  public func receiveBody(containing text: String, timeout: Double = 10, what: String) throws -> String {
    let deadline = MonotonicTime.after(seconds: timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let index = inboxTexts.firstIndex(where: { $0.contains(text) }) {
        inbox.remove(at: index)
        return inboxTexts.remove(at: index)
      }
      if outputClosed { throw ClientError.exited(what) }
      if !condition.wait(until: deadline) { throw ClientError.timeout(what) }
    }
  }

  /// Waits until the server's stdout closes, then returns every message not yet taken.
  public func collectUntilExit(timeout: Double = 10) throws -> [JSONValue] {
    let start = MonotonicTime.now()
    let deadline = MonotonicTime.after(seconds: timeout)
    condition.lock()
    defer { condition.unlock() }
    while !outputClosed {
      if !condition.wait(until: deadline) { throw ClientError.timeout("the server to close its output") }
    }
    SlowWaits.note("the server to close its output", since: start, timeout: timeout, label: label)
    let messages = inbox
    inbox.removeAll()
    inboxTexts.removeAll()
    return messages
  }

  /// Waits for the process to end and returns its exit status.
  public func waitForExit(timeout: Double = 10) throws -> Int32 {
    let deadline = MonotonicTime.after(seconds: timeout)
    if transport == .websocket {
      // The session's end: the server's close frame, with its exit status.
      condition.lock()
      defer { condition.unlock() }
      while !outputClosed {
        if !condition.wait(until: deadline) { throw ClientError.timeout("the server to end the session") }
      }
      guard let status = webSocketExit else {
        throw ClientError.exited("the session's exit status (no close frame gave one)")
      }
      return status
    }
    guard let status = process.waitForExit(until: deadline) else {
      throw ClientError.timeout("the server to exit")
    }
    // Everything it wrote to stderr read too: the reader thread may still hold the last bytes.
    condition.lock()
    defer { condition.unlock() }
    while !stderrClosed && !deadline.hasPassed { condition.wait(until: deadline) }
    return status
  }

  public var isRunning: Bool { process.isRunning }

  public var processIdentifier: Int32 { process.pid }

  /// Sends SIGTERM to the server and to every process in its group: a command run through
  /// `sh -c` leaves the shell's children running when only the shell is signalled.
  public func terminate() {
    process.signalGroup(SIGTERM)
  }

  /// Ends the server however the session went: closes its input, signals its process group,
  /// and after `grace` seconds kills whatever of the group is left. Nothing the server started
  /// outlives the session (unless it left the group on purpose).
  public func end(grace: Double = 1) {
    closeInput()
    process.signalGroup(SIGTERM)
    process.waitForExit(until: .after(seconds: grace))
    process.signalGroup(SIGKILL)
  }
}

extension ServerProcess {
  public struct ResponseFailure: Error, CustomStringConvertible {
    public var method: String
    public var error: JSONValue
    public var description: String { "\(method) failed: \(error.serialized)" }
  }

  /// The `result` of a request; an error response throws.
  public func result(_ method: String, _ params: JSONValue? = nil, timeout: Double = 10) throws -> JSONValue {
    let response = try request(method, params, timeout: timeout)
    if let error = response["error"] { throw ResponseFailure(method: method, error: error) }
    return response["result"] ?? .null
  }
}
