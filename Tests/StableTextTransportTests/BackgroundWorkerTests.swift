import Glibc
import StableTextJSON
import StableTextProtocol
import StableTextSystem
import Synchronization
import Testing

@testable import StableTextTransport

/// The background thread of a connection (`BackgroundWorker`) holds a bounded amount and ends
/// with its connection: a WebSocket daemon runs connection after connection in one process, and
/// each session that opened a document over 256 KiB left its thread for good, with the results
/// a client that stopped reading never took.
@Suite struct BackgroundWorkerTests {
  /// The name of this process's thread `tid`, nil once it has ended.
  static func threadName(_ tid: Int32) -> String? {
    FileSystem.contents(of: "/proc/self/task/\(tid)/comm").map {
      String(decoding: $0, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
  }

  /// The calling thread's id, as `/proc/thread-self` names it (`PID/task/TID`).
  static func currentThread() -> Int32 {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    let target = String(decoding: buffer.prefix(max(0, count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return Int32(target.split(separator: "/").last ?? "") ?? -1
  }

  /// Waits (for a condition, not a time) until `condition` holds or a minute passes.
  static func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = MonotonicTime.after(seconds: 60)
    while !condition() {
      if deadline.hasPassed { return false }
      MonotonicTime.sleep(seconds: 0.01)
    }
    return true
  }

  /// At most one result waits untaken: the jobs behind it do not run until it is taken, so a
  /// handler that cannot write (its client reads nothing) holds one answer, not all of them.
  @Test func oneResultWaitsAtMost() {
    let ran = Atomic(0)
    let worker = BackgroundWorker {}
    defer { worker.stop() }
    for n in 1...5 {
      worker.submit(RequestID(n)) {
        ran.add(1, ordering: .relaxed)
        return .success(.int(n))
      }
    }
    worker.waitForResult()
    // The second job waits for the first result to be taken: however long one waits, it has not
    // run (without the bound it ran at once, and its result piled up beside the first's).
    MonotonicTime.sleep(seconds: 0.2)
    #expect(ran.load(ordering: .relaxed) == 1)
    var taken: [RequestID] = []
    while taken.count < 5 {
      worker.waitForResult()
      let results = worker.takeResults()
      #expect(results.count == 1)
      taken += results.map(\.id)
    }
    #expect(taken == (1...5).map(RequestID.init))
  }

  /// Past `maxQueuedJobs` waiting, the worker says it is full (the dispatcher then answers on the
  /// handler's thread); stopping it drops what waits and ends its thread.
  @Test func aFullQueueIsSaidAndStopEndsTheThread() {
    let gate = ConditionLock()
    let opened = Atomic(false)
    // The worker's own thread, as the first job finds it (other tests' workers run meanwhile).
    let tid = Atomic<Int32>(0)
    let worker = BackgroundWorker {}
    let ran = Atomic(0)
    worker.submit(RequestID(0)) {
      tid.store(Self.currentThread(), ordering: .relaxed)
      gate.lock()
      while !opened.load(ordering: .relaxed) { gate.wait() }
      gate.unlock()
      return .success("first")
    }
    // The first job runs (it is out of the queue) and holds the thread.
    #expect(Self.eventually { tid.load(ordering: .relaxed) != 0 })
    for n in 1...BackgroundWorker.maxQueuedJobs {
      #expect(!worker.isFull, "\(n)")
      worker.submit(RequestID(n)) {
        ran.add(1, ordering: .relaxed)
        return .success(.int(n))
      }
    }
    #expect(worker.isFull)
    let thread = tid.load(ordering: .relaxed)
    #expect(Self.threadName(thread) == "st-background")
    worker.stop()
    gate.withLock { opened.store(true, ordering: .relaxed) }
    gate.broadcast()
    #expect(Self.eventually { Self.threadName(thread) == nil })
    // What waited was dropped, never run, and no result is kept.
    #expect(ran.load(ordering: .relaxed) == 0)
    #expect(worker.takeResults().isEmpty)
  }
}
