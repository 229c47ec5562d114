import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// LSP's rule for a server whose client dies: "if the parent process is not alive then the
/// server should exit". The client's process id comes from `--clientProcessId` or from
/// `initialize`'s `processId`; a thread checks it twice a second.
public enum ClientProcessWatch {
  /// Whether `pid` names a process that exists (one of another user counts: it exists).
  public static func isAlive(_ pid: Int32) -> Bool {
    guard pid > 0 else { return false }
    guard kill(pid, 0) == 0 || errno == EPERM else { return false }
    #if os(Linux)
      // A process that ended but was not reaped yet (a zombie) still answers `kill`.
      if let bytes = FileSystem.contents(of: "/proc/\(pid)/stat"),
        case let stat = String(decoding: bytes, as: UTF8.self),
        let state = stat.split(separator: ")").last?.split(separator: " ").first, state == "Z"
      {
        return false
      }
    #endif
    return true
  }

  /// Calls `gone` (on a thread of its own) once `pid` no longer exists. A pid that does not
  /// exist now is not watched, and false is returned: it is most likely a process of another
  /// namespace (a client in a container's host), which the server cannot see.
  @discardableResult
  public static func start(_ pid: Int32, every seconds: Double = 0.5, gone: @escaping @Sendable () -> Void)
    -> Bool
  {
    guard isAlive(pid) else { return false }
    SystemThread.detach(name: "st-client-watch") {
      while isAlive(pid) { MonotonicTime.sleep(seconds: seconds) }
      gone()
    }
    return true
  }
}
