/// A JSON value in Swift, used to build outgoing messages (and by tests to read them).
/// jansson does the parsing and serializing; this is only the shape in between.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
  /// A value kept as jansson parsed it.
  case raw(JSONHandle)
  /// JSON text written out exactly as given: a numeric request id as the client spelled it
  /// (jansson would write `1E2` as `100.0`). Must be one valid JSON value.
  case verbatim(String)

  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    if case .raw(let handle) = self { return JSONValue(handle)[key] }
    return nil
  }

  public subscript(index: Int) -> JSONValue? {
    if case .array(let items) = self, items.indices.contains(index) { return items[index] }
    return nil
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var intValue: Int? {
    if case .int(let value) = self { return value }
    return nil
  }

  /// An integer or a real, as a `Double`.
  public var doubleValue: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)): return a == b
    case (.raw(let a), _): return JSONValue(a) == rhs
    case (_, .raw(let b)): return lhs == JSONValue(b)
    case (.verbatim(let a), _): return (try? JSONValue(parsing: a)) == rhs
    case (_, .verbatim(let b)): return lhs == (try? JSONValue(parsing: b))
    default: return false
    }
  }
}

/// A JSON object that remembers the order its keys were added in, so output reads naturally.
/// Equality ignores order, as JSON's does.
///
/// Members live in two parallel arrays, found by a linear search while the object is small (the
/// server builds hundreds of thousands of four-member objects for one publish; hashing every key
/// into a dictionary cost more than the rest of it). A large object gets an index by key.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  public private(set) var keys: [String] = []
  private var items: [JSONValue] = []
  /// Position by key, once the object has more than `indexedCount` members.
  private var positions: [String: Int]?

  private static let indexedCount = 16

  public init() {}

  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    keys.reserveCapacity(elements.count)
    items.reserveCapacity(elements.count)
    for (key, value) in elements { self[key] = value }
  }

  private func position(of key: String) -> Int? {
    if let positions { return positions[key] }
    return keys.firstIndex(of: key)
  }

  public subscript(key: String) -> JSONValue? {
    get { position(of: key).map { items[$0] } }
    set {
      if let index = position(of: key) {
        if let newValue {
          items[index] = newValue
        } else {
          keys.remove(at: index)
          items.remove(at: index)
          if positions != nil { indexKeys() }
        }
      } else if let newValue {
        keys.append(key)
        items.append(newValue)
        if positions != nil {
          positions![key] = keys.count - 1
        } else if keys.count > Self.indexedCount {
          indexKeys()
        }
      }
    }
  }

  private mutating func indexKeys() {
    var positions: [String: Int] = [:]
    positions.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() { positions[key] = index }
    self.positions = positions
  }

  public var count: Int { keys.count }

  public var pairs: [(key: String, value: JSONValue)] { Array(zip(keys, items)) }

  /// Each member in order, with its position, without building `pairs`.
  func forEachPair(_ body: (Int, String, JSONValue) -> Void) {
    for index in keys.indices { body(index, keys[index], items[index]) }
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (index, key) in lhs.keys.enumerated() {
      guard let other = rhs[key], other == lhs.items[index] else { return false }
    }
    return true
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

extension JSONValue {
  /// `nil` becomes JSON `null`.
  public init(_ value: Int?) { self = value.map(JSONValue.int) ?? .null }
  public init(_ value: String?) { self = value.map(JSONValue.string) ?? .null }
}
