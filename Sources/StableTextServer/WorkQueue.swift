import Foundation
import Synchronization

/// Parsed work handed from the reader thread to the main thread. Bounded, so a client that
/// writes faster than the server works is slowed down instead of filling memory.
final class WorkQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Work] = []
  private var ended = false
  static let capacity = 16_384

  /// True while the main thread waits in `take` for work.
  private var takerWaiting = false
  /// Puts so far, readable without the lock: the main thread watches it for a moment before it
  /// sleeps, because waking a sleeping thread costs tens of microseconds and the next keystroke
  /// is often that close behind.
  private let puts = Atomic<Int>(0)
  /// How long the main thread watches before it sleeps.
  static let watch: Duration = .microseconds(50)

  func put(_ work: [Work]) {
    guard !work.isEmpty else { return }
    condition.lock()
    while items.count >= Self.capacity { condition.wait() }
    items.append(contentsOf: work)
    puts.add(1, ordering: .releasing)
    let wake = takerWaiting
    condition.unlock()
    // Woken after unlocking, so the main thread does not wake only to wait for the lock.
    if wake { condition.broadcast() }
  }

  func end() {
    condition.lock()
    ended = true
    condition.broadcast()
    condition.unlock()
  }

  /// Everything waiting (blocking until something is, when `wait`), and whether input ended.
  func take(wait: Bool) -> ([Work], Bool) {
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
