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
