import StableTextJSON

/// `exit`: the server's process ends (0 after `shutdown`, 1 otherwise), whatever its phase.
public struct ExitNotification: NotificationType {
  public static let method = "exit"
  public init() {}
  public init(decoding params: JSONRef) throws(JSONFieldError) {}
  public var json: JSONValue { .null }
}
