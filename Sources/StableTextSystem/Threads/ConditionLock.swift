#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutex and a condition variable over it, the one thing threads here wait on.
///
/// The daemon does without Foundation (whose `NSCondition` this replaces) so that a binary with
/// the Swift runtime linked in statically stays small and starts quickly. Timed waits measure
/// `MonotonicTime`, so changing the wall clock neither shortens nor stretches them.
public final class ConditionLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  public init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    #if os(Linux)
      pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    #endif
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  public func lock() { pthread_mutex_lock(mutex) }

  public func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` holding the lock.
  @inlinable
  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Releases the lock until another thread broadcasts (or the system wakes it spuriously:
  /// callers wait in a loop on their own condition), then holds it again.
  public func wait() { pthread_cond_wait(condition, mutex) }

  /// `wait()` until `deadline` at the latest; false when the deadline passed.
  @discardableResult
  public func wait(until deadline: MonotonicTime) -> Bool {
    #if os(Linux)
      var time = deadline.asTimespec
      return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    #else
      let left = deadline.seconds(since: .now())
      guard left > 0 else { return false }
      var time = MonotonicTime(nanoseconds: MonotonicTime.nanoseconds(left)).asTimespec
      return pthread_cond_timedwait_relative_np(condition, mutex, &time) != ETIMEDOUT
    #endif
  }

  /// Wakes every waiting thread.
  public func broadcast() { pthread_cond_broadcast(condition) }
}
