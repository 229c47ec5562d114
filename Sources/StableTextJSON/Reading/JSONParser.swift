import CJansson

/// Why bytes were not JSON, in jansson's words with the place it stopped.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public var line: Int
  public var column: Int
  public var position: Int

  public var description: String { "\(message) (line \(line), column \(column))" }
}

public enum JSONParser {
  /// jansson seeds its hash function on first use, which is not thread-safe; call this before
  /// parsing on more than one thread.
  public static func prepareForThreads() {
    json_object_seed(0)
  }

  /// Parses one JSON text of any type. Strings may hold U+0000; invalid UTF-8, a BOM, NaN, a
  /// lone surrogate escape or nesting deeper than jansson's limit are errors.
  public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONHandle {
    var error = json_error_t()
    let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
    let empty: CChar = 0
    let parsed = withUnsafePointer(to: empty) { fallback in
      json_loadb(base ?? fallback, bytes.count, size_t(JSON_DECODE_ANY | JSON_ALLOW_NUL), &error)
    }
    guard let parsed else {
      let text = withUnsafeBytes(of: error.text) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      throw JSONParseError(
        message: text, line: Int(error.line), column: Int(error.column), position: Int(error.position))
    }
    return JSONHandle(owning: parsed)
  }

  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONHandle {
    let result: Result<JSONHandle, JSONParseError> = bytes.withUnsafeBytes { raw in
      do throws(JSONParseError) { return .success(try parse(raw)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  public static func parse(_ text: String) throws(JSONParseError) -> JSONHandle {
    try parse(Array(text.utf8))
  }
}
