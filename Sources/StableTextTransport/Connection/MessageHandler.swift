import StableTextJSON
import StableTextProtocol
import StableTextSystem

/// Where outgoing messages go: the connection's writer, or memory in an in-process session.
public protocol MessageSink: AnyObject {
  /// Sends one whole message (its envelope included).
  func send(_ message: JSONValue)
  /// Writes out whatever is buffered.
  func flush()
}

extension MessageSink {
  /// Sends a JSON-RPC notification.
  public func notify(_ method: String, _ params: JSONValue) {
    send(["jsonrpc": "2.0", "method": .string(method), "params": params])
  }

  /// Sends `notification` (its method from its type, so no method is spelled here).
  public func notify<N: NotificationType>(_ notification: N) {
    notify(N.method, notification.json)
  }
}

/// The server side of a connection. The connection reads, frames and parses the input, builds
/// every JSON-RPC envelope, looks ahead for cancellations, answers batches as batches and owns
/// the threads; the handler is told each message, in the order they arrived, on one thread, and
/// says what to answer. It never sees a file descriptor or a thread.
public protocol MessageHandler: AnyObject {
  associatedtype Decoder: EarlyDecoder
  /// How the handler's protocol cuts its messages out of a byte stream: LSP's `Content-Length`
  /// headers (`FrameReader`), MCP's lines (`LineFraming`).
  associatedtype Framing: MessageFraming = FrameReader
  /// What the handler's protocol makes of JSON-RPC's open parts: its cancellation, and batches.
  static var dialect: JSONRPCDialect { get }

  /// A request: its result or its error. `cancelled` when the protocol's cancellation for it was
  /// read before it ran (then, in a protocol that does not answer cancelled requests, whatever
  /// this returns is dropped).
  func handle(request method: String, params: JSONRef, id: RequestID, cancelled: Bool) -> Result<
    JSONValue, ResponseError
  >
  /// A request that should run off the handler's thread, asked before `handle(request:…)` when
  /// the connection can defer it (not in a batch, not cancelled): its deferred form, or `nil` to
  /// handle it as usual. Only requests that read and are valid should be deferred.
  func deferral(request method: String, params: JSONRef, id: RequestID) -> DeferredRequest?
  func handle(notification method: String, params: JSONRef)
  /// A response from the client (its id, `nil` when it had none).
  func handle(response id: JSONValue?)
  /// A message that is neither a request nor a notification; the connection answers it with
  /// `error` itself.
  func handle(invalid error: ResponseError)
  /// What the handler's decoder made of a body on the reader thread.
  func handle(decoded: Decoder.Message)
  /// Everything owed to the client goes out (diagnostics not yet published, say): called
  /// before each response, and whenever no message is waiting. Not the sink's `flush`, which
  /// writes out bytes already sent to it.
  func sendOwed()
  /// One slice of background work, run while no message waits; false when there is none.
  func idle() -> Bool
  /// When the handler wants `idle` called even if no message comes (a look at files it
  /// watches); nil for never.
  var wakeTime: MonotonicTime? { get }
  /// Set once the handler was told to exit: the process's exit status.
  var exitCode: Int32? { get }
  /// The exit status when the input ends without an exit.
  var exitCodeAtEndOfInput: Int32 { get }
}

extension MessageHandler {
  /// LSP's, unless the handler says otherwise.
  public static var dialect: JSONRPCDialect { .languageServer }

  /// Handlers that set no wake-up need not say so.
  public var wakeTime: MonotonicTime? { nil }

  /// Handlers that defer nothing need not say so.
  public func deferral(request method: String, params: JSONRef, id: RequestID) -> DeferredRequest? { nil }
}

/// A handler's hook into the reader thread: the messages it wants read straight from their
/// bytes (faster than a parse into a tree), and the bodies it must hear about even when they
/// cannot be read.
public protocol EarlyDecoder: Sendable {
  associatedtype Message: Sendable

  init()
  /// Phrases the framer looks for in bodies too large to keep (`skipped(prefix:reason:)`).
  static var watchedPhrases: [[UInt8]] { get }
  /// The message in `body`, or `nil` to have it parsed as JSON and handled as usual.
  mutating func decode(_ body: UnsafeRawBufferPointer) -> Message?
  /// A body that is not JSON (answered `-32700` by the connection): what the handler must still
  /// learn of it, if anything. `reason` says why, as a clause ("its body is not JSON (…)").
  func unreadable(_ body: UnsafeRawBufferPointer, reason: String) -> Message?
  /// A body over the size limit that held a watched phrase (answered `-32600` and skipped):
  /// `prefix` is its first bytes; `reason` says why, as a clause.
  func skipped(prefix: UnsafeRawBufferPointer, reason: String) -> Message
  /// A JSON message (or batch element) as classified: what the handler must learn besides its
  /// usual handling, if anything (a change sent as a request is lost as a change).
  func alongside(_ element: JSONRef, _ message: IncomingMessage) -> Message?
}
