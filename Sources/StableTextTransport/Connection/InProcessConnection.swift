import StableTextJSON

/// A connection's whole input path (framing, JSON, the decoder, dispatch, the handler) without
/// threads or file descriptors: bytes in, messages out. Fuzzing, tests and benchmarks drive it.
public final class InProcessConnection<Handler: MessageHandler> {
  @usableFromInline let reader: MessageReader<Handler.Decoder, Handler.Framing>
  public let dispatcher: MessageDispatcher<Handler>
  public let output: MemorySink

  /// `output` must be the sink the handler sends its notifications to.
  public init(handler: Handler, output: MemorySink, maxMessageBytes: Int, log: Logger) {
    JSONParser.prepareForThreads()
    reader = MessageReader(maxMessageBytes: maxMessageBytes, log: log, dialect: Handler.dialect)
    self.output = output
    dispatcher = MessageDispatcher(handler: handler, sink: output)
  }

  @inlinable public var handler: Handler { dispatcher.handler }

  /// Feeds bytes as if read from the input; returns the exit status once the handler exited.
  @inlinable @discardableResult
  public func feed(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    reader.append(bytes)
    let code = dispatcher.process(reader.readWork())
    handler.sendOwed()
    return code
  }
}
