import Dispatch
import Glibc
import StableTextSystem
import Synchronization
import Testing

@testable import StableTextTransport

/// The work queue has two putters — the reader, and the background worker telling the handler
/// a deferred request finished — and one taker. A putter waiting for room must be woken when
/// the taker makes room, whatever the other putter did meanwhile (one flag for "a putter waits"
/// was cleared by the putter that did not wait, and the daemon hung with its reader waiting
/// for room and its handler waiting for work).
@Suite struct WorkQueueTests {
  @Test func aWaitingPutterIsWokenAfterAnotherPutterPassed() throws {
    let queue = WorkQueue<Int>(byteBudget: 10)
    queue.put([.decoded(1)], bytes: 10)
    let done = DispatchSemaphore(value: 0)
    // The reader: its message does not fit beside the one waiting, so it waits for room.
    SystemThread.detach(name: "putter") {
      queue.put([.decoded(2)], bytes: 10)
      done.signal()
    }
    // Until it waits (the queue says so under its lock).
    var waited = 0
    while !queue.condition.withLock({ queue.waitingPutters > 0 }) && waited < 5_000 {
      usleep(1_000)
      waited += 1
    }
    #expect(queue.condition.withLock { queue.waitingPutters } == 1)
    // The background worker: a completion takes no bytes and passes.
    queue.put([.completed])
    // The handler takes all it can: the reader must be woken and put its message.
    let (first, _) = queue.take(wait: false)
    #expect(first.count == 2)
    #expect(done.wait(timeout: .now() + 5) == .success, "the waiting putter was never woken")
    let (second, _) = queue.take(wait: false)
    #expect(second.count == 1)
  }
}
