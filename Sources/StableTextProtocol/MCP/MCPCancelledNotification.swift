import StableTextJSON

/// MCP's `notifications/cancelled`: the client gave up on the request `requestId`. The
/// connection looks ahead for it, so a call still waiting is never run, and a call running off
/// the handler's thread is told to stop; a cancelled request is never answered (the
/// specification: "not send a response for the cancelled request").
public struct MCPCancelledNotification: CancellationNotification {
  public static let method = "notifications/cancelled"
  public static let requestMember = "requestId"
  public static let answersCancelledRequest = false

  /// The id of the request, as sent.
  public var requestId: JSONValue
  public var reason: String?

  public init(requestId: JSONValue, reason: String? = nil) {
    self.requestId = requestId
    self.reason = reason
  }

  /// An id that is not a string or a number, or a reason that is not a string, is the error
  /// naming it (the server logs it: a notification is never answered).
  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    let id = params["requestId"]
    guard id.isString || id.isNumber, let value = id.value else {
      throw id.fail(
        id.isMissing
          ? "missing; expected a string or a number" : "expected a string or a number, got \(id.typeName)")
    }
    requestId = value
    reason = try params["reason"].optionalString()
  }

  public var json: JSONValue {
    var params: JSONObject = ["requestId": requestId]
    if let reason { params["reason"] = .string(reason) }
    return .object(params)
  }
}

extension JSONRPCDialect {
  /// The Model Context Protocol's: `notifications/cancelled`, and no batches (none since the
  /// 2025-06-18 revision).
  public static let modelContext = JSONRPCDialect(cancellation: MCPCancelledNotification.self, batches: false)
}
