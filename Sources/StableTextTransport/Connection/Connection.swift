import StableTextJSON
import StableTextSystem

/// A JSON-RPC connection over file descriptors (stdio, or a socket for both directions) that
/// drives a `MessageHandler`.
///
/// Two threads share the work: a reader thread reads the input, splits frames and reads each
/// body (the handler's decoder first, jansson otherwise), and hands whole messages to the
/// calling thread, which runs them in order. Everything already parsed is taken at once before
/// anything runs, so a cancellation (`$/cancelRequest`) can reach a request waiting behind
/// others. Whatever the handler owes and the buffered output are flushed whenever nothing parsed
/// is waiting, and the handler's background work runs then, a slice at a time. The handler's
/// protocol decides the framing (`MessageHandler.Framing`) and the writer must frame alike.
public final class Connection<Handler: MessageHandler> {
  public let dispatcher: MessageDispatcher<Handler>
  @usableFromInline let writer: MessageWriter
  @usableFromInline let log: Logger
  @usableFromInline let reader: MessageReader<Handler.Decoder, Handler.Framing>
  @usableFromInline let queue: WorkQueue<Handler.Decoder.Message>
  /// Whether the connection ends as soon as its output fails (its reader is gone): the work it
  /// queued is dropped, not done for nobody. A WebSocket session's (its peer went or took
  /// nothing for `--send-seconds`); over stdio the daemon goes on to the end of its input.
  public var endsWhenOutputFails = false

  /// `writer` is where replies go; the handler was given it (or anything that forwards to it)
  /// for its own notifications. At most `maxQueuedBytes` of bodies wait to be handled.
  @inlinable
  public init(
    handler: Handler, writer: MessageWriter, maxMessageBytes: Int,
    maxQueuedBytes: Int = WorkQueue<Handler.Decoder.Message>.defaultByteBudget, log: Logger
  ) {
    self.writer = writer
    self.log = log
    let queue = WorkQueue<Handler.Decoder.Message>(byteBudget: maxQueuedBytes)
    self.queue = queue
    // A deferred request's result wakes this connection's thread through its queue.
    dispatcher = MessageDispatcher(
      handler: handler, sink: writer, background: BackgroundWorker(log: log) { queue.put([.completed]) })
    reader = MessageReader(maxMessageBytes: maxMessageBytes, log: log, dialect: Handler.dialect)
  }

  /// Stops the connection for a termination signal (from any thread): the work already taken
  /// is finished, what is owed is written out, and `run` returns 128 + `signal`.
  @inlinable
  public func interrupt(_ signal: Int32) { queue.interrupt(signal) }

  @inlinable public var handler: Handler { dispatcher.handler }

  /// After `run` returned before its input ended (the handler exited): waits until the reader
  /// thread has stopped reading, discarding what it still reads, so that its descriptor can be
  /// closed without another thread reading the number once it is reused. End the input first
  /// (`shutdown`), or this waits for its end.
  @inlinable
  public func drainInput() {
    while true {
      let (_, ended) = queue.take(wait: true)
      if ended { return }
    }
  }

  /// Runs until the handler exits or the input ends; returns the exit status. However it ends,
  /// the handler's background thread ends with it (`MessageDispatcher.stopBackground`).
  @inlinable
  public func run(inputFileDescriptor: Int32) -> Int32 {
    defer { dispatcher.stopBackground() }
    JSONParser.prepareForThreads()
    let queue = queue
    let reader = reader
    SystemThread.detach(name: "st-reader", stackSize: 8 << 20) {
      reader.readLoop(inputFileDescriptor, into: queue)
    }
    while true {
      var (work, ended) = queue.take(wait: false)
      if work.isEmpty && !ended {
        // Nothing parsed is waiting: send what is owed and write it out, then go on with the
        // handler's background work one slice at a time, and block only when there is none.
        handler.sendOwed()
        writer.flush()
        if handler.idle() { continue }
        (work, ended) = queue.take(wait: true, until: handler.wakeTime)
      }
      let abandons = endsWhenOutputFails
      let writer = writer
      if let code = dispatcher.process(work, stopping: { abandons && writer.failed }) { return code }
      if abandons && writer.failed { return finish() }
      if let signal = queue.signal { return finish(signal: signal) }
      if ended && work.isEmpty { return finish() }
    }
  }

  /// Everything owed written out after a termination signal; the status is 128 + its number,
  /// as a shell reports a process the signal ended.
  @inlinable
  func finish(signal: Int32) -> Int32 {
    handler.sendOwed()
    writer.flush()
    let code = 128 + signal
    log.info("stopped by \(SignalWaiter.name(of: signal)); exiting with \(code)")
    return code
  }

  /// The end of the input: what was asked before it and is still running off the handler's
  /// thread is answered first (an MCP client that writes its calls and closes its end is owed
  /// them; a client that has gone loses nothing by the wait).
  @inlinable
  func finish() -> Int32 {
    dispatcher.awaitInFlight()
    handler.sendOwed()
    writer.flush()
    let code = handler.exitCodeAtEndOfInput
    log.info("end of input; exiting with \(code)")
    return code
  }
}

extension MessageWriter: MessageSink {}
