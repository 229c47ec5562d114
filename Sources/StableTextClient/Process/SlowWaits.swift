import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits for a server that took a third of their timeout or more. A test that passes only
/// because its timeout was long enough fails on the next loaded machine, so the test command
/// reports every wait that came within 3× of its timeout, naming the test (docs/testing.md,
/// "Waits that came close to their timeout"). Written, one line a wait, to the file named by
/// `STABLETEXT_SLOW_WAITS` when it is set; nothing otherwise.
package enum SlowWaits {
  /// The share of a timeout past which a wait is reported.
  package static let share = 1.0 / 3.0

  private static let path: String? = getenv("STABLETEXT_SLOW_WAITS").map { String(cString: $0) }

  /// Reports the wait for `what`, begun at `start` with `timeout` seconds allowed, if it took
  /// `share` of them or more. `label` names the test or session that waited.
  package static func note(_ what: String, since start: MonotonicTime, timeout: Double, label: String?) {
    guard let path, timeout > 0 else { return }
    let waited = MonotonicTime.now().seconds(since: start)
    guard waited >= timeout * share else { return }
    let line = Self.line(what: what, waited: waited, timeout: timeout, label: label)
    // One write with O_APPEND: lines from parallel tests and processes do not interleave.
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return }
    defer { close(fd) }
    let bytes = Array(line.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  }

  /// `4.20 s of 10 s (42%): the response to 2 in pathologicalGlobsAnswer()`, with a newline.
  package static func line(what: String, waited: Double, timeout: Double, label: String?) -> String {
    let seconds = (waited * 100).rounded() / 100
    // Fits: a share of a test's timeout in percent, small.
    let percent = Int((waited / timeout * 100).rounded())
    // Fits: a timeout of a test, seconds far below Int's range.
    let limit = timeout == timeout.rounded() ? String(Int(timeout)) : String((timeout * 100).rounded() / 100)
    let place = label.map { " in \($0)" } ?? ""
    let newline = "\n"
    return "\(seconds) s of \(limit) s (\(percent)%): \(what)\(place)" + newline
  }
}
