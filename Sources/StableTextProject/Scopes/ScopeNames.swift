/// What every scope package does with a package's name, and JavaScript's default sort.
enum ScopeNames {
  /// `name.charAt(0) === "@" ? name.split("/")[1] : name`: an npm scope dropped (`@acme/ui` →
  /// `ui`, `@acme/ui/x` → `ui`, `@acme/` → ``); nil (`undefined`) for `@acme` alone.
  static func scope(of name: String) -> String? {
    // On the UTF-8 bytes: a `/` byte is always the whole scalar `/`, so the parts are the same.
    let bytes = name.utf8
    guard bytes.first == UInt8(ascii: "@") else { return name }
    guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return nil }
    let start = bytes.index(after: slash)
    let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
    return String(name.unicodeScalars[start..<end])
  }

  /// `name` as the packages test it (`if (name)`, then `name.charAt`): nil when falsy; a
  /// failure naming the type when it is truthy but not a string (JavaScript's TypeError).
  static func name(_ value: ManifestValue) -> Result<String?, TypeFailure> {
    // A string is truthy when it is not empty.
    if let text = value.string { return .success(text.isEmpty ? nil : text) }
    guard value.isTruthy else { return .success(nil) }
    guard let text = value.string else {
      return .failure(
        TypeFailure(message: "name.charAt is not a function (a name that is \(value.typeName))"))
    }
    return .success(text)
  }

  struct TypeFailure: Error, Hashable {
    var message: String
  }

  /// JavaScript's `Array.prototype.sort()` without a comparator: strings by UTF-16 code units,
  /// `undefined` last. Stable.
  static func sorted(_ list: [String?]) -> [String?] {
    let defined = sorted(list.compactMap { $0 })
    return defined + Array(repeating: nil, count: list.count - defined.count)
  }

  /// `strings` sorted by `precedes`, their bytes copied once into one buffer and compared there
  /// (no string retained or released for each comparison).
  static func sorted(_ strings: [String]) -> [String] {
    var bytes: [UInt8] = []
    var bounds: [Range<Int>] = []
    bounds.reserveCapacity(strings.count)
    for string in strings {
      let start = bytes.count
      bytes.append(contentsOf: string.utf8)
      bounds.append(start..<bytes.count)
    }
    var order = Array(strings.indices)
    bytes.withUnsafeBufferPointer { all in
      bounds.withUnsafeBufferPointer { bounds in
        order.sort { first, second in
          precedes(
            UnsafeBufferPointer(rebasing: all[bounds[first]]),
            UnsafeBufferPointer(rebasing: all[bounds[second]]))
        }
      }
    }
    return order.map { strings[$0] }
  }

  /// Whether `first` sorts before `second` as JavaScript compares strings (UTF-16 code units),
  /// computed on their UTF-8 bytes: byte order is code point order, which is UTF-16's except
  /// between a character past U+FFFF (a surrogate pair in UTF-16, lead byte F0–F4) and one in
  /// U+E000–U+FFFF (lead byte EE or EF), where UTF-16 puts the first before the second.
  static func precedes(_ first: String, _ second: String) -> Bool {
    let fast = first.utf8.withContiguousStorageIfAvailable { one in
      second.utf8.withContiguousStorageIfAvailable { other in precedes(one, other) }
    }
    if let fast, let answer = fast { return answer }
    var first = first
    var second = second
    return first.withUTF8 { one in
      second.withUTF8 { other in precedes(one, other) }
    }
  }

  /// Whether `first` sorts before `second` by code points (the order of their UTF-8 bytes), as
  /// `unicodeScalars.lexicographicallyPrecedes` says, without walking either as a sequence.
  static func codePointsPrecede(_ first: String, _ second: String) -> Bool {
    let fast = first.utf8.withContiguousStorageIfAvailable { one in
      second.utf8.withContiguousStorageIfAvailable { other in
        let common = min(one.count, other.count)
        var index = 0
        while index < common && one[index] == other[index] { index += 1 }
        return index < common ? one[index] < other[index] : one.count < other.count
      }
    }
    if let fast, let answer = fast { return answer }
    return first.utf8.lexicographicallyPrecedes(second.utf8)
  }

  /// `precedes` on the UTF-8 bytes of the two strings.
  private static func precedes(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool
  {
    let common = min(one.count, other.count)
    var index = 0
    while index < common && one[index] == other[index] { index += 1 }
    guard index < common else { return one.count < other.count }
    let (left, right) = (one[index], other[index])
    if left >= 0xF0 && (0xEE...0xEF).contains(right) { return true }
    if right >= 0xF0 && (0xEE...0xEF).contains(left) { return false }
    return left < right
  }

  /// Whether `text` holds `needle` as JavaScript's `includes` finds it (code units, not
  /// characters: a combining mark after it does not hide it).
  static func includes(_ text: String, _ needle: String) -> Bool {
    var text = text
    var needle = needle
    return text.withUTF8 { haystack in
      needle.withUTF8 { wanted in
        guard let lead = wanted.first, haystack.count >= wanted.count else { return wanted.isEmpty }
        var start = 0
        while start <= haystack.count - wanted.count {
          if haystack[start] == lead {
            var offset = 1
            while offset < wanted.count && haystack[start + offset] == wanted[offset] { offset += 1 }
            if offset == wanted.count { return true }
          }
          start += 1
        }
        return false
      }
    }
  }
}
