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

  /// Records a server about to start (before it is spawned, so that an interruption at any
  /// moment finds it by its mark); false when the run is being stopped (it must not start).
  func add(mark: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !stopping else { return false }
    servers[mark] = 0
    return true
  }

  /// The started server's process group.
  func started(mark: String, group: pid_t) {
    lock.lock()
    if servers[mark] != nil { servers[mark] = group }
    lock.unlock()
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
    for group in all.values where group > 0 { kill(-group, SIGTERM) }
    if !all.isEmpty { MonotonicTime.sleep(seconds: grace) }
    for (mark, group) in all {
      if group > 0 { kill(-group, SIGKILL) }
      _ = ProcessScope.end(mark, outsideGroup: group > 0 ? group : -1)
    }
    return all.count
  }
}
