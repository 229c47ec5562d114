import StableTextJSON

/// `window/logMessage`, server to client: a line for the client's log, sent when a notification
/// cannot be used (a notification has no answer to carry its error).
public struct LogMessageNotification: NotificationType {
  public static let method = "window/logMessage"

  public var type: MessageKind
  public var message: String

  public init(type: MessageKind, message: String) {
    self.type = type
    self.message = message
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    (type, message) = try MessageKind.read(params)
  }

  public var json: JSONValue { ["type": .int(type.rawValue), "message": .string(message)] }
}
