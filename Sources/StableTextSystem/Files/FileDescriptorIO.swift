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

  /// What a write bounded in time came to.
  public enum TimedWrite: Equatable, Sendable {
    case written
    /// The descriptor failed (a closed pipe, a reset or gone peer).
    case failed
    /// The reader took no byte for the whole wait: it stopped reading.
    case stalled
  }

  /// Writes all of `bytes` to `fd` without ever blocking in the kernel: a socket is written with
  /// `MSG_DONTWAIT` (its reading side stays blocking for the thread that reads it), anything else
  /// must be non-blocking already (`makeNonBlocking`, a pipe's writing end). When there is no
  /// room, waits for some, but never `stallSeconds` after the reader last took a byte: a reader
  /// that stops reading cannot hold the writer (a server that reads nothing, a peer that takes
  /// nothing).
  public static func writeAll(
    _ fd: Int32, _ bytes: UnsafeRawBufferPointer, stallSeconds: Double, socket: Bool
  )
    -> TimedWrite
  {
    guard let base = bytes.baseAddress else { return .written }
    var offset = 0
    var lastProgress = MonotonicTime.now()
    while offset < bytes.count {
      let written =
        socket
        // Fits: two flags of a few bits.
        ? send(fd, base + offset, bytes.count - offset, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
        : systemWrite(fd, base + offset, bytes.count - offset)
      if written > 0 {
        offset += written
        lastProgress = MonotonicTime.now()
        continue
      }
      guard written < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return .failed }
      let left = stallSeconds - MonotonicTime.now().seconds(since: lastProgress)
      guard left > 0 else { return .stalled }
      // Fits: POLLOUT is 4.
      var events = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      // Fits: at most the stall's seconds in milliseconds, rounded up, and an hour.
      _ = poll(&events, 1, Int32(min(left * 1000 + 1, 3_600_000)))
    }
    return .written
  }

  public static func writeAll(_ fd: Int32, _ bytes: [UInt8], stallSeconds: Double, socket: Bool) -> TimedWrite
  {
    bytes.withUnsafeBytes { writeAll(fd, $0, stallSeconds: stallSeconds, socket: socket) }
  }

  /// Makes the writes and reads of `fd` return at once rather than wait (`O_NONBLOCK`): for a
  /// pipe's writing end that `writeAll(_:_:stallSeconds:socket:)` writes.
  public static func makeNonBlocking(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
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
