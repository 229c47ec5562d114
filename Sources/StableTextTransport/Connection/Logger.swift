import StableTextSystem

/// Log lines go to stderr or a file, never to stdout (which carries the protocol).
public final class Logger: Sendable {
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

  /// Logs to `fd` (stderr by default).
  public init(level: Level, fileDescriptor: Int32 = 2) {
    self.level = level
    self.fd = fileDescriptor
  }

  @inline(__always)
  public func enabled(_ level: Level) -> Bool { level <= self.level }

  public func log(_ level: Level, _ message: @autoclosure () -> String) {
    guard enabled(level) else { return }
    FileDescriptorIO.writeAll(fd, "stabletext [\(level.name)] \(message())\n")
  }

  public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
  public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
  public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
  public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}
