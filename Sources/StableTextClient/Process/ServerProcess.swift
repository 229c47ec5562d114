import StableTextJSON
import StableTextSystem
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A language server running as a child process, joined over one of LSP's transports: its
/// stdin and stdout, a pipe or a socket it connects to, or WebSocket. This type runs the
/// process (its start, its stderr, its end); what carries the messages is a `StreamConnection`
/// or a `WebSocketClient`, and the requests and waits are `ServerConnection`'s. Used by the demo,
/// the session tests and the conformance runner, so every one of them exercises the real binary
/// through real pipes.
public final class ServerProcess: ServerConnection, @unchecked Sendable {
  /// Why a server could not be joined, with how it ended.
  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
  }

  private let process: ChildProcess
  private let errors = StandardErrorLog()
  /// What carries the messages (set once the server is joined).
  private var carrier: (any ServerConnection)!
  public let transport: ServerTransport
  public let conversation: Conversation
  public let framing: any MessageFraming.Type
  /// What the connection bounds of the server (the longest message, a write's wait).
  public let limits: ConnectionLimits

  /// Starts `executable` with `arguments` (and, for a socket transport, the argument that says
  /// where to connect).
  /// `framing` is the protocol's over stdio: LSP's, or MCP's lines (`stabletext mcp`).
  public convenience init(
    executable: String, arguments: [String] = [], environment: [String: String]? = nil,
    skipsNotifications: Bool = false, transport: ServerTransport = .stdio,
    framing: any MessageFraming.Type = FrameReader.self, limits: ConnectionLimits = .init()
  ) throws {
    let listener = transport.clientListens ? try ClientListener(transport) : nil
    let extra = listener.map { [$0.serverArgument] } ?? (transport == .websocket ? ["--websocket=0"] : [])
    try self.init(
      executable: executable, arguments: arguments + extra,
      environment: environment, skipsNotifications: skipsNotifications, listener: listener,
      transport: transport, framing: framing, limits: limits)
  }

  /// Starts a shell command line (`sh -c`), for running other servers by command; a socket
  /// transport's argument is appended to the line. `environment` is set over this process's own.
  public convenience init(
    command: String, environment: [String: String] = [:], skipsNotifications: Bool = false,
    transport: ServerTransport = .stdio, limits: ConnectionLimits = .init()
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
      listener: listener, transport: transport, framing: FrameReader.self, limits: limits)
  }

  private init(
    executable: String, arguments: [String], environment: [String: String]?, skipsNotifications: Bool,
    listener: ClientListener?, transport: ServerTransport, framing: any MessageFraming.Type,
    limits: ConnectionLimits
  ) throws {
    self.transport = transport
    self.framing = framing
    self.limits = limits
    conversation = Conversation(skipsNotifications: skipsNotifications)
    conversation.maxHeldBytes = limits.maxHeldBytes
    // A server that exits before reading what it was sent makes the next write fail with EPIPE:
    // an answer for the caller (the runner reports how the server ended), not a signal that ends
    // the caller's whole process.
    signal(SIGPIPE, SIG_IGN)
    process = try ChildProcess(executable: executable, arguments: arguments, environment: environment)
    errors.start(reading: process.standardError, of: process)
    do {
      carrier = try join(listener: listener)
    } catch {
      end(grace: 0)
      _ = try? waitForExit(timeout: 1)
      throw StartFailure(description: "\(error)\(exitReport)")
    }
  }

  /// The carrier for the transport: the child's pipes, the socket it connected to, or a
  /// WebSocket to the port it names on stderr.
  private func join(listener: ClientListener?) throws -> any ServerConnection {
    if let listener {
      let child = process
      let socket = try listener.accept(timeout: 10) { child.isRunning }
      readStrayOutput()
      return StreamConnection(socket: socket, conversation: conversation, limits: limits)
    }
    if transport == .websocket {
      let port = try errors.listeningPort(deadline: .after(seconds: 10)) { [process] in process.isRunning }
      let client = try WebSocketClient(port: port, conversation: conversation, limits: limits)
      readStrayOutput()
      return client
    }
    return StreamConnection(child: process, conversation: conversation, limits: limits, framing: framing)
  }

  deinit {
    if process.isRunning { terminate() }
  }

  /// With a socket, stdout carries nothing: anything written there is reported.
  private func readStrayOutput() {
    let stdout = process.standardOutput
    SystemThread.detach(name: "st-client-stray") { [process, conversation, transport] in
      withExtendedLifetime(process) {
        readPieces(stdout) { data in
          conversation.report(
            "\(data.count) bytes on stdout with the \(transport.rawValue) transport: \(String(decoding: data.prefix(100), as: UTF8.self))"
          )
        }
      }
    }
  }

  // MARK: - ServerConnection

  public func sendRaw(_ bytes: [UInt8]) { carrier.sendRaw(bytes) }

  /// Closes the server's input: its stdin, the socket's writing half, or a WebSocket close
  /// frame (the server's close answers it).
  public func closeInput() { carrier.closeInput() }

  // MARK: - The process

  /// The exit status once the server ended, nil while it runs; over WebSocket the status the
  /// server's close frame gave.
  public var exitStatus: Int32? {
    if let client = carrier as? WebSocketClient { return client.closeStatus }
    return process.terminationStatus
  }

  /// The last `count` non-empty lines the server wrote to stderr, each cut to 200 characters and
  /// escaped (`ShownText`: its ESC, BEL and CR, a `::error::` or `##[error]`, are shown, never
  /// acted on).
  public func standardErrorTail(_ count: Int = 3) -> [String] {
    let lines = standardError.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).filter {
      !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }
    return lines.suffix(count).map {
      ShownText.escaped($0.count > 200 ? String($0.prefix(200)) + "…" : String($0))
    }
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
  public var standardError: String { errors.text }

  /// Waits for the process to end and returns its exit status; over WebSocket, for the session
  /// to end (the server's close frame, with its exit status).
  public func waitForExit(timeout: Double = 10) throws -> Int32 {
    let deadline = MonotonicTime.after(seconds: timeout)
    if let client = carrier as? WebSocketClient {
      guard conversation.waitUntilClosed(deadline: deadline) else {
        throw Conversation.ClientError.timeout("the server to end the session")
      }
      guard let status = client.closeStatus else {
        throw Conversation.ClientError.exited("the session's exit status (no close frame gave one)")
      }
      return status
    }
    guard let status = process.waitForExit(until: deadline) else {
      throw Conversation.ClientError.timeout("the server to exit")
    }
    // Everything it wrote to stderr read too: the reader thread may still hold the last bytes.
    errors.waitUntilClosed(deadline: deadline)
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
    carrier?.closeInput()
    process.signalGroup(SIGTERM)
    process.waitForExit(until: .after(seconds: grace))
    process.signalGroup(SIGKILL)
  }
}

extension ServerProcess {
  public typealias ClientError = Conversation.ClientError
}
