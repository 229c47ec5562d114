import StableTextCore
import StableTextServer
import StableTextSystem
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `stabletext [--stdio] …`: the daemon.
enum DaemonCommand {
  /// `announce`: for `--websocket`, a line for the real stdout once the port is known (`demo
  /// --web`'s URL).
  static func run(_ arguments: [String], announce: (@Sendable (UInt16) -> String)? = nil) -> Int32 {
    let settings: DaemonSettings
    switch DaemonSettings.read(arguments) {
    case .run(let read): settings = read
    case .print(let text):
      Standard.output(text)
      return 0
    case .usageError(let message): return Usage.fail(message)
    }
    return serve(settings, announce: announce)
  }

  /// The daemon as `settings` say: its logs, its signals, then the connection of its transport
  /// (or, over WebSocket, the sessions).
  private static func serve(_ settings: DaemonSettings, announce: (@Sendable (UInt16) -> String)?) -> Int32 {
    let logFD: Int32
    let protocolFD: Int32
    switch Standard.protocolStreams(logFile: settings.logFile) {
    case .success(let streams): (logFD, protocolFD) = streams
    case .failure(let failure): return failure.status
    }
    let log = Logger(level: settings.level, fileDescriptor: logFD)
    if case .stdio = settings.transport, isatty(0) == 1 {
      // Someone typed `stabletext` at a terminal: say what waits there, rather than nothing.
      Standard.error(Usage.terminalHint)
    }
    log.info("stabletext \(ServerInfo.version) started (pid \(getpid()))")
    // Large blocks go back to the system when freed, on every transport: a document opened
    // whole passes through the message's bytes and its `String` before the rope holds it, and
    // glibc's sliding mapping threshold kept those for good (a 10 MB document left the daemon
    // 5.6 times the text larger, 2.9 times with this; Protocol/README.md, "Limits").
    Allocator.returnLargeBlocks()
    // Termination signals are waited for on a thread of their own (set up before any other
    // thread starts, so that all of them leave the signals to it): the connection stops after
    // the work in hand and what it owes is written; a connection stuck in a write nobody reads
    // is given a second.
    let stopping = StopSignal()
    SignalWaiter.start { signal in
      log.info("received \(SignalWaiter.name(of: signal)); stopping")
      let connections = stopping.all
      for connection in connections { connection.interrupt(signal) }
      if stopping.servesMany {
        // The WebSocket daemon: every session stops after its work in hand, then the process.
        let deadline = MonotonicTime.after(seconds: 1)
        while !stopping.all.isEmpty && MonotonicTime.now().nanoseconds < deadline.nanoseconds {
          MonotonicTime.sleep(seconds: 0.01)
        }
        if stopping.all.isEmpty {
          log.info("stopped by \(SignalWaiter.name(of: signal)); exiting with \(128 + signal)")
          PrivateFolder.removeAll()
          ChildProcess.endAll()
          _exit(128 + signal)
        }
      }
      MonotonicTime.sleep(seconds: 1)
      log.error(
        "still busy a second after \(SignalWaiter.name(of: signal)); exiting with \(128 + signal) without writing what was left"
      )
      // `_exit` runs no `atexit` handler: the private folders (the EditorConfig mirror) go now,
      // and the git processes asked off the handler thread are ended.
      PrivateFolder.removeAll()
      ChildProcess.endAll()
      _exit(128 + signal)
    }
    if case .webSocket(let port) = settings.transport {
      stopping.servesMany = true
      // Every session may hold a message being read: the WebSocket daemon's default is an
      // eighth of the stdio one (Protocol/README.md, "Limits").
      var options = WebSocketServer.Options(
        port: port, maxMessageBytes: settings.maxMessageBytes ?? 8 * 1024 * 1024, page: WebPage.bytes)
      options.maxConnections = settings.maxConnections
      options.allowedOrigins = settings.allowedOrigins
      options.handshakeSeconds = settings.handshakeSeconds
      options.sendSeconds = settings.sendSeconds
      options.idleSeconds = settings.idleSeconds
      return WebSocketSessions.serve(
        options: options, log: log, stopping: stopping, limits: settings.limits,
        positionEncoding: settings.positionEncoding,
        maxQueuedBytes: settings.maxQueuedBytes, allowGitHistory: settings.allowGitHistory,
        announce: announce.map { line in { port in FileDescriptorIO.writeAll(protocolFD, line(port)) } })
    }
    // The connection's file descriptors: stdin and the real stdout, or one socket both ways.
    let input: Int32
    let output: Int32
    do throws(SocketConnector.Failure) {
      switch settings.transport {
      case .stdio: (input, output) = (0, protocolFD)
      case .pipe(let path): input = try SocketConnector.connect(unixPath: path); output = input
      case .socket(let port): input = try SocketConnector.connect(loopbackPort: port); output = input
      case .webSocket: return 1
      }
    } catch {
      log.error("\(error)")
      Standard.error("stabletext: \(error)\n")
      return 1
    }
    let writer = MessageWriter(fileDescriptor: output)
    let server = LanguageServer(sink: writer, log: log, limits: settings.limits)
    server.commandLineEncoding = settings.positionEncoding
    // LSP: a server whose client is gone exits. The id comes from the option, or from
    // `initialize` (which does not replace one given on the command line).
    let watch: @Sendable (Int32) -> Void = { pid in
      let watched = ClientProcessWatch.start(pid) {
        log.error("the client process \(pid) is gone; exiting")
        exit(1)
      }
      if watched {
        log.info("watching the client process \(pid)")
      } else {
        log.warning("the client process \(pid) does not exist here; not watched")
      }
    }
    if let clientProcessID = settings.clientProcessID {
      watch(clientProcessID)
    } else {
      server.onClientProcessID = watch
    }
    let connection = Connection(
      handler: server, writer: writer, maxMessageBytes: settings.maxMessageBytes ?? 64 * 1024 * 1024,
      maxQueuedBytes: settings.maxQueuedBytes,
      log: log)
    stopping.add(connection)
    return connection.run(inputFileDescriptor: input)
  }
}

/// The connections a termination signal stops: the one of stdio and the socket transports, or
/// every WebSocket session open at the time.
final class StopSignal: @unchecked Sendable {
  private let lock = ConditionLock()
  private var held: [ObjectIdentifier: Connection<LanguageServer>] = [:]

  var all: [Connection<LanguageServer>] { lock.withLock { Array(held.values) } }

  /// The WebSocket daemon: its connections come and go, and the process outlives each.
  var servesMany: Bool {
    get { lock.withLock { many } }
    set { lock.withLock { many = newValue } }
  }
  private var many = false

  func add(_ connection: Connection<LanguageServer>) {
    lock.withLock { held[ObjectIdentifier(connection)] = connection }
  }

  func remove(_ connection: Connection<LanguageServer>) {
    _ = lock.withLock { held.removeValue(forKey: ObjectIdentifier(connection)) }
  }
}

/// Where the protocol flows: LSP's standard transports.
enum Transport {
  case stdio
  /// A Unix domain socket at this path, which the client listens on.
  case pipe(String)
  /// TCP to this port on 127.0.0.1, which the client listens on.
  case socket(Int)
  /// WebSocket connections this daemon accepts on 127.0.0.1 (0: any free port), each a session.
  case webSocket(UInt16)
}
