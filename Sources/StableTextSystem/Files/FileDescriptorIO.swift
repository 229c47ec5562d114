#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and writes on file descriptors: the one place that retries a call a signal
/// interrupted, and the one place that names the platform's `read` and `write`.
public enum FileDescriptorIO {
  /// Writes all of `bytes`, however many calls it takes; false when the descriptor failed (a
  /// closed pipe, a reset socket), after which the caller should stop writing to it.
  @discardableResult
  public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard var next = bytes.baseAddress else { return true }
    var left = bytes.count
    while left > 0 {
      let written = systemWrite(fd, next, left)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      if written == 0 { return false }
      next += written
      left -= written
    }
    return true
  }

  @discardableResult
  public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { writeAll(fd, $0) }
  }

  @discardableResult
  public static func writeAll(_ fd: Int32, _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
  }

  /// Reads what is available, up to `buffer.count` bytes: the count, 0 at the end of input, or
  /// `nil` when reading failed.
  public static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    while true {
      let count = systemRead(fd, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { return nil }
    }
  }

  @inline(__always)
  private static func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, bytes, count)
    #elseif canImport(Darwin)
      Darwin.write(fd, bytes, count)
    #endif
  }

  @inline(__always)
  private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #elseif canImport(Darwin)
      Darwin.read(fd, buffer, count)
    #endif
  }
}
