import StableTextJSON

/// A `window/…` message from the server, `{type, message}`. LSP's `LogMessageParams` and
/// `ShowMessageParams` have one shape, so both notifications are this one type, read and written
/// here once and told apart by their method (`LogMessageNotification`, `ShowMessageNotification`).
public struct WindowMessageNotification<Method: WindowMessageMethod>: NotificationType {
  public static var method: String { Method.method }

  public var type: MessageKind
  public var message: String

  public init(type: MessageKind, message: String) {
    self.type = type
    self.message = message
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    type = MessageKind(rawValue: try params["type"].int())
    message = try params["message"].string()
  }

  public var json: JSONValue { ["type": .int(type.rawValue), "message": .string(message)] }
}

/// Which `window/…` message a `WindowMessageNotification` is: its method, and nothing else.
public protocol WindowMessageMethod: Sendable {
  static var method: String { get }
}
