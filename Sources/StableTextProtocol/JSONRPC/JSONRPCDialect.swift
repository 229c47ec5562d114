/// What a protocol over JSON-RPC 2.0 makes of the parts JSON-RPC leaves open, for the
/// connection that reads it: how a request is cancelled, and whether batches (arrays of
/// messages) are messages at all. LSP takes batches and `$/cancelRequest`; MCP has had no
/// batches since its 2025-06-18 revision, and cancels with `notifications/cancelled`.
public struct JSONRPCDialect: Sendable {
  public var cancellation: any CancellationNotification.Type
  /// Whether an array is a batch; when not, it is answered `-32600` as one invalid message.
  public var batches: Bool

  public init(cancellation: any CancellationNotification.Type, batches: Bool) {
    self.cancellation = cancellation
    self.batches = batches
  }

  /// The Language Server Protocol's.
  public static let languageServer = JSONRPCDialect(
    cancellation: CancelRequestNotification.self, batches: true)
}
