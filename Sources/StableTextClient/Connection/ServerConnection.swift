import StableTextJSON
import StableTextTransport

/// A client's connection to a language server, apart from what carries the bytes (as
/// sourcekit-lsp keeps its transport apart from its handlers): a carrier only writes the
/// base protocol's bytes and ends its input, and delivers what the server sent to its
/// `Conversation`; sending, requests and waiting for answers are written once, here, for all of
/// them (`ServerProcess` over stdio, a pipe or a socket; `WebSocketClient`; a server in process).
public protocol ServerConnection: AnyObject {
  /// What the server sent, kept until taken, and the ids of the requests sent.
  var conversation: Conversation { get }
  /// Sends bytes exactly as given: base-protocol messages (`Content-Length` framing), which the
  /// carrier passes on as it carries them.
  func sendRaw(_ bytes: [UInt8])
  /// Ends the client's input to the server (the server's answers can still come back).
  func closeInput()
  /// How messages are framed on the wire: the base protocol's `Content-Length` (the default), or
  /// MCP's lines (`stabletext mcp`).
  var framing: any MessageFraming.Type { get }
}

/// Why a request failed: its error response.
public struct ResponseFailure: Error, CustomStringConvertible {
  public var method: String
  public var error: JSONValue
  public var description: String { "\(method) failed: \(error.serialized)" }
}

// MARK: - Sending

extension ServerConnection {
  public var framing: any MessageFraming.Type { FrameReader.self }

  /// Sends one framed JSON message.
  public func send(_ message: JSONValue) {
    let body = JSONSerializer.bytes(message)
    sendRaw(framing.prefix(forBodyOf: body.count) + body + framing.suffix)
  }

  public func sendRaw(_ text: String) { sendRaw(Array(text.utf8)) }

  public func notify(_ method: String, _ params: JSONValue? = nil) {
    var message: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
    if let params { message["params"] = params }
    send(.object(message))
  }

  /// Sends a request with a fresh integer id and returns the id.
  @discardableResult
  public func sendRequest(_ method: String, _ params: JSONValue? = nil) -> Int {
    let id = conversation.takeRequestID()
    var message: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
    if let params { message["params"] = params }
    send(.object(message))
    return id
  }

  /// Sends a request and waits for its response; notifications that arrive first stay queued.
  public func request(_ method: String, _ params: JSONValue? = nil, timeout: Double = 10) throws -> JSONValue
  {
    let id = sendRequest(method, params)
    return try response(id: .int(id), timeout: timeout)
  }

  /// The `result` of a request; an error response throws.
  public func result(_ method: String, _ params: JSONValue? = nil, timeout: Double = 10) throws -> JSONValue {
    let response = try request(method, params, timeout: timeout)
    if let error = response["error"] { throw ResponseFailure(method: method, error: error) }
    return response["result"] ?? .null
  }
}

// MARK: - Receiving

extension ServerConnection {
  /// What the conversation is for (the test's name), where a slow wait is reported
  /// (`SlowWaits`). Set once, before the first wait.
  public var label: String? {
    get { conversation.label }
    set { conversation.label = newValue }
  }

  /// Raw framing problems seen in what the server sent (should never happen).
  public var protocolErrors: [String] { conversation.protocolErrors }

  /// Notifications skipped unread (a connection that skips them, for benchmarks).
  public var skippedNotifications: Int { conversation.skippedNotifications }

  /// Every message body received so far, exactly as written (nothing is consumed).
  public var receivedBodies: [String] { conversation.receivedBodies }

  /// Waits for the first queued message that satisfies `predicate` and removes it.
  public func receive(
    timeout: Double = 10, what: String = "a message", where predicate: (JSONValue) -> Bool = { _ in true }
  ) throws -> JSONValue {
    try conversation.receive(timeout: timeout, what: what, where: predicate)
  }

  /// The response to request `id` (matched on the JSON value of the id).
  public func response(id: JSONValue, timeout: Double = 10) throws -> JSONValue {
    try receive(timeout: timeout, what: "the response to \(id.serialized)") {
      $0["method"] == nil && $0["id"] == id
    }
  }

  /// The next notification named `method`.
  public func notification(_ method: String, timeout: Double = 10) throws -> JSONValue {
    try receive(timeout: timeout, what: method) { $0["method"]?.stringValue == method }
  }

  /// Everything received and not yet taken, left in place.
  public func pending() -> [JSONValue] { conversation.pending() }

  /// Removes and returns everything received so far.
  public func drain() -> [JSONValue] { conversation.drain() }

  /// Waits for the first queued message whose body, as the server wrote it, contains `text`
  /// (a number's spelling, say, which parsing loses), removes it and returns the body.
  public func receiveBody(containing text: String, timeout: Double = 10, what: String) throws -> String {
    try conversation.receiveBody(containing: text, timeout: timeout, what: what)
  }

  /// Waits until the server's output ends, then returns every message not yet taken.
  public func collectUntilExit(timeout: Double = 10) throws -> [JSONValue] {
    try conversation.collectUntilClosed(timeout: timeout)
  }
}
