import StableTextJSON
import StableTextTransport

/// The daemon's whole input path (framing, JSON, dispatch, the server) without threads or file
/// descriptors: bytes in, messages out. The fuzzer and the replay tests drive it.
public final class InProcessSession {
  private let input: InputReader
  private let dispatcher: Dispatcher
  private let output = MemorySink()

  public init(
    maxMessageBytes: Int = 1 << 20, limits: ServerLimits = ServerLimits(),
    log: Logger = Logger(level: .error, fileDescriptor: -1)
  ) {
    JSONParser.prepareForThreads()
    input = InputReader(maxMessageBytes: maxMessageBytes, log: log)
    dispatcher = Dispatcher(server: LanguageServer(sink: output, log: log, limits: limits), sink: output)
  }

  public var server: LanguageServer { dispatcher.server }

  /// Feeds bytes as if read from stdin; returns the exit status once `exit` was processed.
  @discardableResult
  public func feed(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    input.append(bytes)
    let code = dispatcher.process(input.readWork())
    server.flushDiagnostics()
    return code
  }

  @discardableResult
  public func feed(_ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { feed($0) }
  }

  /// Every message sent so far, each serialized by jansson and parsed back.
  public func takeOutput() -> [JSONValue] {
    defer { output.messages.removeAll() }
    return output.messages
  }
}

/// Collects outgoing messages, passing each through the serializer as the daemon would.
final class MemorySink: FlushingSink {
  var messages: [JSONValue] = []

  func send(_ message: JSONValue) {
    let text = JSONSerializer.string(message)
    messages.append((try? JSONValue(parsing: text)) ?? message)
  }

  func flush() {}
}
