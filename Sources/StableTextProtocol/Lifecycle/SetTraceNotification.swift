import StableTextJSON

/// `$/setTrace`: accepted and ignored (the daemon logs to stderr by `--log-level`).
public struct SetTraceNotification: NotificationType {
  public static let method = "$/setTrace"
  public var value: String?

  public init(value: String) { self.value = value }
  /// Not checked: a trace setting the server ignores cannot be wrong.
  public init(decoding params: JSONRef) throws(JSONFieldError) { value = try? params["value"].string() }
  public var json: JSONValue { ["value": value.map { .string($0) } ?? .null] }
}
