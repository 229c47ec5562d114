import StableTextSystem
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parsed work handed from the reader thread to the handler's thread. Bounded in messages and in
/// bytes, so a client that writes faster than the server works (or stops reading its replies,
/// which stops the server) is slowed down instead of filling memory: past either bound the
/// reader stops reading until the handler's thread takes the work, and the client's writes
/// block (backpressure, nothing is lost).
public final class WorkQueue<Decoded: Sendable>: @unchecked Sendable {
  // Inlinable, like the rest of a connection's per-message path, so that it is specialized for
  // the handler's decoded type where the connection is made (unspecialized, every call looked
  // up generic metadata: about 600 instructions a keystroke).
  @usableFromInline let condition = ConditionLock()
  @usableFromInline var items: [Work<Decoded>] = []
  @usableFromInline var ended = false
  /// A termination signal that came (see `interrupt`), 0 before one does; read without the lock
  /// after every batch of work.
  @usableFromInline let interruption = Atomic<Int32>(0)
  @inlinable public static var capacity: Int { 16_384 }
  /// Bytes of the bodies waiting (a parsed message takes about its body's size, more for many
  /// small values).
  @usableFromInline var bytes = 0
  /// The most bytes of bodies that wait; one message larger than this still passes alone.
  public let byteBudget: Int
  /// The default budget (Protocol/README.md, "Limits").
  public static var defaultByteBudget: Int { 64 << 20 }

  /// True while the handler's thread waits in `take` for work.
  @usableFromInline var takerWaiting = false
  /// How many putters wait in `put` for room: the reader, and the background worker that puts a
  /// completion (a count, not a flag: with one flag, the putter that passed cleared it while the
  /// other still waited, and nobody woke that one).
  @usableFromInline var waitingPutters = 0
  /// Puts so far, readable without the lock: the handler's thread watches it for a moment before
  /// it sleeps, because waking a sleeping thread costs tens of microseconds and the next
  /// keystroke is often that close behind.
  @usableFromInline let puts = Atomic<Int>(0)
  /// How long the handler's thread watches before it sleeps.
  @inlinable static var watch: Duration { .microseconds(50) }

  public init(byteBudget: Int = WorkQueue.defaultByteBudget) { self.byteBudget = byteBudget }

  /// Adds work whose bodies held `bytes`, first waiting while the queue is full (in messages or
  /// in bytes).
  @inlinable
  public func put(_ work: [Work<Decoded>], bytes: Int = 0) {
    guard !work.isEmpty else { return }
    condition.lock()
    while items.count >= Self.capacity || (!items.isEmpty && self.bytes + bytes > byteBudget) {
      waitingPutters += 1
      condition.wait()
      waitingPutters -= 1
    }
    items.append(contentsOf: work)
    self.bytes += bytes
    puts.add(1, ordering: .releasing)
    let wake = takerWaiting
    condition.unlock()
    // Woken after unlocking, so the taker does not wake only to wait for the lock.
    if wake { condition.broadcast() }
  }

  /// Wakes the handler's thread to stop: `take` returns at once from now on, and `signal` says
  /// why.
  @inlinable
  public func interrupt(_ signal: Int32) {
    interruption.store(signal, ordering: .releasing)
    condition.lock()
    condition.broadcast()
    condition.unlock()
  }

  /// The signal given to `interrupt`, once it was.
  @inlinable
  public var signal: Int32? {
    let signal = interruption.load(ordering: .acquiring)
    return signal == 0 ? nil : signal
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
  /// With `until`, waits no later than then (and returns nothing if nothing came).
  public func take(wait: Bool, until deadline: MonotonicTime? = nil) -> ([Work<Decoded>], Bool) {
    if wait {
      // Watch for a put for a moment before sleeping.
      let seen = puts.load(ordering: .acquiring)
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: Self.watch)
      while puts.load(ordering: .acquiring) == seen && clock.now < deadline { sched_yield() }
    }
    condition.lock()
    defer { condition.unlock() }
    while wait && items.isEmpty && !ended && interruption.load(ordering: .relaxed) == 0 {
      takerWaiting = true
      if let deadline {
        let woke = condition.wait(until: deadline)
        takerWaiting = false
        if !woke { break }
      } else {
        condition.wait()
        takerWaiting = false
      }
    }
    let taken = items
    items.removeAll(keepingCapacity: true)
    bytes = 0
    if waitingPutters > 0 { condition.broadcast() }  // a putter waits for room
    return (taken, ended)
  }
}
