import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Log lines go to stderr or a file, never to stdout (which carries the protocol).
///
/// Logging never blocks serving: a launcher may read stderr only until the line it wanted, and
/// then the pipe fills. So a line is written only when the descriptor has room for it at once
/// (a line is at most `maxLineBytes`, the pipe's atomic write: then one write never blocks), and
/// otherwise dropped and counted; the next line that is written says how many were dropped.
public final class Logger: @unchecked Sendable {
  public enum Level: Int, Comparable, CaseIterable, Sendable {
    case error = 0
    case warning = 1
    case info = 2
    case debug = 3

    public init?(name: String) {
      switch name.lowercased() {
      case "error": self = .error
      case "warning", "warn": self = .warning
      case "info": self = .info
      case "debug", "trace": self = .debug
      default: return nil
      }
    }

    public var name: String { ["error", "warning", "info", "debug"][rawValue] }

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  public let level: Level
  private let fd: Int32
  private let lock = ConditionLock()
  /// Lines dropped since the last one written.
  private var dropped = 0
  /// POSIX's PIPE_BUF on Linux: a write of at most this many bytes to a pipe with room is whole,
  /// and does not block. A longer line is cut (with `…`).
  public static let maxLineBytes = 4096

  /// Logs to `fd` (stderr by default).
  public init(level: Level, fileDescriptor: Int32 = 2) {
    self.level = level
    self.fd = fileDescriptor
  }

  @inline(__always)
  public func enabled(_ level: Level) -> Bool { level <= self.level }

  public func log(_ level: Level, _ message: @autoclosure () -> String) {
    guard enabled(level), fd >= 0 else { return }
    let line = "stabletext [\(level.name)] \(message())"
    lock.withLock {
      // Fits: POLLOUT is 4.
      var events = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      guard poll(&events, 1, 0) == 1, events.revents & Int16(POLLOUT) != 0 else {
        dropped += 1
        return
      }
      var text = ""
      if dropped > 0 {
        text = "stabletext [warning] \(dropped) log lines dropped (nobody read the log)\n"
        dropped = 0
      }
      text += line
      var bytes = Array(text.utf8)
      if bytes.count >= Self.maxLineBytes {
        // Cut at a scalar's start, leaving room for the mark and the newline.
        var end = Self.maxLineBytes - 4
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        bytes.removeSubrange(end...)
        bytes += Array("…".utf8)
      }
      bytes.append(0x0A)
      if !FileDescriptorIO.writeAll(fd, bytes) { dropped += 1 }
    }
  }

  /// Lines dropped and not yet reported (the tests read it).
  public var droppedLines: Int { lock.withLock { dropped } }

  public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
  public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
  public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
  public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}
