#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Termination signals taken as messages instead of deaths: `SIGTERM`, `SIGINT` and `SIGHUP` are
/// blocked in every thread and one thread waits for them (`sigwait`), so that the process can
/// log why it stops and write out what it owes before exiting, instead of vanishing mid-write.
public enum SignalWaiter {
  /// The signals taken.
  public static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

  /// Blocks `signals` in the calling thread and in every thread it starts from now on (call it
  /// before starting any), and calls `handler` on a thread of its own with each one that comes.
  public static func start(_ handler: @escaping @Sendable (Int32) -> Void) {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
    let waited = set
    SystemThread.detach(name: "st-signals") {
      var waiting = waited
      while true {
        var signal: Int32 = 0
        guard sigwait(&waiting, &signal) == 0 else { continue }
        handler(signal)
      }
    }
  }

  /// The signal's usual name (`SIGTERM`).
  public static func name(of signal: Int32) -> String {
    switch signal {
    case SIGTERM: return "SIGTERM"
    case SIGINT: return "SIGINT"
    case SIGHUP: return "SIGHUP"
    default: return "signal \(signal)"
    }
  }
}
