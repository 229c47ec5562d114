import StableTextSystem

/// Which sessions of a run have started and how those that ended came out, read when the run is
/// interrupted: its JUnit and results files still say what ran (Protocol/conformance/README.md,
/// "Running it").
public final class RunLedger: @unchecked Sendable {
  private let lock = ConditionLock()
  private var running: Set<Int> = []
  private var ended: [Int: ConformanceRunner.Outcome] = [:]
  private var frozen = false

  public init() {}

  /// A new run: what an earlier one recorded is forgotten.
  func begin() {
    lock.lock()
    defer { lock.unlock() }
    running = []
    ended = [:]
    frozen = false
  }

  func started(_ index: Int) {
    lock.lock()
    defer { lock.unlock() }
    if !frozen { running.insert(index) }
  }

  func ended(_ index: Int, _ outcome: ConformanceRunner.Outcome) {
    lock.lock()
    defer { lock.unlock() }
    guard !frozen else { return }
    running.remove(index)
    ended[index] = outcome
  }

  /// Stops recording (the servers are about to be ended under the sessions still running, whose
  /// failures would be the runner's) and returns one outcome per session, in their order: those
  /// that ended as they ended, those still running interrupted (failed, saying `why`), the rest
  /// not run.
  public func freeze(_ sessions: [ConformanceSession], why: String) -> [ConformanceRunner.Outcome] {
    lock.lock()
    defer { lock.unlock() }
    frozen = true
    return sessions.enumerated().map { index, session in
      if let outcome = ended[index] { return outcome }
      var outcome = ConformanceRunner.Outcome(
        session: session.name, failure: running.contains(index) ? why : "not run: \(why)", seconds: 0)
      outcome.strength = session.strength
      outcome.rule = session.citation
      outcome.interrupted = running.contains(index)
      outcome.notRun = !running.contains(index)
      return outcome
    }
  }
}
