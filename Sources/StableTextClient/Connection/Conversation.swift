import StableTextJSON
import StableTextSystem

/// A client's side of one JSON-RPC conversation, whatever carries it: the ids its requests got,
/// and what the server sent, kept until the caller takes it. The carrier (`StreamConnection`,
/// `WebSocketClient`, a server in process) delivers bodies from its reading thread; the caller
/// waits for the message it wants on its own.
public final class Conversation: @unchecked Sendable {
  /// Why a wait ended without its message.
  public enum ClientError: Error, CustomStringConvertible {
    case timeout(String)
    case exited(String)
    /// A conversation whose answers come with the request that asked (a server in process):
    /// what is not there now will not come.
    case notSent(String)
    /// A bound of the connection was passed (`ConnectionLimits`): what happened.
    case overLimit(String)

    public var description: String {
      switch self {
      case .timeout(let what): return "timed out waiting for \(what)"
      case .exited(let what): return "server exited while waiting for \(what)"
      case .notSent(let what): return "the server sent no \(what)"
      case .overLimit(let what): return what
      }
    }
  }

  private let condition = ConditionLock()
  private var inbox: [JSONValue] = []
  /// The bodies of `inbox`'s messages, as written, index for index.
  private var inboxTexts: [String] = []
  /// Every body received, as the bytes the server wrote (ids and numbers keep their spelling), as
  /// far as `maxHeldBytes` allows (then the first ones).
  private var bodies: [String] = []
  /// The bytes of `inboxTexts` and of `bodies`.
  private var heldBytes = 0
  private var keptBodyBytes = 0
  /// The most bytes of messages held not taken, and of bodies kept (`ConnectionLimits`): past
  /// it the conversation says so (`overLimit`) and drops what comes. Set once, before the
  /// carrier starts reading.
  package var maxHeldBytes = Int.max
  private var problems: [String] = []
  /// The first bound of the connection passed, if one was.
  private var exceededLimit: String?
  private var outputClosed = false
  private var nextID = 1
  private var skipped = 0
  private var name: String?
  /// Notifications from the server are counted, not parsed or kept (benchmarks: a publish of
  /// tens of thousands of diagnostics costs a client far more to parse than the server to write).
  let skipsNotifications: Bool
  /// Every answer arrives with the message that caused it (`notSent` rather than a wait).
  private let answersAtOnce: Bool
  /// Called with each request the server sends (a message with a `method` and an `id`), on the
  /// reading thread, as it arrives: a client that answers the server's requests must answer
  /// them even while it waits for something else (a server may hold its `initialize` answer
  /// until its `client/registerCapability` is answered).
  private var responder: (@Sendable (JSONValue) -> Void)?
  /// Messages received so far, taken or not.
  private var received = 0

  /// `answersAtOnce`: the server is in process and answers within the send.
  package init(skipsNotifications: Bool = false, answersAtOnce: Bool = false) {
    self.skipsNotifications = skipsNotifications
    self.answersAtOnce = answersAtOnce
  }

  /// What the conversation is for (the test's name), where a slow wait is reported
  /// (`SlowWaits`). Set once, before the first wait.
  public var label: String? {
    get { condition.withLock { name } }
    set { condition.withLock { name = newValue } }
  }

  // MARK: - What the carrier delivers

  /// What one read brought: the messages and their bodies, and what was wrong.
  package struct Batch {
    var messages: [JSONValue] = []
    var texts: [String] = []
    var parsedTexts: [String] = []
    var problems: [String] = []
    var skipped = 0
    let skipsNotifications: Bool

    package init(skipsNotifications: Bool) { self.skipsNotifications = skipsNotifications }

    package mutating func body(_ bytes: ArraySlice<UInt8>) {
      if skipsNotifications && Self.isNotification(bytes) {
        skipped += 1
        return
      }
      let text = String(decoding: bytes, as: UTF8.self)
      texts.append(text)
      do {
        messages.append(try JSONValue(parsing: text))
        parsedTexts.append(text)
      } catch {
        problems.append("not JSON: \(error): \(text.prefix(200))")
      }
    }

    package mutating func problem(_ text: String) { problems.append(text) }

    /// A body that starts as a notification: a `method` and no `id` before it. Servers that write
    /// `id` after `method` in a request would be misread; only benchmarks skip, against servers
    /// that put `id` first or send no requests.
    static func isNotification(_ body: ArraySlice<UInt8>) -> Bool {
      body.starts(with: notificationPrefix)
    }

    private static let notificationPrefix = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
  }

  package func batch() -> Batch { Batch(skipsNotifications: skipsNotifications) }

  package func deliver(_ received: Batch) {
    condition.lock()
    let answer = responder
    self.received += received.messages.count
    let size = received.parsedTexts.reduce(0) { $0 + $1.utf8.count }
    if heldBytes > maxHeldBytes - size {
      // A server that floods messages nobody takes: what the runner holds stays bounded.
      if exceededLimit == nil {
        exceededLimit =
          "the server sent more than the \(maxHeldBytes) bytes of messages the runner holds that the session did not take (4 × --max-message-bytes)"
      }
    } else {
      inbox.append(contentsOf: received.messages)
      inboxTexts.append(contentsOf: received.parsedTexts)
      heldBytes += size
    }
    for text in received.texts where keptBodyBytes <= maxHeldBytes - text.utf8.count {
      bodies.append(text)
      keptBodyBytes += text.utf8.count
    }
    problems.append(contentsOf: received.problems)
    skipped += received.skipped
    condition.broadcast()
    condition.unlock()
    if let answer { received.messages.filter(Self.isRequest).forEach(answer) }
  }

  /// Whether `message` is a request (from the server, when it arrived here).
  static func isRequest(_ message: JSONValue) -> Bool {
    message["method"] != nil && message["id"] != nil
  }

  /// Has `responder` called with every request the server sends from now on, and with those
  /// already received (the server may have written one before this was called).
  public func answerRequests(with responder: @escaping @Sendable (JSONValue) -> Void) {
    let waiting = condition.withLock {
      self.responder = responder
      return inbox.filter(Self.isRequest)
    }
    waiting.forEach(responder)
  }

  /// How many messages the server has sent so far (taken or not).
  public var receivedCount: Int { condition.withLock { received } }

  /// A problem with what the server sent that is no message (framing, stray output).
  package func report(_ problem: String) {
    condition.withLock { problems.append(problem) }
  }

  /// A bound of the connection was passed (`ConnectionLimits`): the first is kept, and every
  /// wait ends with it.
  package func exceeded(_ what: String) {
    condition.lock()
    if exceededLimit == nil { exceededLimit = what }
    condition.broadcast()
    condition.unlock()
  }

  /// The first bound of the connection passed (a message announced too long, a server that
  /// stopped reading), if one was.
  public var overLimit: String? { condition.withLock { exceededLimit } }

  /// The server's output ended: nothing more will come.
  package func close() {
    condition.lock()
    outputClosed = true
    condition.broadcast()
    condition.unlock()
  }

  /// A fresh request id.
  package func takeRequestID() -> Int {
    condition.withLock {
      defer { nextID += 1 }
      return nextID
    }
  }

  // MARK: - What the caller takes

  /// Raw framing problems seen in what the server sent (should never happen).
  public var protocolErrors: [String] { condition.withLock { problems } }

  /// Notifications skipped unread under `skipsNotifications`.
  public var skippedNotifications: Int { condition.withLock { skipped } }

  /// Every message body received so far, exactly as written (nothing is consumed).
  public var receivedBodies: [String] { condition.withLock { bodies } }

  /// Waits for the first queued message that satisfies `predicate` and removes it.
  public func receive(
    timeout: Double = 10, what: String = "a message", where predicate: (JSONValue) -> Bool = { _ in true }
  ) throws -> JSONValue {
    let start = MonotonicTime.now()
    let deadline = MonotonicTime.after(seconds: timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let index = inbox.firstIndex(where: predicate) {
        heldBytes -= inboxTexts.remove(at: index).utf8.count
        SlowWaits.note(what, since: start, timeout: timeout, label: name)
        return inbox.remove(at: index)
      }
      if let exceededLimit { throw ClientError.overLimit(exceededLimit) }
      if outputClosed { throw ClientError.exited(what) }
      if answersAtOnce { throw ClientError.notSent(what) }
      if !condition.wait(until: deadline) { throw ClientError.timeout(what) }
    }
  }

  /// Waits for the first queued message whose body, as the server wrote it, contains `text`
  /// (a number's spelling, say, which parsing loses), removes it and returns the body.
  public func receiveBody(containing text: String, timeout: Double = 10, what: String) throws -> String {
    let deadline = MonotonicTime.after(seconds: timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let index = inboxTexts.firstIndex(where: { $0.contains(text) }) {
        inbox.remove(at: index)
        let text = inboxTexts.remove(at: index)
        heldBytes -= text.utf8.count
        return text
      }
      if let exceededLimit { throw ClientError.overLimit(exceededLimit) }
      if outputClosed { throw ClientError.exited(what) }
      if answersAtOnce { throw ClientError.notSent(what) }
      if !condition.wait(until: deadline) { throw ClientError.timeout(what) }
    }
  }

  /// Everything received and not yet taken, left in place.
  public func pending() -> [JSONValue] { condition.withLock { inbox } }

  /// Removes and returns everything received so far.
  public func drain() -> [JSONValue] {
    condition.withLock {
      let messages = inbox
      inbox.removeAll()
      inboxTexts.removeAll()
      heldBytes = 0
      return messages
    }
  }

  /// Waits until the server's output ends, then returns every message not yet taken.
  public func collectUntilClosed(timeout: Double = 10) throws -> [JSONValue] {
    let start = MonotonicTime.now()
    guard waitUntilClosed(deadline: .after(seconds: timeout)) else {
      throw answersAtOnce
        ? ClientError.notSent("end of its output") : ClientError.timeout("the server to close its output")
    }
    SlowWaits.note("the server to close its output", since: start, timeout: timeout, label: label)
    return drain()
  }

  /// Whether the server's output ended by `deadline`.
  package func waitUntilClosed(deadline: MonotonicTime) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !outputClosed {
      if answersAtOnce || !condition.wait(until: deadline) { return false }
    }
    return true
  }
}
