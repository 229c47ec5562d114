import StableTextJSON

/// One LSP method's message: its name and its params, read with a field path on every error and
/// written as a client sends them. One type per request and notification (in
/// `StableTextProtocol`), so the server, the client, the conformance runner, the demo, the
/// benchmark and the fuzzer read and write each message one way.
public protocol MessageType: Sendable {
  /// The JSON-RPC method.
  static var method: String { get }
  /// The capabilities `initialize` announces for this message, merged into the others' in
  /// registration order (an object's members are merged, so several messages can fill
  /// `textDocumentSync`).
  static var capabilities: JSONObject { get }
  /// Reads `params` (its path names each field in errors).
  init(decoding params: JSONRef) throws(JSONFieldError)
  /// The params, as a client sends them; `null` for a message sent without params (`exit`,
  /// `shutdown`), which `params` below leaves out.
  var json: JSONValue { get }
}

extension MessageType {
  public static var capabilities: JSONObject { [:] }

  /// The params member of the message: `nil` (no member) for a message without params.
  public var params: JSONValue? { json == .null ? nil : json }
}

/// A request: its params, and the type of its result.
public protocol RequestType: MessageType {
  associatedtype Response: ResponseType
}

/// A notification: its params; nothing is answered.
public protocol NotificationType: MessageType {}

/// A request's result, written as the server answers it.
public protocol ResponseType: Sendable {
  var json: JSONValue { get }
}

/// A result that is whatever JSON a handler wrote, for the answers that are long-lived JSON
/// writers of their own (diagnostics, the state, scroll answers): the JSON is the type.
extension JSONValue: ResponseType {
  public var json: JSONValue { self }
}

extension NotificationType {
  /// The whole JSON-RPC notification.
  public var message: JSONValue {
    var message: JSONObject = ["jsonrpc": "2.0", "method": .string(Self.method)]
    message["params"] = params
    return .object(message)
  }
}

extension RequestType {
  /// The whole JSON-RPC request with `id`.
  public func message(id: JSONValue) -> JSONValue {
    var message: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(Self.method)]
    message["params"] = params
    return .object(message)
  }
}
