import StableTextJSON
import StableTextTransport

/// The daemon's whole input path (framing, JSON, dispatch, the server) in process, on an
/// `InProcessConnection`: bytes in, messages out. The fuzzer, the replay tests and the pipeline
/// benchmark drive it.
public final class InProcessSession {
  private let connection: InProcessConnection<LanguageServer>

  /// `readsBack: false` keeps only the bytes each message would go out as, as the daemon's
  /// writer does (benchmarks); by default every message is also parsed back for inspection.
  public init(
    maxMessageBytes: Int = 1 << 20, limits: ServerLimits = ServerLimits(),
    log: Logger = Logger(level: .error, fileDescriptor: -1), readsBack: Bool = true
  ) {
    let output = MemorySink()
    output.readsBack = readsBack
    connection = InProcessConnection(
      handler: LanguageServer(sink: output, log: log, limits: limits), output: output,
      maxMessageBytes: maxMessageBytes, log: log)
  }

  public var server: LanguageServer { connection.handler }

  /// Feeds bytes as if read from stdin; returns the exit status once `exit` was processed.
  @discardableResult
  public func feed(_ bytes: UnsafeRawBufferPointer) -> Int32? { connection.feed(bytes) }

  @discardableResult
  public func feed(_ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { feed($0) }
  }

  /// Every message sent so far, each serialized and parsed back (and takes them).
  public func takeOutput() -> [JSONValue] {
    defer { clear() }
    return connection.output.messages
  }

  /// Every message body written so far, as the bytes that would go out (and takes them).
  public func takeOutputBodies() -> [[UInt8]] {
    defer { clear() }
    return connection.output.bodies
  }

  private func clear() {
    connection.output.messages.removeAll()
    connection.output.bodies.removeAll()
  }

  /// Numbers the server tried to send that JSON cannot hold (infinity, NaN): the writer puts
  /// `null` in their place, and the fuzzer fails on any.
  public var nonFiniteNumbers: [String] { connection.output.nonFinite }
}
