/// The exact text of numeric request ids, read from a body that jansson has already accepted.
///
/// jansson keeps a number's value, not its spelling (`1E2` comes back as `100.0`, `-0` as `0`,
/// `1e-400` as `0.0`), and an id must come back as the client wrote it. Because the body is
/// known to be valid JSON, a structural walk (strings, nesting, commas) is enough to find the
/// `id` member of the top-level object, or of each element of a top-level array.
public enum RawIDs {
  /// One entry for a top-level object, one per element for an array: the text of a numeric
  /// `id` member, or `nil` (no such member, not a number, or a key spelled with escapes).
  public static func numbers(in body: UnsafeRawBufferPointer) -> [String?] {
    members(in: body, path: ["id"])
  }

  /// The same for `params.MEMBER`: the id a cancellation names (`$/cancelRequest`'s `id`, MCP's
  /// `requestId`), as it was spelled.
  public static func cancelledNumbers(in body: UnsafeRawBufferPointer, member: String = "id") -> [String?] {
    members(in: body, path: ["params", member])
  }

  private static func members(in body: UnsafeRawBufferPointer, path: ArraySlice<String>) -> [String?] {
    let bytes = body.bindMemory(to: UInt8.self)
    var i = 0
    skipSpace(bytes, &i)
    guard i < bytes.count else { return [] }
    if bytes[i] == UInt8(ascii: "{") { return [objectMember(bytes, &i, path)] }
    guard bytes[i] == UInt8(ascii: "[") else { return [] }
    i += 1
    var result: [String?] = []
    while true {
      skipSpace(bytes, &i)
      guard i < bytes.count, bytes[i] != UInt8(ascii: "]") else { return result }
      if bytes[i] == UInt8(ascii: "{") {
        result.append(objectMember(bytes, &i, path))
      } else {
        result.append(nil)
        skipValue(bytes, &i)
      }
      skipSpace(bytes, &i)
      if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1 }
    }
  }

  /// Walks the object at `i` (leaving `i` after it); the text of the numeric value at `path`
  /// inside it (its last occurrence, as jansson keeps the last of duplicate keys).
  private static func objectMember(
    _ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ path: ArraySlice<String>
  ) -> String? {
    var found: String?
    i += 1  // {
    while i < bytes.count {
      skipSpace(bytes, &i)
      guard i < bytes.count else { break }
      if bytes[i] == UInt8(ascii: "}") {
        i += 1
        break
      }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      let keyStart = i
      skipString(bytes, &i)
      let key = bytes[keyStart..<i]
      skipSpace(bytes, &i)
      i += 1  // :
      skipSpace(bytes, &i)
      let valueStart = i
      let named =
        key.count == path.first!.utf8.count + 2
        && key.dropFirst().dropLast().elementsEqual(path.first!.utf8)
      if named && path.count > 1 && i < bytes.count && bytes[i] == UInt8(ascii: "{") {
        found = objectMember(bytes, &i, path.dropFirst())
        continue
      }
      skipValue(bytes, &i)
      if named && path.count == 1 {
        let first = bytes[valueStart]
        let isNumber = first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)
        found =
          isNumber
          ? String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<i]), as: UTF8.self) : nil
      } else if named {
        found = nil
      }
    }
    return found
  }

  private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
  }

  /// Past the string starting at `i` (its opening quote).
  private static func skipString(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
    i += 1
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "\\"): i += 2
      case UInt8(ascii: "\""):
        i += 1
        return
      default: i += 1
      }
    }
  }

  /// Past the value starting at `i`: a string, a bracketed value, or a literal or number
  /// (which ends at the next delimiter).
  private static func skipValue(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
    guard i < bytes.count else { return }
    switch bytes[i] {
    case UInt8(ascii: "\""): skipString(bytes, &i)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while i < bytes.count {
        switch bytes[i] {
        case UInt8(ascii: "\""):
          skipString(bytes, &i)
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            i += 1
            return
          }
        default: break
        }
        i += 1
      }
    default:
      while i < bytes.count {
        switch bytes[i] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return
        default: i += 1
        }
      }
    }
  }
}
