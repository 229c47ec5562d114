import StableTextJSON

/// A `null` result.
public struct NullResult: ResponseType {
  public init() {}
  public var json: JSONValue { .null }
}
