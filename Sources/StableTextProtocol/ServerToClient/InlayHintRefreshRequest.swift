import StableTextJSON

/// `workspace/inlayHint/refresh`, server to client: the counters may have changed everywhere (the
/// rules did), so the client asks for its documents' inlay hints again. Sent only to a client that
/// says it supports it (`capabilities.workspace.inlayHint.refreshSupport`; Protocol/README.md,
/// "Inlay hints"); it has no params, and the client's answer (`null`) is read and dropped.
public struct InlayHintRefreshRequest: RequestType {
  public static let method = "workspace/inlayHint/refresh"
  public typealias Response = NullResult

  public init() {}
  public init(decoding params: JSONRef) throws(JSONFieldError) {}
  public var json: JSONValue { .null }
}
