/// Where UTF-8 first goes wrong (RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF), for an error message that can say at which byte.
package enum UTF8Check {
  /// The offset from the start of `bytes` of the first byte that does not begin or continue a
  /// valid scalar, or nil when all of it is valid.
  package static func firstInvalid(in bytes: ArraySlice<UInt8>) -> Int? {
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return i - bytes.startIndex
      }
      for k in 1..<length {
        guard i + k < bytes.endIndex else { return i - bytes.startIndex }
        let byte = bytes[i + k]
        let range = k == 1 ? low...high : 0x80...0xBF
        guard range.contains(byte) else { return i - bytes.startIndex }
      }
      i += length
    }
    return nil
  }
}
