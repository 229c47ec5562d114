/// Where a value is in a JSON text, for a problem's line and column: jansson parses values, not
/// places, so the text is walked again along the problem's `FieldPath`, skipping every value
/// off the path (no tree is built, no recursion: a string-aware depth count skips a nested
/// value). A name written twice is found at its last place, the one `JSON.parse` keeps. Only
/// text jansson accepted is walked; anything unexpected ends the walk at the deepest place found.
package enum JSONPositions {
  /// The place of the value at `path` in `bytes`: its member's name for a member, the element
  /// itself for an index; or the deepest step of `path` that is there; nil when not even the
  /// first one is (or for the empty path, the start of the text).
  package static func position(of path: FieldPath, in bytes: [UInt8]) -> FilePlace? {
    var scanner = Scanner(bytes: bytes)
    scanner.skipSpace()
    var found: Int? = path.steps.isEmpty ? scanner.offset : nil
    var valueStart = scanner.offset
    for step in path.steps {
      scanner.offset = valueStart
      switch step {
      case .member(let name):
        guard let (key, value) = scanner.member(named: name) else {
          return found.map { place($0, in: bytes) }
        }
        found = key
        valueStart = value
      case .index(let index):
        guard let element = scanner.element(at: index) else { return found.map { place($0, in: bytes) } }
        found = element
        valueStart = element
      }
    }
    return found.map { place($0, in: bytes) }
  }

  /// The line and column (in Unicode scalars) of the byte at `offset`.
  package static func place(_ offset: Int, in bytes: [UInt8]) -> FilePlace {
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    var column = 1
    if lineStart < offset {
      for index in lineStart..<min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 { column += 1 }
    }
    return FilePlace(line: line, column: column)
  }

  private struct Scanner {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) {
      self.bytes = bytes
      // A byte order mark is not part of the text.
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipSpace() {
      while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
    }

    /// In the object at `offset`: the offsets of the last member named `name` and of its value.
    mutating func member(named name: String) -> (key: Int, value: Int)? {
      skipSpace()
      guard current == UInt8(ascii: "{") else { return nil }
      offset += 1
      var found: (key: Int, value: Int)?
      while true {
        skipSpace()
        guard current == UInt8(ascii: "\"") else { return found }
        let key = offset
        guard let text = string() else { return found }
        skipSpace()
        guard current == UInt8(ascii: ":") else { return found }
        offset += 1
        skipSpace()
        let value = offset
        if text == name { found = (key, value) }
        guard skipValue() else { return found }
        skipSpace()
        guard current == UInt8(ascii: ",") else { return found }
        offset += 1
      }
    }

    /// In the array at `offset`: the offset of element `index`.
    mutating func element(at index: Int) -> Int? {
      skipSpace()
      guard current == UInt8(ascii: "[") else { return nil }
      offset += 1
      var count = 0
      while true {
        skipSpace()
        guard let byte = current, byte != UInt8(ascii: "]") else { return nil }
        if count == index { return offset }
        guard skipValue() else { return nil }
        skipSpace()
        guard current == UInt8(ascii: ",") else { return nil }
        offset += 1
        count += 1
      }
    }

    /// Reads the string at `offset` (at its `"`), decoded; nil when it does not end.
    mutating func string() -> String? {
      offset += 1
      var scalars = String.UnicodeScalarView()
      var raw: [UInt8] = []
      func flush() {
        scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
        raw.removeAll()
      }
      var pendingHigh: UInt32?
      while let byte = current {
        offset += 1
        if byte == UInt8(ascii: "\"") {
          flush()
          return String(scalars)
        }
        guard byte == UInt8(ascii: "\\") else {
          raw.append(byte)
          continue
        }
        guard let escaped = current else { return nil }
        offset += 1
        flush()
        switch escaped {
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "u"):
          guard offset + 4 <= bytes.count,
            let unit = UInt32(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), radix: 16)
          else { return nil }
          offset += 4
          if (0xD800..<0xDC00).contains(unit) {
            pendingHigh = unit
            continue
          }
          if (0xDC00..<0xE000).contains(unit), let high = pendingHigh {
            let combined = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
            if let scalar = Unicode.Scalar(combined) { scalars.append(scalar) }
          } else if let scalar = Unicode.Scalar(unit) {
            scalars.append(scalar)
          }
        default: scalars.append(Unicode.Scalar(escaped))
        }
        pendingHigh = nil
      }
      return nil
    }

    /// Moves past the value at `offset`; false when the text ends first.
    mutating func skipValue() -> Bool {
      guard let first = current else { return false }
      if first == UInt8(ascii: "\"") { return string() != nil }
      guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
        // A number or a literal: up to the next delimiter.
        while let byte = current, ![0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D].contains(byte) { offset += 1 }
        return true
      }
      var depth = 0
      while let byte = current {
        if byte == UInt8(ascii: "\"") {
          guard string() != nil else { return false }
          continue
        }
        offset += 1
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
          depth -= 1
          if depth == 0 { return true }
        }
      }
      return false
    }
  }
}
