import StableTextJSON

/// LSP's `MessageType` of `window/logMessage` and `window/showMessage` (named apart from
/// `MessageType`, the protocol every message type conforms to). Open, like LSP's set.
public struct MessageKind: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let error = MessageKind(rawValue: 1)
  public static let warning = MessageKind(rawValue: 2)
  public static let info = MessageKind(rawValue: 3)
  public static let log = MessageKind(rawValue: 4)

  /// `{type, message}`, the params both window messages carry.
  static func read(_ params: JSONRef) throws(JSONFieldError) -> (MessageKind, String) {
    let params = try params.object()
    return (MessageKind(rawValue: try params["type"].int()), try params["message"].string())
  }
}
