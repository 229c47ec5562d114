/// Requests a server sends its client which StableText never sends, named here so that no
/// module outside this one spells a method: the conformance runner answers them as a minimal
/// client does (Protocol/conformance/README.md, "The runner as a client").
public enum ServerRequestMethod {
  public static let registerCapability = "client/registerCapability"
  public static let unregisterCapability = "client/unregisterCapability"
  public static let workDoneProgressCreate = "window/workDoneProgress/create"
  public static let configuration = "workspace/configuration"
  public static let workspaceFolders = "workspace/workspaceFolders"
}
