import CJansson

/// Turns `JSONValue`s into compact UTF-8 bytes, and into jansson values.
public enum JSONSerializer {
  /// Serializes compactly, appending to `output`, byte for byte as jansson's `JSON_COMPACT`
  /// dump would (the tests compare the two). Strings keep their exact bytes (NUL included).
  ///
  /// Null, booleans, integers, strings, arrays and objects are written here directly: building
  /// a jansson tree only to dump it cost most of a `publishDiagnostics`. Reals (whose formatting
  /// is jansson's `%.17g` with its own rules) and `.raw` values are dumped by jansson in place.
  public static func write(_ value: JSONValue, to output: inout [UInt8]) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: flag ? "true".utf8 : "false".utf8)
    case .int(let number): output.append(contentsOf: String(number).utf8)
    case .string(let text): appendString(text, to: &output)
    case .array(let items):
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        write(item, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      object.forEachPair { index, key, item in
        if index > 0 { output.append(UInt8(ascii: ",")) }
        appendString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        write(item, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    case .verbatim(let text): output.append(contentsOf: text.utf8)
    case .double(let number) where !number.isFinite:
      // JSON has no infinity or NaN (jansson refuses to build them). The server never sends
      // one (its inputs are bounded); should one slip through, the message stays valid JSON.
      output.append(contentsOf: "null".utf8)
    case .double, .raw:
      write(makeHandle(value), to: &output)
    }
  }

  /// A JSON string as jansson writes one: `"` and `\` escaped, `\b \f \n \r \t` short,
  /// other control characters (NUL included) as `\u00XX` in upper case, everything else as is.
  @usableFromInline static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
        runStart = i + 1
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: output.append(UInt8(ascii: "\""))
        case 0x5C: output.append(UInt8(ascii: "\\"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
          // Below 0x20: the high digit is 0 or 1.
          let low = byte & 0xF
          output.append(contentsOf: "u00".utf8)
          output.append(UInt8(ascii: "0") + (byte >> 4))
          output.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "A") + low - 10)
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    output.append(UInt8(ascii: "\""))
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
    case .double(let number): return json_real(number) ?? json_null()
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
    case .verbatim(let text):
      guard let handle = try? JSONParser.parse(text) else { return json_null() }
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
