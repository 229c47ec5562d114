import StableTextJSON

/// A request id as the client sent it. Echoed as it was spelled; compared by kind and value, so
/// that `1` and `"1"` stay different requests while `1`, `1.0` and `1e0` are one (JSON-RPC
/// compares ids as values), and numbers exactly, never through a double (`NumberValue`).
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
  /// `n:` followed by the number's canonical form (`NumberValue.canonical`), or `s:` followed by
  /// the string.
  public let key: String
  public let json: JSONValue

  /// Accepts strings and numbers; anything else is not an id.
  public init?(_ ref: JSONRef) {
    guard let handle = ref.handle else { return nil }
    if ref.isString {
      key = "s:" + ((try? ref.string()) ?? "")
    } else if ref.isNumber {
      // An integer's text is exact; a real's is jansson's double until `spelled` gives the text.
      let text = JSONSerializer.string(.raw(handle))
      key = "n:" + (NumberValue.canonical(text) ?? text)
    } else {
      return nil
    }
    json = .raw(handle)
  }

  /// The same id, echoed with `text` (the number exactly as the client wrote it) and compared by
  /// its exact value.
  public func spelled(_ text: String) -> RequestID {
    guard key.hasPrefix("n:"), let exact = NumberValue.canonical(text) else { return self }
    return RequestID(key: "n:" + exact, json: .verbatim(text))
  }

  private init(key: String, json: JSONValue) {
    self.key = key
    self.json = json
  }

  public init(_ value: Int) {
    key = "n:" + NumberValue.canonical(String(value))!
    json = .int(value)
  }

  /// The id as it was sent (a string id without its quotes).
  public var description: String {
    if case .verbatim(let text) = json { return text }
    return key.hasPrefix("s:") ? String(key.dropFirst(2)) : JSONSerializer.string(json)
  }

  public static func == (lhs: RequestID, rhs: RequestID) -> Bool { lhs.key == rhs.key }
  public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
