import StableTextJSON

/// A notification: its params; nothing is answered.
public protocol NotificationType: MessageType {}

extension NotificationType {
  /// The whole JSON-RPC notification.
  public var message: JSONValue {
    var message: JSONObject = ["jsonrpc": "2.0", "method": .string(Self.method)]
    message["params"] = params
    return .object(message)
  }
}
