import Dispatch
import Glibc
import StableTextJSON
import StableTextProtocol
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

/// A deferred request cancelled before its turn on the background thread is not run: its result
/// is `-32800` (which the dispatcher, having answered the cancellation, drops), and the request
/// behind it runs as usual.
@Test func aCancelledJobIsSkippedBeforeItsTurn() {
  let worker = BackgroundWorker {}
  let gate = ConditionLock()
  let opened = Atomic(false)
  let ran = Atomic(0)
  let skipped = CancellationFlag()
  worker.submit(RequestID(1)) {
    gate.lock()
    while !opened.load(ordering: .relaxed) { gate.wait() }
    gate.unlock()
    ran.add(1, ordering: .relaxed)
    return .success("first")
  }
  worker.submit(RequestID(2), cancellation: skipped) {
    ran.add(10, ordering: .relaxed)
    return .success("second")
  }
  worker.submit(RequestID(3), cancellation: CancellationFlag()) {
    ran.add(100, ordering: .relaxed)
    return .success("third")
  }
  skipped.cancel()
  gate.withLock { opened.store(true, ordering: .relaxed) }
  gate.broadcast()
  var results: [(id: RequestID, result: Result<JSONValue, ResponseError>)] = []
  while results.count < 3 {
    worker.waitForResult()
    results += worker.takeResults()
  }
  #expect(results.map(\.id) == [RequestID(1), RequestID(2), RequestID(3)])
  #expect(ran.load(ordering: .relaxed) == 101)
  #expect(results.map { (try? $0.result.get()) ?? .null } == ["first", .null, "third"])
  #expect(results[1].result.failureCode == ResponseError.requestCancelled.code)
}

extension Result where Failure == ResponseError {
  fileprivate var failureCode: ErrorCode? {
    if case .failure(let error) = self { return error.code }
    return nil
  }
}
