/// Requests a server sends its client which StableText never sends, named here so that no
/// module outside this one spells a method: the conformance runner answers them as a minimal
/// client does (Protocol/conformance/README.md, "The runner as a client").
public enum ServerRequestMethod {
  /// A server registers a capability dynamically (answered `null`).
  public static let registerCapability = "client/registerCapability"
  /// A server unregisters one (answered `null`).
  public static let unregisterCapability = "client/unregisterCapability"
  /// A server asks for a progress token (answered `null`).
  public static let workDoneProgressCreate = "window/workDoneProgress/create"
  /// A server asks for settings (answered with a `null` per item: the client has none).
  public static let configuration = "workspace/configuration"
  /// A server asks for the workspace's folders (answered with the session's folder).
  public static let workspaceFolders = "workspace/workspaceFolders"
}
