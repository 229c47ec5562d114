import Synchronization

/// Whether the client gave up on a request whose answer is being computed off the handler's
/// thread: set by the dispatcher when `$/cancelRequest` names it (the client is answered
/// `-32800` at once), read by the work as it goes, which then stops early. Its result is dropped
/// either way, so stopping frees the background thread for the requests after it (Protocol
/// README, "Requests that take long").
public final class CancellationFlag: Sendable {
  private let cancelled = Atomic(false)

  public init() {}

  /// The flag of work run at once on the handler's thread, where no cancellation can arrive
  /// before it ends: one shared instance, so a keystroke's inline request allocates none. Never
  /// cancelled.
  public static let never = CancellationFlag()

  /// Marks the request cancelled.
  public func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// Whether the request was cancelled.
  public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}
