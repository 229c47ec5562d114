/// What a server wrote that is not a message, shown in a report: its first bytes, readable.
enum StrayBytes {
  /// How many bytes are shown.
  static let shownBytes = 200

  /// The first `shownBytes` of `bytes` in quotes: UTF-8 text as it is, but control characters
  /// escaped (`\n`, `\r`, `\t`, `\u{1B}`) and bytes that are not UTF-8 as `\xFF`; `…` and the
  /// whole count after a cut.
  static func shown(_ bytes: ArraySlice<UInt8>) -> String {
    let head = Array(bytes.prefix(shownBytes))
    var text = ""
    var index = 0
    while index < head.count {
      let (scalar, length) = decode(head, at: index)
      if let scalar {
        switch scalar {
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
          text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: text.unicodeScalars.append(scalar)
        }
      } else {
        text += "\\x" + (head[index] < 16 ? "0" : "") + String(head[index], radix: 16, uppercase: true)
      }
      index += length
    }
    let cut = bytes.count > shownBytes ? "… (\(bytes.count) bytes)" : ""
    return "\"\(text)\"\(cut)"
  }

  /// The scalar at `index` and its length, or `nil` and 1 for a byte that starts no valid UTF-8
  /// sequence (one cut by `shownBytes` too).
  private static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar?, Int) {
    let first = bytes[index]
    let length =
      switch first {
      case 0..<0x80: 1
      case 0xC2..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF5: 4
      default: 0
      }
    guard length > 0, index + length <= bytes.count else { return (nil, 1) }
    var decoder = UTF8()
    var iterator = bytes[index..<index + length].makeIterator()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return (scalar, length) }
    return (nil, 1)
  }
}
