import CJansson

/// Turns `JSONValue`s into jansson values and jansson values into compact UTF-8 bytes.
public enum JSONSerializer {
  /// Serializes compactly, appending to `output`. Strings keep their exact bytes (NUL included).
  public static func write(_ value: JSONValue, to output: inout [UInt8]) {
    let handle = makeHandle(value)
    write(handle, to: &output)
  }

  public static func write(_ handle: JSONHandle, to output: inout [UInt8]) {
    withUnsafeMutablePointer(to: &output) { pointer in
      _ = json_dump_callback(
        handle.pointer,
        { buffer, size, context in
          let output = context!.assumingMemoryBound(to: [UInt8].self)
          buffer!.withMemoryRebound(to: UInt8.self, capacity: size) {
            output.pointee.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
          }
          return 0
        }, pointer, size_t(JSON_COMPACT | JSON_ENCODE_ANY))
    }
  }

  public static func bytes(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    write(value, to: &output)
    return output
  }

  public static func string(_ value: JSONValue) -> String {
    String(decoding: bytes(value), as: UTF8.self)
  }

  /// Builds a jansson tree for `value`; the handle owns it.
  public static func makeHandle(_ value: JSONValue) -> JSONHandle {
    if case .raw(let handle) = value { return handle }
    return JSONHandle(owning: makeNew(value))
  }

  /// A new reference to a jansson value for `value`.
  static func makeNew(_ value: JSONValue) -> UnsafeMutablePointer<json_t> {
    switch value {
    case .null: return json_null()
    case .bool(let flag): return flag ? json_true() : json_false()
    case .int(let number): return json_integer(json_int_t(number))
    case .double(let number): return json_real(number)
    case .string(let text):
      return withCChars(text) { json_stringn_nocheck($0, $1) }
    case .array(let items):
      let array = json_array()!
      for item in items { json_array_append_new(array, makeNew(item)) }
      return array
    case .object(let object):
      let result = json_object()!
      for (key, item) in object.pairs {
        _ = withCChars(key) { json_object_setn_new_nocheck(result, $0, $1, makeNew(item)) }
      }
      return result
    case .raw(let handle):
      return json_incref(handle.pointer)
    }
  }
}

/// Calls `body` with a pointer to `text`'s UTF-8 bytes (never null, even when empty) and its length.
private func withCChars<R>(_ text: String, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
  var text = text
  return text.withUTF8 { bytes in
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      var zero: CChar = 0
      return body(&zero, 0)
    }
    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { body($0, bytes.count) }
  }
}

extension JSONValue {
  /// Copies a jansson value into Swift.
  public init(_ handle: JSONHandle) {
    self = withExtendedLifetime(handle) { JSONValue(copying: handle.pointer) }
  }

  init(copying pointer: UnsafeMutablePointer<json_t>) {
    switch pointer.pointee.type {
    case JSON_NULL: self = .null
    case JSON_TRUE: self = .bool(true)
    case JSON_FALSE: self = .bool(false)
    case JSON_INTEGER: self = .int(Int(json_integer_value(pointer)))
    case JSON_REAL: self = .double(json_real_value(pointer))
    case JSON_STRING: self = .string(JSONRef.string(of: pointer))
    case JSON_ARRAY:
      self = .array((0..<json_array_size(pointer)).map { JSONValue(copying: json_array_get(pointer, $0)!) })
    case JSON_OBJECT:
      var object = JSONObject()
      var iterator = json_object_iter(pointer)
      while let current = iterator {
        let key = String(
          decoding: UnsafeRawBufferPointer(
            start: json_object_iter_key(current), count: json_object_iter_key_len(current)), as: UTF8.self)
        object[key] = JSONValue(copying: json_object_iter_value(current)!)
        iterator = json_object_iter_next(pointer, current)
      }
      self = .object(object)
    default: self = .null
    }
  }

  /// Parses a JSON text (tests and tools use this; the daemon keeps jansson values).
  public init(parsing text: String) throws(JSONParseError) {
    self = JSONValue(try JSONParser.parse(text))
  }

  /// Compact JSON text.
  public var serialized: String { JSONSerializer.string(self) }
}
