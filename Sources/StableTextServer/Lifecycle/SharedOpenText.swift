import StableTextSystem

/// `--max-total-bytes` for a daemon of many sessions (the WebSocket port): what the open
/// documents of all its sessions are charged together, against one limit, so that sixteen
/// sessions hold no more than one may (Protocol/README.md, "Limits").
///
/// A session checks a growth and takes it in one step (`reserve`), under the lock, so two
/// sessions growing at once cannot both pass the limit; the session's kept total
/// (`LanguageServer.openBytes`) then settles what it took (`settle`), and gives all of it back
/// when it ends (`release`).
public final class SharedOpenText: @unchecked Sendable {
  public let limit: Int
  private let lock = ConditionLock()
  private var charged = 0

  public init(limit: Int) { self.limit = limit }

  /// Bytes charged now, over every session.
  public var total: Int { lock.withLock { charged } }

  /// Takes `growth` bytes when all sessions together stay within the limit; otherwise what they
  /// would hold.
  func reserve(_ growth: Int) -> Int? {
    lock.withLock {
      guard growth > 0 else { return nil }
      let would = charged + growth
      guard would <= limit else { return would }
      charged = would
      return nil
    }
  }

  /// Adds `delta` (negative: gives bytes back), never refused: shrinking, and changes that are
  /// never refused (a configuration file that adds per-line facts).
  func settle(_ delta: Int) {
    lock.withLock { charged += delta }
  }
}
