import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The servers a conformance run has started and not yet ended, by process group and mark, so
/// that an interrupted run (SIGINT, SIGTERM) can end them all before it exits: a server must
/// never outlive the runner.
public final class LiveServers: @unchecked Sendable {
  private let lock = ConditionLock()
  private var servers: [String: pid_t] = [:]
  private var stopping = false

  public init() {}

  /// Records a started server; false when the run is being stopped (the caller ends it at once).
  func add(mark: String, group: pid_t) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    servers[mark] = group
    return !stopping
  }

  func remove(mark: String) {
    lock.lock()
    servers[mark] = nil
    lock.unlock()
  }

  /// Ends every live server: SIGTERM to its group, SIGKILL a second later to whatever is left,
  /// and anything that left the group found by its mark. Returns how many there were.
  @discardableResult
  public func endAll(grace: Double = 1) -> Int {
    lock.lock()
    stopping = true
    let all = servers
    lock.unlock()
    for group in all.values { kill(-group, SIGTERM) }
    if !all.isEmpty { MonotonicTime.sleep(seconds: grace) }
    for (mark, group) in all {
      kill(-group, SIGKILL)
      _ = ProcessScope.end(mark, outsideGroup: group)
    }
    return all.count
  }
}
