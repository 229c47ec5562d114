import StableTextJSON

/// `window/showMessage`, server to client: what the user should see at once (a repository's
/// configuration that cannot be used, a document refused).
public struct ShowMessageNotification: NotificationType {
  public static let method = "window/showMessage"

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
