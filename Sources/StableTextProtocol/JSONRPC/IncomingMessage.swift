import StableTextJSON

/// One parsed JSON-RPC message, classified. A message that cannot be used still carries the id
/// when one could be read, so its error response reaches the right caller.
public enum IncomingMessage: Sendable {
  case request(id: RequestID, method: String, params: JSONRef)
  case notification(method: String, params: JSONRef)
  /// The protocol's cancellation (`$/cancelRequest`, or MCP's `notifications/cancelled`) naming
  /// a usable id (`params.id` or `params.requestId` a string or a number), told apart so the
  /// dispatcher can compare the id with the requests it has read, by value (`RequestID`).
  case cancelRequest(id: RequestID, params: JSONRef)
  /// A response from the client. The server sends no requests, so these are logged and dropped.
  case response(id: JSONValue?)
  case invalid(id: RequestID?, error: ResponseError)

  /// The message with its numeric id (a request's, or the one a cancellation names) spelled as
  /// `text` (the transport's `RawIDs` reads it from the body).
  public func withIDSpelled(_ text: String?) -> IncomingMessage {
    guard let text else { return self }
    switch self {
    case .request(let id, let method, let params):
      return .request(id: id.spelled(text), method: method, params: params)
    case .invalid(let id?, let error): return .invalid(id: id.spelled(text), error: error)
    case .cancelRequest(let id, let params): return .cancelRequest(id: id.spelled(text), params: params)
    default: return self
    }
  }

  /// Whether an id of this message is a number (and so needs its spelling kept).
  public var hasNumericID: Bool {
    switch self {
    case .request(let id, _, _), .invalid(let id?, _), .cancelRequest(let id, _):
      return id.key.hasPrefix("n:")
    default: return false
    }
  }

  /// Whether the numeric id is the one a cancellation names (in `params`), not the message's own.
  public var isCancellation: Bool {
    if case .cancelRequest = self { return true }
    return false
  }

  /// Classifies one element (the whole message, or one member of a batch); `cancellation` is the
  /// protocol's cancellation notification.
  public static func classify(
    _ message: JSONRef, cancellation: any CancellationNotification.Type = CancelRequestNotification.self
  ) -> IncomingMessage {
    guard message.isObject else {
      return .invalid(
        id: nil, error: .invalidRequest("expected a request or notification object, got \(message.typeName)"))
    }
    let idRef = message["id"]
    let methodRef = message["method"]
    // A response is recognised by what only a response has: `result` or `error`, and no
    // `method`. An id alone is a request that lost its method, and is answered as one.
    if methodRef.isMissing && (!message["result"].isMissing || !message["error"].isMissing) {
      return .response(id: idRef.isMissing ? nil : idRef.value)
    }
    var id: RequestID?
    if !idRef.isMissing {
      guard let parsed = RequestID(idRef) else {
        return .invalid(
          id: nil, error: .invalidRequest("id: expected a string or a number, got \(idRef.typeName)"))
      }
      id = parsed
    }
    let version = message["jsonrpc"]
    guard version.isString, (try? version.string()) == "2.0" else {
      let got = version.isMissing ? "missing" : "got \(version.brief)"
      return .invalid(id: id, error: .invalidRequest("jsonrpc: expected \"2.0\", \(got)"))
    }
    guard methodRef.isString, let method = try? methodRef.string() else {
      let problem = methodRef.isMissing ? "missing" : "expected a string, got \(methodRef.typeName)"
      return .invalid(id: id, error: .invalidRequest("method: \(problem)"))
    }
    let params = message["params"]
    if !params.isAbsent && !params.isObject && !params.isArray {
      return .invalid(
        id: id, error: .invalidRequest("params: expected an object or an array, got \(params.typeName)"))
    }
    if let id { return .request(id: id, method: method, params: params) }
    if method == cancellation.method, params.isObject,
      let cancelled = RequestID(params[cancellation.requestMember])
    {
      return .cancelRequest(id: cancelled, params: params)
    }
    return .notification(method: method, params: params)
  }
}
