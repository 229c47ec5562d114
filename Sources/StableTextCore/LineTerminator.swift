/// The three line terminators StableText recognises: `\n`, `\r\n` and `\r`. U+2028, U+0085 and
/// form feed are ordinary characters here, as they are for LSP clients that count lines.
enum LineTerminator {
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D

  /// UTF-8 offsets where each line after the first starts, scanning `bytes` whose offset
  /// zero is at `base` in the document. A `\r` at the very end is reported as a break; the
  /// caller rescans when a following `\n` arrives.
  static func lineStarts(in bytes: UnsafeBufferPointer<UInt8>, base: Int, into starts: inout [Int]) {
    var i = 0
    let n = bytes.count
    while i < n {
      let byte = bytes[i]
      if byte == lineFeed {
        starts.append(base + i + 1)
      } else if byte == carriageReturn {
        if i + 1 < n && bytes[i + 1] == lineFeed {
          i += 1
        }
        starts.append(base + i + 1)
      }
      i += 1
    }
  }
}
