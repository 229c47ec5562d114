import StableTextConventions
import StableTextJSON

/// Most manifests a monorepo's packages hold are one object of plain members (`{"name":
/// "@acme/ui", "version": "1.0.0", "private": true}`): those are read here without jansson, as
/// the same value the scope packages' JavaScript sees; anything else is jansson's to read (and to
/// refuse, in its words).
extension ManifestParsing {
  /// The manifest's value as `json(_:dropsByteOrderMark:)` reads it, a plain object read here.
  static func manifest(_ bytes: [UInt8], dropsByteOrderMark: Bool) -> Result<ManifestValue, Failure> {
    if let object = plainObject(bytes) { return .success(.yaml(object)) }
    return json(bytes, dropsByteOrderMark: dropsByteOrderMark).map { .json($0.ref()) }
  }

  /// `bytes` as an object when they are exactly JSON whitespace, `{`, members whose names and
  /// string values hold only printable ASCII without a backslash, whose other values are `true`,
  /// `false`, `null` or an integer of at most 15 digits, `}` and whitespace; nil for anything else
  /// (a byte order mark, an escape, a fraction, a nested value, a byte past ASCII, an error).
  /// Repeated names are kept in order; a reader takes the last, as `JSON.parse` does.
  static func plainObject(_ bytes: [UInt8]) -> CommitlintValue? {
    bytes.withUnsafeBufferPointer { text -> CommitlintValue? in
      var reader = PlainReader(text: text)
      return reader.object()
    }
  }

  private struct PlainReader {
    let text: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func skipSpace() {
      while index < text.count {
        switch text[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    func at(_ byte: UInt8) -> Bool { index < text.count && text[index] == byte }

    mutating func string() -> String? {
      guard at(UInt8(ascii: "\"")) else { return nil }
      index += 1
      let start = index
      while index < text.count, text[index] != UInt8(ascii: "\"") {
        let byte = text[index]
        guard byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "\\") else { return nil }
        index += 1
      }
      guard index < text.count else { return nil }
      let value = String(decoding: UnsafeBufferPointer(rebasing: text[start..<index]), as: UTF8.self)
      index += 1
      return value
    }

    mutating func word(_ word: StaticString) -> Bool {
      let count = word.utf8CodeUnitCount
      guard index + count <= text.count else { return false }
      for offset in 0..<count where text[index + offset] != word.utf8Start[offset] { return false }
      index += count
      return true
    }

    mutating func integer() -> CommitlintValue? {
      let negative = at(UInt8(ascii: "-"))
      if negative { index += 1 }
      let start = index
      var value = 0
      while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
        value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
        index += 1
        guard index - start <= 15 else { return nil }
      }
      let digits = index - start
      guard digits > 0, digits == 1 || text[start] != UInt8(ascii: "0") else { return nil }
      // Fits: at most 15 digits, below 2⁵³, which a double holds exactly.
      return .number(negative ? -Double(value) : Double(value))
    }

    mutating func value() -> CommitlintValue? {
      guard index < text.count else { return nil }
      switch text[index] {
      case UInt8(ascii: "\""): return string().map(CommitlintValue.string)
      case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
      case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
      case UInt8(ascii: "n"): return word("null") ? .null : nil
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer()
      default: return nil
      }
    }

    mutating func object() -> CommitlintValue? {
      skipSpace()
      guard at(UInt8(ascii: "{")) else { return nil }
      index += 1
      skipSpace()
      var members: [CommitlintValue.Member] = []
      if at(UInt8(ascii: "}")) {
        index += 1
      } else {
        while true {
          guard let name = string() else { return nil }
          skipSpace()
          guard at(UInt8(ascii: ":")) else { return nil }
          index += 1
          skipSpace()
          guard let value = value() else { return nil }
          members.append(CommitlintValue.Member(name, value))
          skipSpace()
          if at(UInt8(ascii: ",")) {
            index += 1
            skipSpace()
            continue
          }
          guard at(UInt8(ascii: "}")) else { return nil }
          index += 1
          break
        }
      }
      skipSpace()
      return index == text.count ? .object(members) : nil
    }
  }
}
