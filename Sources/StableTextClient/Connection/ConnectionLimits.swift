import StableTextSystem

/// What a client's connection bounds of a server (the conformance runner's `--max-message-bytes`
/// and `--timeout`; Protocol/conformance/README.md): the longest message it reads, whatever
/// length a server announces (a `Content-Length` past it is skipped as it comes, never held),
/// and how long a write waits for the server to take a byte (a server that stops reading cannot
/// hold the client). The defaults bound nothing, for the tests and tools that drive this
/// project's own server.
public struct ConnectionLimits: Sendable {
  /// The longest message body read; a longer one is skipped and named (`Conversation.overLimit`).
  public var maxMessageBytes = Int.max
  /// How long a write may wait without the server taking a byte; nil waits for as long as it
  /// takes.
  public var sendStallSeconds: Double?
  /// The most bytes of messages held that nobody took yet (and of the bodies kept for a
  /// transcript): four messages of the largest size.
  public var maxHeldBytes: Int {
    maxMessageBytes.multipliedReportingOverflow(by: 4).overflow ? .max : maxMessageBytes * 4
  }

  public init(maxMessageBytes: Int = .max, sendStallSeconds: Double? = nil) {
    self.maxMessageBytes = maxMessageBytes
    self.sendStallSeconds = sendStallSeconds
  }

  /// What is said of a message announced longer than `maxMessageBytes`.
  func oversized(_ length: Int) -> String {
    "the server announced a message of \(length) bytes, more than the \(maxMessageBytes) a message may have (--max-message-bytes): skipped unread"
  }

  /// What is said of a write the server took nothing of for `sendStallSeconds`.
  func stalled(_ count: Int) -> String {
    "the server took no more of a \(count)-byte write for \((sendStallSeconds ?? 0).fixed(1)) s (--timeout): it stopped reading its input"
  }
}
