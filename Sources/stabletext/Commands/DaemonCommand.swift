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
    var level = Logger.Level.info
    var logFile: String?
    var limits = ServerLimits()
    var maxMessageBytes: Int?
    var maxQueuedBytes = WorkQueue<DidChangeDecoder.Message>.defaultByteBudget
    var transport = Transport.stdio
    var clientProcessID: Int32?
    var positionEncoding: PositionEncoding?
    var maxConnections = 16
    var allowedOrigins: [String] = []
    var handshakeSeconds = 10
    var sendSeconds = 30
    var idleSeconds = 60
    var rest = OptionReader(arguments)
    while let option = rest.next() {
      switch option.name {
      case "--stdio":
        guard option.inlineValue == nil else { return Usage.fail("--stdio takes no value") }
        transport = .stdio
      case "--pipe":
        guard let value = rest.nonEmptyValue(for: option) else {
          return Usage.fail("--pipe needs the path of the client's socket (--pipe=NAME)")
        }
        transport = .pipe(value)
      case "--socket", "--port":
        guard let value = rest.value(for: option), let port = Int(value), (1...65535).contains(port) else {
          return Usage.fail("\(option.name) needs a port from 1 to 65535 (\(option.name)=PORT)")
        }
        transport = .socket(port)
      case "--websocket":
        guard let value = rest.value(for: option), let port = UInt16(value) else {
          return Usage.fail("--websocket needs a port from 0 to 65535, 0 for any free one (--websocket=PORT)")
        }
        transport = .webSocket(port)
      case "--max-connections":
        guard let count = rest.positiveInteger(for: option) else {
          return Usage.fail("--max-connections needs a positive number")
        }
        maxConnections = count
      case "--handshake-seconds":
        guard let seconds = rest.positiveInteger(for: option), seconds <= 3600 else {
          return Usage.fail("--handshake-seconds needs a number of seconds from 1 to 3600")
        }
        handshakeSeconds = seconds
      case "--send-seconds":
        guard let seconds = rest.positiveInteger(for: option), seconds <= 3600 else {
          return Usage.fail("--send-seconds needs a number of seconds from 1 to 3600")
        }
        sendSeconds = seconds
      case "--idle-seconds":
        guard let seconds = rest.positiveInteger(for: option), seconds <= 86400 else {
          return Usage.fail("--idle-seconds needs a number of seconds from 1 to 86400")
        }
        idleSeconds = seconds
      case "--allow-origin":
        guard let value = rest.nonEmptyValue(for: option), value.contains("://") else {
          return Usage.fail(
            "--allow-origin needs an origin such as https://example.com (--allow-origin=ORIGIN)")
        }
        allowedOrigins.append(value)
      case "--clientProcessId":
        guard let value = rest.value(for: option), let pid = Int32(value), pid > 0 else {
          return Usage.fail("--clientProcessId needs a process id (a positive number)")
        }
        clientProcessID = pid
      case "--position-encoding":
        guard let value = rest.value(for: option), let parsed = PositionEncoding(rawValue: value) else {
          return Usage.fail(
            "--position-encoding needs one of utf-8, utf-16, utf-32 (--position-encoding=ENC)")
        }
        positionEncoding = parsed
      case "--version":
        Standard.output(VersionReport.text)
        return 0
      case "--help", "-h":
        Standard.output(Usage.text)
        return 0
      case "--log-level":
        guard let value = rest.value(for: option), let parsed = Logger.Level(name: value) else {
          return Usage.fail("--log-level needs one of error, warning, info, debug")
        }
        level = parsed
      case "--log-file":
        guard let value = rest.nonEmptyValue(for: option) else {
          return Usage.fail("--log-file needs a path")
        }
        logFile = value
      case "--max-documents":
        guard let count = rest.positiveInteger(for: option) else {
          return Usage.fail("--max-documents needs a positive number")
        }
        limits.maxDocuments = count
      case "--max-document-bytes":
        // The row index keeps a line's rows in 32 bits: no line may hold more bytes than that.
        guard let bytes = rest.positiveInteger(for: option), bytes <= Int(Int32.max) else {
          return Usage.fail("--max-document-bytes needs a positive number of bytes, at most 2147483647")
        }
        limits.maxDocumentBytes = bytes
      case "--max-total-bytes":
        guard let bytes = rest.positiveInteger(for: option) else {
          return Usage.fail("--max-total-bytes needs a positive number of bytes")
        }
        limits.maxTotalBytes = bytes
      case "--max-message-bytes":
        guard let bytes = rest.positiveInteger(for: option) else {
          return Usage.fail("--max-message-bytes needs a positive number of bytes")
        }
        maxMessageBytes = bytes
      case "--max-queued-bytes":
        guard let bytes = rest.positiveInteger(for: option) else {
          return Usage.fail("--max-queued-bytes needs a positive number of bytes")
        }
        maxQueuedBytes = bytes
      default:
        return Usage.fail("unknown option \(option.name)")
      }
    }

    var logFD: Int32 = 2
    if let logFile {
      logFD = open(logFile, O_WRONLY | O_CREAT | O_APPEND, 0o644)
      guard logFD >= 0 else { return Usage.fail("cannot open log file \(logFile) (errno \(errno))") }
    }
    // Keep the real stdout for the protocol and point fd 1 at stderr, so that a stray print
    // anywhere in the process cannot corrupt the stream.
    let protocolFD = dup(1)
    guard protocolFD >= 0, dup2(2, 1) >= 0 else {
      Standard.error("stabletext: cannot set up stdout (errno \(errno))\n")
      return 1
    }
    let log = Logger(level: level, fileDescriptor: logFD)
    if case .stdio = transport, isatty(0) == 1 {
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
          _exit(128 + signal)
        }
      }
      MonotonicTime.sleep(seconds: 1)
      log.error(
        "still busy a second after \(SignalWaiter.name(of: signal)); exiting with \(128 + signal) without writing what was left"
      )
      // `_exit` runs no `atexit` handler: the private folders (the EditorConfig mirror) go now.
      PrivateFolder.removeAll()
      _exit(128 + signal)
    }
    if case .webSocket(let port) = transport {
      stopping.servesMany = true
      // Every session may hold a message being read: the WebSocket daemon's default is an
      // eighth of the stdio one (Protocol/README.md, "Limits").
      var options = WebSocketServer.Options(
        port: port, maxMessageBytes: maxMessageBytes ?? 8 * 1024 * 1024, page: WebPage.bytes)
      options.maxConnections = maxConnections
      options.allowedOrigins = allowedOrigins
      options.handshakeSeconds = handshakeSeconds
      options.sendSeconds = sendSeconds
      options.idleSeconds = idleSeconds
      return WebSocketSessions.serve(
        options: options, log: log, stopping: stopping, limits: limits, positionEncoding: positionEncoding,
        maxQueuedBytes: maxQueuedBytes,
        announce: announce.map { line in { port in FileDescriptorIO.writeAll(protocolFD, line(port)) } })
    }
    // The connection's file descriptors: stdin and the real stdout, or one socket both ways.
    let input: Int32
    let output: Int32
    do throws(SocketConnector.Failure) {
      switch transport {
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
    let server = LanguageServer(sink: writer, log: log, limits: limits)
    server.commandLineEncoding = positionEncoding
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
    if let clientProcessID {
      watch(clientProcessID)
    } else {
      server.onClientProcessID = watch
    }
    let connection = Connection(
      handler: server, writer: writer, maxMessageBytes: maxMessageBytes ?? 64 * 1024 * 1024,
      maxQueuedBytes: maxQueuedBytes,
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

/// Reads `--name value` and `--name=value` forms.
struct OptionReader {
  struct Option {
    var name: String
    var inlineValue: String?
  }

  private var arguments: ArraySlice<String>
  /// Arguments that are not options, in order.
  private(set) var operands: [String] = []

  init(_ arguments: [String]) {
    self.arguments = arguments[...]
  }

  /// The next option; operands (and `-` for stdin) are collected into `operands`.
  mutating func next() -> Option? {
    while let argument = arguments.popFirst() {
      if argument == "--" {
        operands.append(contentsOf: arguments)
        arguments = []
        return nil
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        operands.append(argument)
        continue
      }
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        return Option(
          name: String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...]))
      }
      return Option(name: argument, inlineValue: nil)
    }
    return nil
  }

  mutating func value(for option: Option) -> String? {
    if let inline = option.inlineValue { return inline }
    return arguments.popFirst()
  }

  /// The option's value as a positive integer, or `nil` when it is missing or is not one.
  /// The option's value, or `nil` when it is missing or empty.
  mutating func nonEmptyValue(for option: Option) -> String? {
    guard let value = value(for: option), !value.isEmpty else { return nil }
    return value
  }

  mutating func positiveInteger(for option: Option) -> Int? {
    guard let value = value(for: option), let number = Int(value), number > 0 else { return nil }
    return number
  }
}
