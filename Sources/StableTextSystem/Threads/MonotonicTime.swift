#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A point on the system's monotonic clock (`CLOCK_MONOTONIC`): deadlines and elapsed times that
/// the wall clock's changes do not move.
public struct MonotonicTime: Comparable, Sendable {
  /// Nanoseconds since an unspecified start (the system's boot, on Linux).
  public var nanoseconds: UInt64

  public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

  public static func now() -> MonotonicTime {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    // Fits: the monotonic clock is never negative, and 2^64 ns is 584 years of uptime.
    return MonotonicTime(nanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec))
  }

  /// `seconds` from now (negative or NaN counts as none).
  public static func after(seconds: Double) -> MonotonicTime {
    MonotonicTime(nanoseconds: now().nanoseconds &+ nanoseconds(seconds))
  }

  /// `seconds` in nanoseconds: none for a negative value or NaN, and at most 10^18 (31 years),
  /// where `UInt64(seconds * 1e9)` would trap on a large or infinite value.
  public static func nanoseconds(_ seconds: Double) -> UInt64 {
    guard seconds > 0 else { return 0 }
    // Fits: between 0 and 10^18.
    return seconds >= 1e9 ? 1_000_000_000_000_000_000 : UInt64(seconds * 1e9)
  }

  /// Seconds from `earlier` to this point (negative when `earlier` is later).
  public func seconds(since earlier: MonotonicTime) -> Double {
    (Double(nanoseconds) - Double(earlier.nanoseconds)) / 1e9
  }

  /// Whether this point is now or past.
  public var hasPassed: Bool { Self.now() >= self }

  public static func < (left: MonotonicTime, right: MonotonicTime) -> Bool {
    left.nanoseconds < right.nanoseconds
  }

  /// This point (or this span, for a duration) as the C library's `timespec`.
  var asTimespec: timespec {
    timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
  }

  /// Sleeps the calling thread for `seconds`.
  public static func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    var request = MonotonicTime(nanoseconds: nanoseconds(seconds)).asTimespec
    var left = timespec()
    while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
  }
}
