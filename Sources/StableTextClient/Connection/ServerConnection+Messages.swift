import StableTextJSON
import StableTextProtocol
import StableTextTransport

/// Speaking through the message types: each is sent under its own method with the params its
/// type writes, so the client writes every message the one way the server reads it.
extension ServerConnection {
  public func send(_ notification: some NotificationType) {
    notify(type(of: notification).method, notification.params)
  }

  /// Sends `request` with a fresh id and returns the id.
  @discardableResult
  public func send(_ request: some RequestType) -> Int {
    sendRequest(type(of: request).method, request.params)
  }

  /// Sends `request` and waits for its response (the whole envelope: `result` or `error`).
  public func request(_ request: some RequestType, timeout: Double = 10) throws -> JSONValue {
    try self.request(type(of: request).method, request.params, timeout: timeout)
  }

  /// The `result` of `request`; an error response throws.
  public func result(_ request: some RequestType, timeout: Double = 10) throws -> JSONValue {
    try result(type(of: request).method, request.params, timeout: timeout)
  }
}
