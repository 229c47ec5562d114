/// A `textDocument/didChange` that arrived but could not be applied or even read: the document
/// it names (or, when no name can be read, every open document) no longer matches the editor.
///
/// Found from the body's bytes rather than from the JSON parser's error, so that it does not
/// matter why the body failed (invalid UTF-8, a lone surrogate escape, a number out of range, a
/// byte after the value, …).
struct LostChange: Sendable {
  /// The document named, or `nil` when no URI could be read.
  var uri: String?
  /// What went wrong, for the out-of-sync diagnostic.
  var reason: String

  /// The method name as a JSON string, written plainly or with `\/`.
  static let methodNames: [[UInt8]] = [
    Array(#""textDocument/didChange""#.utf8), Array(#""textDocument\/didChange""#.utf8),
  ]
  private static let uriKey = Array(#""uri""#.utf8)

  /// The lost change in `body`, or `nil` when the bytes do not show a `didChange`.
  static func find(in body: UnsafeRawBufferPointer, reason: String) -> LostChange? {
    let bytes = body.bindMemory(to: UInt8.self)
    guard methodNames.contains(where: { firstMatch(of: $0, in: bytes, from: 0) != nil }) else { return nil }
    return LostChange(uri: readURI(bytes), reason: reason)
  }

  /// A change known to be lost (its method was seen), naming the document of the first
  /// `"uri"` in `bytes` (the start of a body that was skipped), if one can be read.
  static func named(in bytes: UnsafeRawBufferPointer, reason: String) -> LostChange {
    LostChange(uri: readURI(bytes.bindMemory(to: UInt8.self)), reason: reason)
  }

  /// The string after the first `"uri"` key (not inside another string's escapes), decoded
  /// strictly: any doubt (an unknown escape, a surrogate, invalid UTF-8, no closing quote)
  /// means no URI, and then every document is treated as named.
  private static func readURI(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var from = 0
    while let found = firstMatch(of: uriKey, in: bytes, from: from) {
      from = found + 1
      if found > 0 && bytes[found - 1] == UInt8(ascii: "\\") { continue }
      var i = found + uriKey.count
      func skipSpace() { while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 } }
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { continue }
      i += 1
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
      return decodeString(bytes, from: i + 1)
    }
    return nil
  }

  private static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String? {
    var raw: [UInt8] = []
    var i = start
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\"") {
        // Strict UTF-8 or nothing: a lenient reading could name another document.
        return String(validating: raw, as: UTF8.self)
      }
      if byte < 0x20 { return nil }
      if byte != UInt8(ascii: "\\") {
        raw.append(byte)
        i += 1
        continue
      }
      guard i + 1 < bytes.count else { return nil }
      let escaped = bytes[i + 1]
      i += 2
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): raw.append(escaped)
      case UInt8(ascii: "b"): raw.append(0x08)
      case UInt8(ascii: "f"): raw.append(0x0C)
      case UInt8(ascii: "n"): raw.append(0x0A)
      case UInt8(ascii: "r"): raw.append(0x0D)
      case UInt8(ascii: "t"): raw.append(0x09)
      case UInt8(ascii: "u"):
        guard i + 4 <= bytes.count,
          let unit = UInt32(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<i + 4]), as: UTF8.self), radix: 16)
        else { return nil }
        i += 4
        // Surrogates (paired or not) are left to doubt: URIs are ASCII in practice.
        guard let scalar = Unicode.Scalar(unit) else { return nil }
        raw.append(contentsOf: Array(String(scalar).utf8))
      default:
        return nil
      }
    }
    return nil
  }

  private static func firstMatch(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var i = start
    let last = bytes.count - needle.count
    while i <= last {
      if bytes[i] == first {
        var j = 1
        while j < needle.count && bytes[i + j] == needle[j] { j += 1 }
        if j == needle.count { return i }
      }
      i += 1
    }
    return nil
  }
}
