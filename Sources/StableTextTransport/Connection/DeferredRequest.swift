import StableTextJSON
import StableTextProtocol
import StableTextSystem

/// A request a handler answers off its own thread, because it can take long (a quick fix for a
/// huge paragraph, diagnostics pulled for a huge document): `work` runs on the connection's
/// background thread on values the handler copied (the handler's values are `Sendable` copies,
/// never its own state), and `finish` turns its result into the answer back on the handler's
/// thread, where it can see whether the document changed meanwhile. While it runs, the handler
/// goes on with every other message, and a `$/cancelRequest` for it is answered at once and
/// sets `cancellation`, which `work` reads to stop early (and a job not started yet is skipped).
public struct DeferredRequest {
  public let work: @Sendable () -> Result<JSONValue, ResponseError>
  public let finish: (Result<JSONValue, ResponseError>) -> Result<JSONValue, ResponseError>
  public let cancellation: CancellationFlag

  public init(
    cancellation: CancellationFlag = CancellationFlag(),
    work: @escaping @Sendable () -> Result<JSONValue, ResponseError>,
    finish: @escaping (Result<JSONValue, ResponseError>) -> Result<JSONValue, ResponseError> = { $0 }
  ) {
    self.cancellation = cancellation
    self.work = work
    self.finish = finish
  }
}

/// Where deferred requests run: one thread, started with the first of them, taking them in
/// order; each result goes to `completed`, and `wake` tells the handler's thread to collect it.
/// A job cancelled before its turn is not run (its result is `-32800`, which nobody reads).
public final class BackgroundWorker: @unchecked Sendable {
  private let lock = ConditionLock()
  private var jobs:
    [(id: RequestID, work: @Sendable () -> Result<JSONValue, ResponseError>, cancellation: CancellationFlag?)] =
      []
  private var results: [(id: RequestID, result: Result<JSONValue, ResponseError>)] = []
  private var started = false
  private let wake: @Sendable () -> Void
  private let log: Logger?

  /// `wake` is called (on the background thread) after each result is ready; a job skipped
  /// because it was cancelled before its turn is said in `log` (debug).
  public init(log: Logger? = nil, wake: @escaping @Sendable () -> Void) {
    self.log = log
    self.wake = wake
  }

  /// Runs `work` after the jobs before it, unless `cancellation` is set by then; its result
  /// comes back through `takeResults`.
  public func submit(
    _ id: RequestID, cancellation: CancellationFlag? = nil,
    _ work: @escaping @Sendable () -> Result<JSONValue, ResponseError>
  ) {
    lock.withLock {
      jobs.append((id, work, cancellation))
      if !started {
        started = true
        SystemThread.detach(name: "st-background", stackSize: 8 << 20) { [self] in loop() }
      }
    }
    lock.broadcast()
  }

  /// The results ready so far, in the order they were finished.
  public func takeResults() -> [(id: RequestID, result: Result<JSONValue, ResponseError>)] {
    lock.withLock {
      let ready = results
      results.removeAll()
      return ready
    }
  }

  /// Blocks until a result is ready (or was already).
  public func waitForResult() {
    lock.lock()
    while results.isEmpty { lock.wait() }
    lock.unlock()
  }

  private func loop() {
    while true {
      lock.lock()
      while jobs.isEmpty { lock.wait() }
      let job = jobs.removeFirst()
      lock.unlock()
      let result: Result<JSONValue, ResponseError>
      if job.cancellation?.isCancelled == true {
        log?.debug("request \(job.id) was cancelled before it ran")
        result = .failure(.requestCancelled)
      } else {
        result = job.work()
      }
      lock.withLock { results.append((job.id, result)) }
      lock.broadcast()
      wake()
    }
  }
}
