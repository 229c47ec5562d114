import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Direct writes to the standard streams (commands other than the daemon print through here).
enum Standard {
  static func output(_ text: String) { FileDescriptorIO.writeAll(1, text) }
  static func error(_ text: String) { FileDescriptorIO.writeAll(2, text) }
}

extension Standard {
  /// A server that could not set its streams up, with the status to exit with (said already).
  struct SetUpFailure: Error {
    var status: Int32
  }

  /// A server's streams (the daemon's, `mcp`'s): the log's descriptor (`logFile`, appended to,
  /// else stderr), and the real stdout kept for the protocol, fd 1 then pointing at stderr so
  /// that a stray print anywhere in the process cannot corrupt the stream.
  static func protocolStreams(logFile: String?) -> Result<(log: Int32, output: Int32), SetUpFailure> {
    var logFD: Int32 = 2
    if let logFile {
      logFD = open(logFile, O_WRONLY | O_CREAT | O_APPEND, 0o644)
      guard logFD >= 0 else {
        return .failure(
          SetUpFailure(status: Usage.refuse("cannot open log file \(logFile) (errno \(errno))")))
      }
    }
    let protocolFD = dup(1)
    guard protocolFD >= 0, dup2(2, 1) >= 0 else {
      error("stabletext: cannot set up stdout (errno \(errno))\n")
      return .failure(SetUpFailure(status: 1))
    }
    return .success((logFD, protocolFD))
  }
}
