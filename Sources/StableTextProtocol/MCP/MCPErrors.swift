import StableTextJSON

extension ErrorCode {
  /// MCP's `UnsupportedProtocolVersion` (2026-07-28): the revision a request names is not one
  /// the server speaks.
  public static let unsupportedProtocolVersion = ErrorCode(rawValue: -32022)
}

extension ResponseError {
  /// `-32022` with the revisions the server speaks, as the specification writes it.
  public static func unsupportedProtocolVersion(_ requested: String) -> ResponseError {
    ResponseError(
      code: .unsupportedProtocolVersion,
      message:
        "Unsupported protocol version: \(Echo.clipped(requested)); this server speaks \(MCPRevision.supported.map(\.rawValue).joined(separator: ", "))",
      data: [
        "supported": .array(MCPRevision.supported.map { .string($0.rawValue) }),
        "requested": .string(requested),
      ])
  }
}
