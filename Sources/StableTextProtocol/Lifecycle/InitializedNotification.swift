import StableTextJSON

/// `initialized`: nothing to read.
public struct InitializedNotification: NotificationType {
  public static let method = "initialized"
  public init() {}
  public init(decoding params: JSONRef) throws(JSONFieldError) {}
  public var json: JSONValue { [:] }
}
