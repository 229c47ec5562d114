import StableTextJSON

/// The notification a protocol cancels a request with: LSP's `$/cancelRequest` (`{id}`) or MCP's
/// `notifications/cancelled` (`{requestId}`). The connection looks ahead for it, so that a
/// request still waiting behind others is never run, and tells a request that runs off the
/// handler's thread to stop.
public protocol CancellationNotification: NotificationType {
  /// The member of the params that names the request (its id, as sent).
  static var requestMember: String { get }
  /// Whether a cancelled request is still answered (LSP: `-32800`), or never (MCP: the client
  /// has stopped waiting, and the specification asks for no response).
  static var answersCancelledRequest: Bool { get }
}
