import StableTextJSON

/// A connection's whole input path (framing, JSON, the decoder, dispatch, the handler) without
/// threads or file descriptors: bytes in, messages out. Fuzzing, tests and benchmarks drive it.
public final class InProcessConnection<Handler: MessageHandler> {
  @usableFromInline let reader: MessageReader<Handler.Decoder>
  public let dispatcher: MessageDispatcher<Handler>
  public let output: MemorySink

  /// `output` must be the sink the handler sends its notifications to.
  public init(handler: Handler, output: MemorySink, maxMessageBytes: Int, log: Logger) {
    JSONParser.prepareForThreads()
    reader = MessageReader(maxMessageBytes: maxMessageBytes, log: log)
    self.output = output
    dispatcher = MessageDispatcher(handler: handler, sink: output)
  }

  @inlinable public var handler: Handler { dispatcher.handler }

  /// Feeds bytes as if read from the input; returns the exit status once the handler exited.
  @inlinable @discardableResult
  public func feed(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    reader.append(bytes)
    let code = dispatcher.process(reader.readWork())
    handler.flush()
    return code
  }
}

/// Collects outgoing messages, passing each through the serializer as a connection's writer
/// would.
public final class MemorySink: MessageSink {
  public var messages: [JSONValue] = []
  public var bodies: [[UInt8]] = []
  public var nonFinite: [String] = []
  /// Parse every message back for inspection (off for benchmarks: only the bytes are kept).
  public var readsBack = true

  public init() {}

  public func send(_ message: JSONValue) {
    let bytes = JSONSerializer.bytes(message)
    bodies.append(bytes)
    guard readsBack else { return }
    if Self.hasNonFinite(message) { nonFinite.append(String(decoding: bytes.prefix(300), as: UTF8.self)) }
    messages.append((try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self))) ?? message)
  }

  private static func hasNonFinite(_ value: JSONValue) -> Bool {
    switch value {
    case .double(let number): return !number.isFinite
    case .array(let items): return items.contains(where: hasNonFinite)
    case .object(let object): return object.pairs.contains { hasNonFinite($0.value) }
    default: return false
    }
  }

  public func flush() {}
}
