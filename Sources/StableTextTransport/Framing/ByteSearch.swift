/// Finding a byte string in raw input, for readers that must look into bytes they cannot parse
/// (a skipped body, a body that is not JSON).
public enum ByteSearch {
  /// The offset of the first occurrence of `needle` in `bytes` at or after `start`, or `nil`.
  public static func firstIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0)
    -> Int?
  {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var i = max(0, start)
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
