import StableTextMCP
import StableTextSystem
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `stabletext mcp [--log-level LEVEL] [--log-file FILE] [--max-message-bytes N]`: the checks as
/// tools for agents, MCP over stdio (Protocol/README.md, "MCP"): the transport's connection
/// with one JSON-RPC message a line, the `MCPServer` as its handler. It ends with its input.
enum MCPCommand {
  /// The daemon's options that mean the same here, read by their entries in `DaemonOption.all`.
  static let options = ["--log-level", "--log-file", "--max-message-bytes"]

  static func run(_ arguments: [String]) -> Int32 {
    var settings = DaemonSettings()
    var rest = OptionReader(arguments)
    while let given = rest.next() {
      if given.name == "--help" || given.name == "-h" {
        Standard.output(Usage.Command.mcp.help)
        return 0
      }
      guard options.contains(given.name), let option = DaemonOption.named(given.name) else {
        return Usage.fail("unknown option \(given.name) for mcp", command: .mcp)
      }
      guard option.read(rest.value(for: given), &settings) else {
        return Usage.fail(option.problem(given.name), command: .mcp)
      }
    }
    if let operand = rest.operands.first {
      return Usage.fail("mcp takes no operand, got \(operand)", command: .mcp)
    }
    let logFD: Int32
    let protocolFD: Int32
    switch Standard.protocolStreams(logFile: settings.logFile) {
    case .success(let streams): (logFD, protocolFD) = streams
    case .failure(let failure): return failure.status
    }
    let log = Logger(level: settings.level, fileDescriptor: logFD)
    log.info("stabletext mcp started (pid \(getpid()))")
    let writer = MessageWriter(fileDescriptor: protocolFD, framing: LineFraming.self)
    let connection = Connection(
      handler: MCPServer(log: log), writer: writer,
      maxMessageBytes: settings.maxMessageBytes ?? 64 * 1024 * 1024, log: log)
    // A termination signal ends the server after the work in hand, what it owes written (as the
    // daemon does); one stuck in a write nobody reads is given a second.
    let stopping = Stopping(connection)
    SignalWaiter.start { signal in
      log.info("received \(SignalWaiter.name(of: signal)); stopping")
      stopping.connection.interrupt(signal)
      MonotonicTime.sleep(seconds: 1)
      PrivateFolder.removeAll()
      _exit(128 + signal)
    }
    return connection.run(inputFileDescriptor: 0)
  }

  /// The connection, for the signal thread (`interrupt` may be called from any thread).
  final class Stopping: @unchecked Sendable {
    let connection: Connection<MCPServer>
    init(_ connection: Connection<MCPServer>) { self.connection = connection }
  }
}
