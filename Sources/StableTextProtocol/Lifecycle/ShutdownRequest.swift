import StableTextJSON

/// `shutdown`: no params (whatever is sent is not read); answered `null`.
public struct ShutdownRequest: RequestType {
  public static let method = "shutdown"
  public typealias Response = NullResult

  public init() {}
  public init(decoding params: JSONRef) throws(JSONFieldError) {}
  public var json: JSONValue { .null }
}
