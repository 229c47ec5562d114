import StableTextSystem
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parsed work handed from the reader thread to the handler's thread. Bounded, so a client that
/// writes faster than the server works is slowed down instead of filling memory.
public final class WorkQueue<Decoded: Sendable>: @unchecked Sendable {
  // Inlinable, like the rest of a connection's per-message path, so that it is specialized for
  // the handler's decoded type where the connection is made (unspecialized, every call looked
  // up generic metadata: about 600 instructions a keystroke).
  @usableFromInline let condition = ConditionLock()
  @usableFromInline var items: [Work<Decoded>] = []
  @usableFromInline var ended = false
  @inlinable public static var capacity: Int { 16_384 }

  /// True while the handler's thread waits in `take` for work.
  @usableFromInline var takerWaiting = false
  /// Puts so far, readable without the lock: the handler's thread watches it for a moment before
  /// it sleeps, because waking a sleeping thread costs tens of microseconds and the next
  /// keystroke is often that close behind.
  @usableFromInline let puts = Atomic<Int>(0)
  /// How long the handler's thread watches before it sleeps.
  @inlinable static var watch: Duration { .microseconds(50) }

  public init() {}

  @inlinable
  public func put(_ work: [Work<Decoded>]) {
    guard !work.isEmpty else { return }
    condition.lock()
    while items.count >= Self.capacity { condition.wait() }
    items.append(contentsOf: work)
    puts.add(1, ordering: .releasing)
    let wake = takerWaiting
    condition.unlock()
    // Woken after unlocking, so the taker does not wake only to wait for the lock.
    if wake { condition.broadcast() }
  }

  @inlinable
  public func end() {
    condition.lock()
    ended = true
    condition.broadcast()
    condition.unlock()
  }

  /// Everything waiting (blocking until something is, when `wait`), and whether input ended.
  @inlinable
  public func take(wait: Bool) -> ([Work<Decoded>], Bool) {
    if wait {
      // Watch for a put for a moment before sleeping.
      let seen = puts.load(ordering: .acquiring)
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: Self.watch)
      while puts.load(ordering: .acquiring) == seen && clock.now < deadline { sched_yield() }
    }
    condition.lock()
    defer { condition.unlock() }
    while wait && items.isEmpty && !ended {
      takerWaiting = true
      condition.wait()
      takerWaiting = false
    }
    let taken = items
    let full = items.count >= Self.capacity
    items.removeAll(keepingCapacity: true)
    if full { condition.broadcast() }  // the reader may be waiting for room
    return (taken, ended)
  }
}
