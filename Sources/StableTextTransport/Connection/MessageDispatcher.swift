import StableTextJSON
import StableTextProtocol

/// Runs parsed work against a handler in order and sends the replies: the JSON-RPC side of a
/// connection (envelopes, batches, errors with `id: null`, cancellation look-ahead). Shared by
/// the threaded connection and by in-process connections.
public final class MessageDispatcher<Handler: MessageHandler> {
  public let handler: Handler
  @usableFromInline let sink: MessageSink
  /// Where deferred requests run; without one (in-process connections), none are deferred.
  @usableFromInline let background: BackgroundWorker?
  /// Deferred requests not answered yet, with what turns their result into the answer and what
  /// tells their work that the client gave up.
  @usableFromInline var inFlight:
    [RequestID: (
      finish: (Result<JSONValue, ResponseError>) -> Result<JSONValue, ResponseError>,
      cancellation: CancellationFlag
    )] = [:]

  @inlinable
  public init(handler: Handler, sink: MessageSink, background: BackgroundWorker? = nil) {
    self.handler = handler
    self.sink = sink
    self.background = background
  }

  /// Runs the work in order; returns an exit code once the handler was told to exit. Stops
  /// before an item when `stopping` says so (the rest is dropped, not run).
  @inlinable
  public func process(_ work: [Work<Handler.Decoder.Message>], stopping: () -> Bool = { false }) -> Int32? {
    let cancelled = Self.cancellations(in: work)
    for item in work {
      if stopping() { return nil }
      if let code = run(item, cancelled) { return code }
    }
    return nil
  }

  @inlinable
  func run(_ item: Work<Handler.Decoder.Message>, _ cancelled: Set<RequestID>) -> Int32? {
    switch item {
    case .decoded(let message):
      handler.handle(decoded: message)
    case .failure(let error):
      handler.sendOwed()
      sink.send(Self.reply(nil, .failure(error)))
    case .single(let message):
      if let response = answer(message, cancelled, deferrable: true) {
        handler.sendOwed()
        sink.send(response)
      }
    case .completed:
      sendCompleted()
    case .batch(let messages):
      var responses: [JSONValue] = []
      for message in messages {
        if let response = answer(message, cancelled) { responses.append(response) }
        if handler.exitCode != nil { break }
      }
      if !responses.isEmpty {
        handler.sendOwed()
        sink.send(.array(responses))
      }
    }
    if let code = handler.exitCode {
      handler.sendOwed()
      sink.flush()
      return code
    }
    return nil
  }

  /// The response `message` deserves, if any, after telling the handler; `nil` too for a
  /// request deferred to the background thread (answered when it is done).
  @inlinable
  func answer(_ message: IncomingMessage, _ cancelled: Set<RequestID>, deferrable: Bool = false) -> JSONValue?
  {
    switch message {
    case .request(let id, let method, let params):
      if method == ShutdownRequest.method { awaitInFlight() }
      // A full background queue (a client that asks faster than answers are taken) answers here.
      if deferrable, let background, !cancelled.contains(id), inFlight[id] == nil, !background.isFull,
        let deferred = handler.deferral(request: method, params: params, id: id)
      {
        inFlight[id] = (deferred.finish, deferred.cancellation)
        background.submit(id, cancellation: deferred.cancellation, deferred.work)
        return nil
      }
      let result = handler.handle(request: method, params: params, id: id, cancelled: cancelled.contains(id))
      // A protocol that never answers a cancelled request (MCP) drops what the handler said.
      if cancelled.contains(id) && !Handler.dialect.cancellation.answersCancelledRequest { return nil }
      return Self.reply(id, result)
    case .notification(let method, let params):
      handler.handle(notification: method, params: params)
      return nil
    case .cancelRequest(let id, let params):
      let cancellation = Handler.dialect.cancellation
      handler.handle(notification: cancellation.method, params: params)
      // A deferred request still running is told to stop, and answered now where the protocol
      // answers cancelled requests; its result, when it comes, is dropped.
      if let deferred = inFlight.removeValue(forKey: id) {
        deferred.cancellation.cancel()
        if cancellation.answersCancelledRequest {
          handler.sendOwed()
          sink.send(Self.reply(id, .failure(.requestCancelled)))
        }
      }
      return nil
    case .response(let id):
      handler.handle(response: id)
      return nil
    case .invalid(let id, let error):
      handler.handle(invalid: error)
      return Self.reply(id, .failure(error))
    }
  }

  /// Sends the answers of the deferred requests that finished (not those cancelled meanwhile).
  @inlinable
  public func sendCompleted() {
    guard let background else { return }
    for (id, result) in background.takeResults() {
      guard let deferred = inFlight.removeValue(forKey: id) else { continue }
      handler.sendOwed()
      sink.send(Self.reply(id, deferred.finish(result)))
    }
  }

  /// The connection is over: the deferred requests still running are told to stop and are not
  /// answered, and the background thread ends (`BackgroundWorker.stop`).
  @inlinable
  public func stopBackground() {
    for deferred in inFlight.values { deferred.cancellation.cancel() }
    inFlight.removeAll()
    background?.stop()
  }

  /// Waits for every deferred request to be answered (before `shutdown` is: a client that shuts
  /// down gets the answers it is owed first).
  @inlinable
  func awaitInFlight() {
    while !inFlight.isEmpty, let background {
      background.waitForResult()
      sendCompleted()
    }
  }

  /// A JSON-RPC response envelope.
  @inlinable
  static func reply(_ id: RequestID?, _ result: Result<JSONValue, ResponseError>) -> JSONValue {
    var response: JSONObject = ["jsonrpc": "2.0", "id": id?.json ?? .null]
    switch result {
    case .success(let value): response["result"] = value
    case .failure(let error): response["error"] = error.json
    }
    return .object(response)
  }

  /// Ids named by the protocol's cancellation that refer to requests read earlier in the same
  /// input.
  @inlinable
  static func cancellations(in work: [Work<Handler.Decoder.Message>]) -> Set<RequestID> {
    var seen: Set<RequestID> = []
    var cancelled: Set<RequestID> = []
    func visit(_ message: IncomingMessage) {
      switch message {
      case .request(let id, _, _):
        seen.insert(id)
      case .cancelRequest(let id, _):
        if seen.contains(id) { cancelled.insert(id) }
      default:
        break
      }
    }
    for item in work {
      switch item {
      case .single(let message): visit(message)
      case .batch(let messages): messages.forEach(visit)
      case .failure, .decoded, .completed: break
      }
    }
    return cancelled
  }
}
