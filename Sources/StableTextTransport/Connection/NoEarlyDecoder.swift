import StableTextJSON
import StableTextProtocol

/// The decoder of a handler that reads every message as JSON (the MCP server): nothing is
/// decoded on the reader thread, no phrase is watched in skipped bodies, and nothing that could
/// not be read needs telling beyond the connection's own error.
public struct NoEarlyDecoder: EarlyDecoder {
  /// Nothing: no message is ever decoded early.
  public struct Message: Sendable {}

  public init() {}
  public static let watchedPhrases: [[UInt8]] = []
  public mutating func decode(_ body: UnsafeRawBufferPointer) -> Message? { nil }
  public func unreadable(_ body: UnsafeRawBufferPointer, reason: String) -> Message? { nil }
  /// Never asked: no phrase is watched.
  public func skipped(prefix: UnsafeRawBufferPointer, reason: String) -> Message { Message() }
  public func alongside(_ element: JSONRef, _ message: IncomingMessage) -> Message? { nil }
}
