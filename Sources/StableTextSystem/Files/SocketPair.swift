import CStableTextSystem

/// A connected pair of Unix stream sockets, both ends closed on exec: the two sides of a session
/// that another transport (the WebSocket bridge) feeds.
public enum SocketPair {
  /// The two ends, or nil with `errno` set.
  public static func make() -> (Int32, Int32)? {
    var ends: [Int32] = [-1, -1]
    guard stabletext_socketpair_cloexec(&ends) == 0 else { return nil }
    return (ends[0], ends[1])
  }
}
