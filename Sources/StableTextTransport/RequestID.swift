import StableTextJSON

/// A request id as the client sent it. Echoed with the exact jansson value that was parsed;
/// compared by kind and text so that `1` and `"1"` stay different requests.
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
  /// `n:` or `s:` followed by the serialized value.
  public let key: String
  public let json: JSONValue

  /// Accepts strings and numbers; anything else is not an id.
  public init?(_ ref: JSONRef) {
    guard let handle = ref.handle else { return nil }
    if ref.isString {
      key = "s:" + ((try? ref.string()) ?? "")
    } else if ref.isNumber {
      key = "n:" + JSONSerializer.string(.raw(handle))
    } else {
      return nil
    }
    json = .raw(handle)
  }

  /// The same id, echoed with `text`: the number exactly as the client wrote it.
  public func spelled(_ text: String) -> RequestID {
    guard key.hasPrefix("n:") else { return self }
    return RequestID(key: key, json: .verbatim(text))
  }

  private init(key: String, json: JSONValue) {
    self.key = key
    self.json = json
  }

  public init(_ value: Int) {
    key = "n:\(value)"
    json = .int(value)
  }

  public var description: String { String(key.dropFirst(2)) }

  public static func == (lhs: RequestID, rhs: RequestID) -> Bool { lhs.key == rhs.key }
  public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
