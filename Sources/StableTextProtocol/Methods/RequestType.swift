import StableTextJSON

/// A request: its params, and the type of its result.
public protocol RequestType: MessageType {
  associatedtype Response: ResponseType
}

extension RequestType {
  /// The whole JSON-RPC request with `id`.
  public func message(id: JSONValue) -> JSONValue {
    var message: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(Self.method)]
    message["params"] = params
    return .object(message)
  }
}
