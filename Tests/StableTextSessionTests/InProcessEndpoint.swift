import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextServer
import StableTextTransport

/// What a session test speaks to: the real binary over a transport (`ServerProcess`), or the
/// same server in process (`InProcessEndpoint`) for suites whose point is the protocol's
/// behaviour rather than the process.
protocol SessionEndpoint: AnyObject {
  func request(_ method: String, _ params: JSONValue?, timeout: Double) throws -> JSONValue
  func notify(_ method: String, _ params: JSONValue?)
  func notification(_ method: String, timeout: Double) throws -> JSONValue
  func collectUntilExit(timeout: Double) throws -> [JSONValue]
  func waitForExit(timeout: Double) throws -> Int32
  var protocolErrors: [String] { get }
  func terminate()
}

extension SessionEndpoint {
  func request(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
    try request(method, params, timeout: 10)
  }
  func notify(_ method: String) { notify(method, nil) }
  func notification(_ method: String) throws -> JSONValue { try notification(method, timeout: 10) }
  func collectUntilExit() throws -> [JSONValue] { try collectUntilExit(timeout: 10) }
  func waitForExit() throws -> Int32 { try waitForExit(timeout: 10) }
}

/// The message types, as every speaker of the protocol sends them.
extension SessionEndpoint {
  func send(_ notification: some NotificationType) {
    notify(type(of: notification).method, notification.params)
  }
  func request(_ request: some RequestType, timeout: Double = 10) throws -> JSONValue {
    try self.request(type(of: request).method, request.params, timeout: timeout)
  }
}

extension ServerProcess: SessionEndpoint {}

/// The daemon's whole input path in process (`InProcessSession`): each message is framed and
/// fed as bytes, and everything the server wrote is collected at once, so nothing waits.
final class InProcessEndpoint: SessionEndpoint {
  let session = InProcessSession(maxMessageBytes: 64 << 20)
  private var inbox: [JSONValue] = []
  private var exitCode: Int32?
  private var nextID = 1

  struct Missing: Error, CustomStringConvertible {
    var description: String
  }

  private func send(_ message: JSONValue) {
    guard exitCode == nil else { return }
    exitCode = session.feed(MessageWriter.frame(message))
    inbox += session.takeOutput()
  }

  func request(_ method: String, _ params: JSONValue?, timeout: Double) throws -> JSONValue {
    let id = nextID
    nextID += 1
    var message: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
    if let params { message["params"] = params }
    send(.object(message))
    guard let index = inbox.firstIndex(where: { $0["method"] == nil && $0["id"] == .int(id) }) else {
      throw Missing(description: "no response to \(method)")
    }
    return inbox.remove(at: index)
  }

  func notify(_ method: String, _ params: JSONValue?) {
    var message: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
    if let params { message["params"] = params }
    send(.object(message))
  }

  func notification(_ method: String, timeout: Double) throws -> JSONValue {
    guard let index = inbox.firstIndex(where: { $0["method"]?.stringValue == method }) else {
      throw Missing(description: "no \(method) was sent")
    }
    return inbox.remove(at: index)
  }

  func collectUntilExit(timeout: Double) throws -> [JSONValue] {
    guard exitCode != nil else { throw Missing(description: "the server has not exited") }
    defer { inbox.removeAll() }
    return inbox
  }

  func waitForExit(timeout: Double) throws -> Int32 {
    guard let exitCode else { throw Missing(description: "the server has not exited") }
    return exitCode
  }

  var protocolErrors: [String] { session.nonFiniteNumbers }

  func terminate() {}
}
