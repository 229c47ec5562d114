/// The revisions of the Model Context Protocol `stabletext mcp` speaks (Protocol/README.md,
/// "MCP"): the current one, which is stateless (every request names its revision in `_meta`;
/// there is no handshake), and the two before it, which a client opens with `initialize`.
public enum MCPRevision: String, CaseIterable, Sendable {
  case v2026_07_28 = "2026-07-28"
  case v2025_11_25 = "2025-11-25"
  case v2025_06_18 = "2025-06-18"

  /// Newest first: what `server/discover` and a version error list.
  public static let supported: [MCPRevision] = [.v2026_07_28, .v2025_11_25, .v2025_06_18]

  /// Whether requests carry their revision themselves (no `initialize`).
  public var isStateless: Bool { self == .v2026_07_28 }

  /// The revision `initialize` settles on for a client asking for `requested`: that one when it
  /// is a handshake revision this server speaks, else the newest handshake revision (the
  /// client then goes on with it, or disconnects).
  public static func handshake(for requested: String) -> MCPRevision {
    guard let revision = MCPRevision(rawValue: requested), !revision.isStateless else { return .v2025_11_25 }
    return revision
  }
}
