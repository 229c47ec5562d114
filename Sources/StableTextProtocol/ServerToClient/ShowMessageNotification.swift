/// `window/showMessage`, server to client: what the user should see at once (a repository's
/// configuration that cannot be used, a document refused).
public typealias ShowMessageNotification = WindowMessageNotification<ShowMessage>

/// `window/showMessage`'s method (its params are every window message's).
public enum ShowMessage: WindowMessageMethod {
  public static let method = "window/showMessage"
}
