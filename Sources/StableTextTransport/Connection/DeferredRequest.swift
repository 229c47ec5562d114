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
/// `stop` ends the thread when the connection ends: a WebSocket daemon runs one connection after
/// another in one process, and a thread left waiting for work would stay for good, with what it
/// holds.
///
/// What waits is bounded, whatever the client does: at most `maxQueuedJobs` jobs (past them the
/// dispatcher answers on the handler's thread, `isFull`), and at most one finished result that
/// the handler has not taken: the next job waits for it to be taken. A client that asks for
/// large answers and reads none blocks the handler's writes, so results nobody takes piled up
/// here (16 MiB a session for forty answers of 400 KiB), and stayed after the session.
public final class BackgroundWorker: @unchecked Sendable {
  /// The most jobs that wait to run.
  public static let maxQueuedJobs = 64

  private let lock = ConditionLock()
  private var jobs:
    [(id: RequestID, work: @Sendable () -> Result<JSONValue, ResponseError>, cancellation: CancellationFlag?)] =
      []
  private var results: [(id: RequestID, result: Result<JSONValue, ResponseError>)] = []
  private var started = false
  private var stopped = false
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
      guard !stopped else { return }
      jobs.append((id, work, cancellation))
      if !started {
        started = true
        SystemThread.detach(name: "st-background", stackSize: 8 << 20) { [self] in loop() }
      }
    }
    lock.broadcast()
  }

  /// Whether `maxQueuedJobs` wait already: a request is then answered where it arrived.
  public var isFull: Bool { lock.withLock { jobs.count >= Self.maxQueuedJobs } }

  /// Ends the thread: the jobs not started and the results not taken are dropped (their requests
  /// are not answered: the connection is over), the one running finishes (told to stop by its
  /// cancellation, which the caller sets), and the thread returns instead of waiting for more.
  public func stop() {
    lock.withLock {
      stopped = true
      jobs.removeAll()
      results.removeAll()
    }
    lock.broadcast()
  }

  /// The results ready so far, in the order they were finished (the next job may run).
  public func takeResults() -> [(id: RequestID, result: Result<JSONValue, ResponseError>)] {
    let ready = lock.withLock {
      let ready = results
      results.removeAll()
      return ready
    }
    lock.broadcast()
    return ready
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
      // A result not taken yet holds the next job back: one waits at most.
      while (jobs.isEmpty || !results.isEmpty) && !stopped { lock.wait() }
      if stopped {
        lock.unlock()
        return
      }
      let job = jobs.removeFirst()
      lock.unlock()
      let result: Result<JSONValue, ResponseError>
      if job.cancellation?.isCancelled == true {
        log?.debug("request \(job.id) was cancelled before it ran")
        result = .failure(.requestCancelled)
      } else {
        result = job.work()
      }
      lock.withLock { if !stopped { results.append((job.id, result)) } }
      lock.broadcast()
      wake()
    }
  }
}
