import CJansson

/// Where a value sits in a message, for error messages such as
/// `params.contentChanges[1].range.start.line: expected a non-negative integer`.
/// Built as a chain so that reading a field costs no string work unless an error is reported.
public indirect enum JSONPath: Sendable, CustomStringConvertible {
  case root(String)
  case key(JSONPath, String)
  case index(JSONPath, Int)

  public var description: String {
    switch self {
    case .root(let name): return name
    case .key(let parent, let key):
      let prefix = parent.description
      return prefix.isEmpty ? key : "\(prefix).\(key)"
    case .index(let parent, let index): return "\(parent.description)[\(index)]"
    }
  }
}

/// A field that is missing or has the wrong type or value: the path and what was expected.
public struct JSONFieldError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var problem: String

  public init(path: JSONPath, problem: String) {
    self.path = path.description
    self.problem = problem
  }

  /// `path: problem`, the form every `-32602` message takes.
  public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
}

/// A borrowed, possibly missing value inside a parsed message, with its path. It keeps the
/// message's root alive, so it can be stored safely.
public struct JSONRef: @unchecked Sendable {
  public let pointer: UnsafeMutablePointer<json_t>?
  public let path: JSONPath
  private let owner: JSONHandle?

  init(_ pointer: UnsafeMutablePointer<json_t>?, path: JSONPath, owner: JSONHandle?) {
    self.pointer = pointer
    self.path = path
    self.owner = owner
  }

  /// The member `key` of an object (missing when this is not an object or has no such key).
  public subscript(key: String) -> JSONRef {
    var child: UnsafeMutablePointer<json_t>?
    if let pointer, pointer.pointee.type == JSON_OBJECT {
      child = json_object_get(pointer, key)
    }
    return JSONRef(child, path: .key(path, key), owner: owner)
  }

  /// Absent from its parent.
  public var isMissing: Bool { pointer == nil }
  /// Present and `null`.
  public var isNull: Bool { pointer?.pointee.type == JSON_NULL }
  /// Missing or `null`: how LSP treats optional fields.
  public var isAbsent: Bool { pointer == nil || pointer!.pointee.type == JSON_NULL }

  public var isObject: Bool { pointer?.pointee.type == JSON_OBJECT }
  public var isArray: Bool { pointer?.pointee.type == JSON_ARRAY }
  public var isString: Bool { pointer?.pointee.type == JSON_STRING }
  public var isInteger: Bool { pointer?.pointee.type == JSON_INTEGER }
  public var isNumber: Bool {
    pointer?.pointee.type == JSON_INTEGER || pointer?.pointee.type == JSON_REAL
  }

  public func fail(_ problem: String) -> JSONFieldError { JSONFieldError(path: path, problem: problem) }

  /// A short name of this value's JSON type, for messages ("got a string").
  public var typeName: String {
    guard let pointer else { return "nothing" }
    switch pointer.pointee.type {
    case JSON_OBJECT: return "an object"
    case JSON_ARRAY: return "an array"
    case JSON_STRING: return "a string"
    case JSON_INTEGER: return "an integer"
    case JSON_REAL: return "a non-integer number"
    case JSON_TRUE, JSON_FALSE: return "a boolean"
    default: return "null"
    }
  }

  private func expected(_ what: String) -> JSONFieldError {
    fail(isMissing ? "missing; expected \(what)" : "expected \(what), got \(typeName)")
  }

  public func object() throws(JSONFieldError) -> JSONRef {
    guard isObject else { throw expected("an object") }
    return self
  }

  public func string() throws(JSONFieldError) -> String {
    guard let pointer, pointer.pointee.type == JSON_STRING else { throw expected("a string") }
    return JSONRef.string(of: pointer)
  }

  public func optionalString() throws(JSONFieldError) -> String? {
    isAbsent ? nil : try string()
  }

  /// An integer; `1.0`, booleans and strings are refused.
  public func int() throws(JSONFieldError) -> Int {
    guard let pointer, pointer.pointee.type == JSON_INTEGER else { throw expected("an integer") }
    return Int(json_integer_value(pointer))
  }

  /// A non-negative integer; a negative one is named in the error (`got -1`), since "got an
  /// integer" would not say what was wrong with it.
  public func nonNegativeInt() throws(JSONFieldError) -> Int {
    guard let pointer, pointer.pointee.type == JSON_INTEGER else { throw expected("a non-negative integer") }
    let value = json_integer_value(pointer)
    guard value >= 0 else { throw fail("expected a non-negative integer, got \(value)") }
    return Int(value)
  }

  public func number() throws(JSONFieldError) -> Double {
    guard let pointer else { throw expected("a number") }
    switch pointer.pointee.type {
    case JSON_INTEGER: return Double(json_integer_value(pointer))
    case JSON_REAL: return json_real_value(pointer)
    default: throw expected("a number")
    }
  }

  public func bool() throws(JSONFieldError) -> Bool {
    guard let pointer else { throw expected("a boolean") }
    switch pointer.pointee.type {
    case JSON_TRUE: return true
    case JSON_FALSE: return false
    default: throw expected("a boolean")
    }
  }

  public func optionalBool() throws(JSONFieldError) -> Bool? {
    isAbsent ? nil : try bool()
  }

  /// The same value with its path starting afresh. A batch's member is a message of its own,
  /// answered by its own id, so its errors name `params.…` as a lone message's do, not
  /// `[2].params.…` (Protocol/README.md, "2. JSON-RPC").
  public var rerooted: JSONRef { JSONRef(pointer, path: .root(""), owner: owner) }

  /// The elements of an array, each with its indexed path.
  public func array() throws(JSONFieldError) -> [JSONRef] {
    guard let pointer, pointer.pointee.type == JSON_ARRAY else { throw expected("an array") }
    return (0..<json_array_size(pointer)).map {
      JSONRef(json_array_get(pointer, $0), path: .index(path, $0), owner: owner)
    }
  }

  /// The member names of an object, in document order.
  public var keys: [String] {
    guard let pointer, pointer.pointee.type == JSON_OBJECT else { return [] }
    var result: [String] = []
    var iterator = json_object_iter(pointer)
    while let current = iterator {
      result.append(
        String(
          decoding: UnsafeRawBufferPointer(
            start: json_object_iter_key(current), count: json_object_iter_key_len(current)), as: UTF8.self))
      iterator = json_object_iter_next(pointer, current)
    }
    return result
  }

  /// A copy in Swift (for echoing values back).
  public var value: JSONValue? {
    guard let pointer else { return nil }
    return JSONValue(copying: pointer)
  }

  /// A handle that keeps exactly this value (ids are echoed with it).
  public var handle: JSONHandle? {
    pointer.map { JSONHandle(borrowing: $0) }
  }

  static func string(of pointer: UnsafeMutablePointer<json_t>) -> String {
    let length = json_string_length(pointer)
    guard length > 0, let base = json_string_value(pointer) else { return "" }
    return base.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
  }
}
