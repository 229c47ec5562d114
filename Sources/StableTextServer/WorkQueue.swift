import Foundation
import StableTextJSON
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parsed work handed from the reader thread to the main thread. Bounded, so a client that
/// writes faster than the server works is slowed down instead of filling memory.
final class WorkQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Work] = []
  private var ended = false
  static let capacity = 16_384

  private var garbage: [[Work]] = []
  /// True while the reader thread waits in `read`: then nothing would free the garbage soon.
  private var readerWaiting = false
  /// True while the main thread waits in `take` for work.
  private var takerWaiting = false

  func put(_ work: [Work]) {
    guard !work.isEmpty else { return }
    condition.lock()
    while items.count >= Self.capacity { condition.wait() }
    items.append(contentsOf: work)
    let done = garbage
    garbage.removeAll()
    let wake = takerWaiting
    condition.unlock()
    // Woken after unlocking, so the main thread does not wake only to wait for the lock.
    if wake { condition.broadcast() }
    _ = done  // released here, on the reader thread
  }

  /// Hands processed work back so that the thread that allocated it frees it. While the
  /// reader is waiting for input, the caller frees it instead (a burst is over, so the cost of
  /// freeing another thread's memory does not matter, and a large message is not kept alive).
  func recycle(_ work: inout [Work]) {
    guard !work.isEmpty else { return }
    condition.lock()
    let keep = !readerWaiting
    if keep { garbage.append(work) }
    let leftover = keep ? [] : garbage
    if !keep { garbage.removeAll() }
    condition.unlock()
    _ = leftover
    work = []
  }

  /// The reader is about to wait for input (or has input again).
  func readerWaits(_ waiting: Bool) {
    condition.lock()
    readerWaiting = waiting
    let done = waiting ? garbage : []
    if waiting { garbage.removeAll() }
    condition.unlock()
    _ = done  // freed here, on the reader thread, before it blocks
  }

  func end() {
    condition.lock()
    ended = true
    condition.broadcast()
    condition.unlock()
  }

  /// Everything waiting (blocking until something is, when `wait`), and whether input ended.
  func take(wait: Bool) -> ([Work], Bool) {
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
