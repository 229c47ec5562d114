import Foundation
import StableTextJSON
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the framed byte stream, turns it into messages and drives the server.
///
/// Two threads share the work: a reader thread reads stdin, splits frames and reads each body
/// (a keystroke straight from its bytes, anything else with jansson), and hands whole messages
/// to the main thread, which runs them in order. Everything already parsed is taken at once before
/// anything runs, so `$/cancelRequest` can reach a request that is waiting behind others.
/// Diagnostics and output are flushed whenever nothing parsed is waiting.
public final class StdioLoop {
  public struct Options: Sendable {
    public var maxMessageBytes = 64 * 1024 * 1024
    public var limits = ServerLimits()
    public init() {}
  }

  private let dispatcher: Dispatcher
  private let writer: MessageWriter
  private let log: Logger
  private let input: InputReader

  public init(outputFileDescriptor: Int32, options: Options, log: Logger) {
    writer = MessageWriter(fileDescriptor: outputFileDescriptor)
    self.log = log
    let server = LanguageServer(sink: writer, log: log, limits: options.limits)
    dispatcher = Dispatcher(server: server, sink: writer)
    input = InputReader(maxMessageBytes: options.maxMessageBytes, log: log)
  }

  /// Runs until `exit` or end of input; returns the process exit code.
  public func run(inputFileDescriptor: Int32) -> Int32 {
    JSONParser.prepareForThreads()
    let queue = WorkQueue()
    let input = input
    let thread = Thread { input.readLoop(inputFileDescriptor, into: queue) }
    thread.stackSize = 8 << 20
    thread.name = "st-reader"
    thread.start()
    while true {
      var (work, ended) = queue.take(wait: false)
      if work.isEmpty && !ended {
        // Nothing parsed is waiting: publish what is owed and write it out, then go on with a
        // layout still estimated, one slice at a time, and block only when there is none.
        dispatcher.server.flushDiagnostics()
        writer.flush()
        if dispatcher.server.refineLayouts() { continue }
        (work, ended) = queue.take(wait: true)
      }
      if let code = dispatcher.process(work) { return code }
      if ended && work.isEmpty { return finish() }
    }
  }

  private func finish() -> Int32 {
    dispatcher.server.flushDiagnostics()
    writer.flush()
    let code: Int32 = dispatcher.server.phase == .shutDown ? 0 : 1
    log.info("end of input; exiting with \(code)")
    return code
  }
}
